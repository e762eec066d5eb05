import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTabParam } from '../../../lib/addressParam';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { FEES_NS, managementNeed } from '../i18n';
import { DiscountsTab, SettingsTab, StructuresTab } from './structure/StructureTabs';

const TABS = ['structures', 'discounts', 'settings'] as const;

function Body() {
  const { t } = useTranslation(FEES_NS);
  const [tab, setTab] = useTabParam(TABS);
  return (
    <Page title={t('structure.title')} description={t('structure.description')}>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.map((x) => (
            <Tabs.Tab key={x} value={x}>
              {t(`structure.tabs.${x}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="structures">
          <StructuresTab />
        </Tabs.Panel>
        <Tabs.Panel value="discounts">
          <DiscountsTab />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <SettingsTab />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}

/** /admin/management-setup/fee/structure: fee structures, discounts and settings. */
export default function FeeStructurePage() {
  return (
    <Gate need={managementNeed('management-setup.fee/structure')}>
      <Body />
    </Gate>
  );
}
