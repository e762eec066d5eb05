import { type MenuItem, type MenuSection, visibleMenu } from '@cue/contract';
import { NavLink as MantineNavLink, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loadCatalogs } from '../../lib/catalogs';
import { useShell } from './ShellContext';
import { menuLabelKey, SECTION_PATHS } from './sections';

const pathOnly = (path: string) => path.split('?')[0] ?? path;

/** The chat entry's unread count (the chat's catalog loads with it). */
const ChatMenuBadge = lazy(async () => {
  const [{ ChatMenuBadge: Badge }] = await Promise.all([import('../chat/components/ChatButton'), loadCatalogs('chat')]);
  return { default: Badge };
});
const badgeOf = (item: MenuItem) =>
  item.key === 'communication.chat' ? (
    <Suspense fallback={null}>
      <ChatMenuBadge />
    </Suspense>
  ) : undefined;

function isActive(item: MenuItem, pathname: string, search: string): boolean {
  const [path, query] = item.path.split('?');
  if (query) {
    const current = new URLSearchParams(search);
    return pathname === path && [...new URLSearchParams(query)].every(([name, value]) => current.get(name) === value);
  }
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** One section's entries the person may see (visibleMenu decides), children nested. */
export default function SideMenu({ section, withHeading = true }: { section: MenuSection; withHeading?: boolean }) {
  const { t } = useTranslation('shell');
  const { held, ready } = useShell();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState<Record<string, boolean>>({});
  if (!ready) {
    return (
      <Stack gap={8} aria-hidden>
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} height={32} radius="md" />
        ))}
      </Stack>
    );
  }
  const items = visibleMenu(section, held);
  return (
    <nav aria-label={t('nav.sectionMenu', { section: t(`sections.${section}`) })} data-testid="side-menu">
      {withHeading && (
        <Text
          component={Link}
          to={SECTION_PATHS[section]}
          fz="xs"
          fw={700}
          tt="uppercase"
          c="dimmed"
          px="sm"
          pb={8}
          display="block"
          style={{ letterSpacing: '0.04em' }}
        >
          {t(`sections.${section}`)}
        </Text>
      )}
      {items.length === 0 && (
        <Text fz="sm" c="dimmed" px="sm">
          {t('menu.empty')}
        </Text>
      )}
      {items.map((item) => {
        const active = isActive(item, pathname, search);
        const children = item.children ?? [];
        if (children.length === 0) {
          return (
            <MantineNavLink
              key={item.key}
              component={Link}
              to={item.path}
              label={t(menuLabelKey(item))}
              rightSection={badgeOf(item)}
              active={active}
              aria-current={active ? 'page' : undefined}
              data-menu-key={item.key}
              variant="light"
            />
          );
        }
        const childActive = children.some((c) => isActive(c, pathname, search));
        const expanded = open[item.key] ?? (active || childActive);
        return (
          <MantineNavLink
            key={item.key}
            component="button"
            type="button"
            label={t(menuLabelKey(item))}
            opened={expanded}
            onChange={(next) => setOpen((all) => ({ ...all, [item.key]: next }))}
            aria-expanded={expanded}
            data-menu-key={item.key}
            childrenOffset={16}
          >
            <MantineNavLink
              component={Link}
              to={pathOnly(item.path)}
              label={t('menu.overview')}
              active={pathname === pathOnly(item.path) && !childActive}
              variant="light"
            />
            {children.map((child) => {
              const on = isActive(child, pathname, search);
              return (
                <MantineNavLink
                  key={child.key}
                  component={Link}
                  to={child.path}
                  label={t(menuLabelKey(child))}
                  active={on}
                  aria-current={on ? 'page' : undefined}
                  data-menu-key={child.key}
                  variant="light"
                />
              );
            })}
          </MantineNavLink>
        );
      })}
    </nav>
  );
}
