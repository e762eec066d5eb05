import { can, LIBRARIAN, MENUS, type MenuItem } from '@cue/contract';
import { Tabs } from '@mantine/core';
import { IconBarcode, IconBooks, IconFileImport, IconScale } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTabParam } from '../../../lib/addressParam';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { LIBRARY_ADMIN_NS } from '../i18n';
import { CatalogueTab } from './Catalogue';
import { ImportTab } from './Import';
import { LabelsTab } from './Labels';
import { RulesTab } from './Rules';

const TABS = ['catalogue', 'import', 'rules', 'labels'] as const;
type Tab = (typeof TABS)[number];
const ICONS = { catalogue: IconBooks, import: IconFileImport, rules: IconScale, labels: IconBarcode } as const;

/** The menu entry academic-setup.library-management: the librarian's permission and the school's library feature. */
function entryNeed(): Omit<MenuItem, 'key' | 'path'> {
  const entry = MENUS.academicSetup.find((item) => item.key === 'academic-setup.library-management');
  const {
    key: _key,
    path: _path,
    children: _children,
    ...need
  } = entry ?? { key: '', path: '', permission: LIBRARIAN, feature: 'library_management' };
  return need;
}

function LibraryManagement() {
  const { t } = useTranslation(LIBRARY_ADMIN_NS);
  const { held } = useShell();
  const [tab, setTab] = useTabParam<Tab>(TABS);
  // Buttons follow each item's abilities; the catalogue's own "Add item" follows the permission the route needs.
  const canEdit = can({ permission: LIBRARIAN, feature: 'library_management' }, held);
  return (
    <Page title={t('page.title')} description={t('page.description')}>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md" aria-label={t('page.title')}>
          {TABS.map((k) => {
            const Icon = ICONS[k];
            return (
              <Tabs.Tab key={k} value={k} leftSection={<Icon size={16} aria-hidden />} data-testid={`library-tab-${k}`}>
                {t(`tabs.${k}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="catalogue">
          <CatalogueTab canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="import">
          <ImportTab onOpenCatalogue={() => setTab('catalogue')} />
        </Tabs.Panel>
        <Tabs.Panel value="rules">
          <RulesTab />
        </Tabs.Panel>
        <Tabs.Panel value="labels">
          <LabelsTab />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}

/** /admin/academic-setup/library-management: the catalogue and its copies, imports, loan rules and labels. */
export default function LibraryManagementPage() {
  return (
    <Gate need={entryNeed()}>
      <LibraryManagement />
    </Gate>
  );
}
