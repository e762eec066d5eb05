import { can, DISPERSAL_ADMIN, MENUS, type MenuItem } from '@cue/contract';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTabParam } from '../../../lib/addressParam';
import { formatClassName } from '../../../lib/format';
import { Page } from '../../communication/components/Page';
import { usePlanClass } from '../../planning/components/PlanClass';
import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { DISPERSAL_NS } from '../i18n';
import { AlertsTab } from './AlertsTab';
import { ClassTab } from './ClassTab';
import { DismissalTab } from './DismissalTab';
import { SettingsTab } from './SettingsTab';

const TABS = ['class', 'dismissal', 'alerts', 'settings'] as const;

/** What the menu entry housekeeping.entry-dispersal needs (the school's `entry_dispersal` feature). */
function dispersalNeed(): Omit<MenuItem, 'key' | 'path'> {
  const entry = MENUS.housekeeping.find((item) => item.key === 'housekeeping.entry-dispersal');
  const { key: _key, path: _path, children: _children, ...need } = entry ?? { key: '', path: '' };
  return need;
}

/** The staff's drop-off and pick-up: the class list, dismissal, alerts and (for its admins) settings and kiosks. */
function EntryDispersal() {
  const { t } = useTranslation(DISPERSAL_NS);
  const { held } = useShell();
  const { classId, name, loading } = usePlanClass();
  const admin = can({ permission: DISPERSAL_ADMIN }, held);
  const [asked, setTab] = useTabParam(TABS);
  // Settings are the admins' only: anyone else asking for them by address sees the class list.
  const tab = asked === 'settings' && !admin ? 'class' : asked;
  return (
    <Page title={t('title')} description={name ? t('forClass', { name: formatClassName(name).text }) : t('description')}>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="class">{t('tabs.class')}</Tabs.Tab>
          <Tabs.Tab value="dismissal">{t('tabs.dismissal')}</Tabs.Tab>
          <Tabs.Tab value="alerts">{t('tabs.alerts')}</Tabs.Tab>
          {admin && <Tabs.Tab value="settings">{t('tabs.settings')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="class">
          <ClassTab classId={classId} loading={loading} />
        </Tabs.Panel>
        <Tabs.Panel value="dismissal">
          <DismissalTab />
        </Tabs.Panel>
        <Tabs.Panel value="alerts">
          <AlertsTab />
        </Tabs.Panel>
        {admin && (
          <Tabs.Panel value="settings">
            <SettingsTab />
          </Tabs.Panel>
        )}
      </Tabs>
    </Page>
  );
}

/** /housekeeping/entry-dispersal (feature entry_dispersal). */
export default function EntryDispersalPage() {
  return (
    <Gate need={dispersalNeed()}>
      <EntryDispersal />
    </Gate>
  );
}
