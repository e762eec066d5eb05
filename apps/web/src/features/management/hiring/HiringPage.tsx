import { Tabs } from '@mantine/core';
import { IconBriefcase, IconCalendarEvent, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAddressParam, useTabParam } from '../../../lib/addressParam';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { HIRING_NS, managementNeed } from '../i18n';
import { ApplicantsTab } from './ApplicantsTab';
import { InterviewsTab } from './InterviewsTab';
import { OpeningsTab } from './OpeningsTab';

const TABS = ['openings', 'applicants', 'interviews'] as const;

function Body() {
  const { t } = useTranslation(HIRING_NS);
  const [tab, setTab] = useTabParam(TABS);
  // The board's opening is in the address, so "Applicants" of an opening is a link.
  const [openingId, setOpeningId] = useAddressParam('opening_id');
  return (
    <Page title={t('page.title')} description={t('page.description')}>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="openings" leftSection={<IconBriefcase size={16} aria-hidden />}>
            {t('tabs.openings')}
          </Tabs.Tab>
          <Tabs.Tab value="applicants" leftSection={<IconUsers size={16} aria-hidden />}>
            {t('tabs.applicants')}
          </Tabs.Tab>
          <Tabs.Tab value="interviews" leftSection={<IconCalendarEvent size={16} aria-hidden />}>
            {t('tabs.interviews')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="openings">
          <OpeningsTab
            onApplicants={(id) => {
              setOpeningId(id);
              setTab('applicants');
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="applicants">
          <ApplicantsTab openingId={openingId} onOpening={setOpeningId} />
        </Tabs.Panel>
        <Tabs.Panel value="interviews">
          <InterviewsTab />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}

/** /admin/management-setup/hiring: openings, applications by stage and interviews. */
export default function HiringPage() {
  return (
    <Gate need={managementNeed('management-setup.hiring')}>
      <Body />
    </Gate>
  );
}
