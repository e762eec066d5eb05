import type { MenuSection } from '@cue/contract';
import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import SideMenu from './SideMenu';

/** The section menu as a side sheet, for widths without room for the side column. */
export default function SideMenuDrawer({
  section,
  opened,
  onClose,
}: {
  section: MenuSection;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('shell');
  const rtl = document.documentElement.dir === 'rtl';
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position={rtl ? 'right' : 'left'}
      size={300}
      title={t(`sections.${section}`)}
      closeButtonProps={{ 'aria-label': t('close') }}
      hiddenFrom="md"
    >
      <SideMenu section={section} withHeading={false} />
    </Drawer>
  );
}
