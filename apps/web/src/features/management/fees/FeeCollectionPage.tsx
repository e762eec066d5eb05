import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTabParam } from '../../../lib/addressParam';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { FEES_NS, managementNeed } from '../i18n';
import { FamiliesTab, InvoicesTab, PaymentsTab } from './collection/ListTabs';
import { RunsTab } from './collection/RunsTab';

const TABS = ['runs', 'invoices', 'families', 'payments'] as const;

function Body() {
  const { t } = useTranslation(FEES_NS);
  const [tab, setTab] = useTabParam(TABS);
  return (
    <Page title={t('collection.title')} description={t('collection.description')}>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.map((x) => (
            <Tabs.Tab key={x} value={x}>
              {t(`collection.tabs.${x}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="runs">
          <RunsTab />
        </Tabs.Panel>
        <Tabs.Panel value="invoices">
          <InvoicesTab />
        </Tabs.Panel>
        <Tabs.Panel value="families">
          <FamiliesTab />
        </Tabs.Panel>
        <Tabs.Panel value="payments">
          <PaymentsTab />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}

/** /admin/management-setup/fee/collection: invoice runs, invoices, families' accounts and payments. */
export default function FeeCollectionPage() {
  return (
    <Gate need={managementNeed('management-setup.fee/collection')}>
      <Body />
    </Gate>
  );
}
