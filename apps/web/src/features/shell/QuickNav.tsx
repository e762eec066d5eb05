import { visibleMenu } from '@cue/contract';
import { Drawer, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './QuickNav.module.css';
import { useShell } from './ShellContext';
import { menuLabelKey, QUICK_GROUPS } from './sections';

/** The quick-navigation side sheet: every entry the person may open, grouped plan … Management. */
export default function QuickNav({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('shell');
  const { held } = useShell();
  const rtl = i18n.dir() === 'rtl' || document.documentElement.dir === 'rtl';
  const groups = QUICK_GROUPS.map((group) => ({
    ...group,
    items: group.sections.flatMap((section) => visibleMenu(section, held)),
  })).filter((group) => group.items.length > 0);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position={rtl ? 'left' : 'right'}
      size="md"
      title={t('quickNav.title')}
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="quick-nav"
    >
      <Stack gap="lg">
        {groups.map((group) => (
          <section key={group.id} aria-labelledby={`quick-${group.id}`} data-group={group.id}>
            <Text id={`quick-${group.id}`} component="h3" fz="xs" fw={700} tt="uppercase" c="dimmed" m={0} mb={8}>
              {t(`quickNav.groups.${group.id}`)}
            </Text>
            <SimpleGrid cols={2} spacing={6}>
              {group.items.map((item) => (
                <UnstyledButton
                  key={item.key}
                  component={Link}
                  to={item.path}
                  onClick={onClose}
                  className={classes.entry}
                  data-menu-key={item.key}
                >
                  {t(menuLabelKey(item))}
                </UnstyledButton>
              ))}
            </SimpleGrid>
          </section>
        ))}
        {groups.length === 0 && <Text c="dimmed">{t('menu.empty')}</Text>}
      </Stack>
    </Drawer>
  );
}
