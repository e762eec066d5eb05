import { visibleMenu, visibleTabs } from '@cue/contract';
import { IconBook2, IconClipboardCheck, IconMessages, IconSettings2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useShell } from './ShellContext';
import classes from './ShellLayout.module.css';
import { ADMIN_TABS, isAdminArea, isStoriesArea, SECTION_PATHS, TAB_PATHS, type Tab, tabOf } from './sections';

const TAB_ICONS: Record<Tab, typeof IconBook2> = {
  plan: IconBook2,
  communicate: IconMessages,
  assess: IconClipboardCheck,
  admin: IconSettings2,
};

/** Plan, communicate, assess (with portfolio or report on), admin (with an admin area to show): visibleTabs decides. */
export function MainTabs() {
  const { t } = useTranslation('shell');
  const { held, ready } = useShell();
  const { pathname } = useLocation();
  const active = tabOf(pathname);
  if (!ready) return null;
  return (
    <nav aria-label={t('nav.tabs')} data-testid="top-tabs">
      <div className={classes.tabs}>
        {visibleTabs(held).map((tab) => {
          const Icon = TAB_ICONS[tab];
          return (
            <Link
              key={tab}
              to={TAB_PATHS[tab]}
              className={classes.tab}
              aria-current={active === tab ? 'page' : undefined}
              data-active={active === tab || undefined}
            >
              <Icon size={18} aria-hidden />
              <span className={classes.tabLabel}>{t(`tabs.${tab}`)}</span>
            </Link>
          );
        })}
      </div>
    </nav>
  );
}

/** The admin area's tabs (school, academic and management setup, leave portal) and the stories area's Library / Insights. */
export function AreaTabs() {
  const { t } = useTranslation('shell');
  const { held, ready } = useShell();
  const { pathname } = useLocation();
  let tabs: { to: string; label: string }[] = [];
  let label = '';
  if (isAdminArea(pathname) && ready) {
    label = t('nav.adminTabs');
    tabs = ADMIN_TABS.filter((area) => visibleMenu(area, held).length > 0).map((area) => ({
      to: SECTION_PATHS[area],
      label: t(`sections.${area}`),
    }));
  } else if (isStoriesArea(pathname)) {
    label = t('nav.storiesTabs');
    tabs = [
      { to: '/all-stories', label: t('stories.library') },
      { to: '/story-insights', label: t('stories.insights') },
    ];
  }
  if (tabs.length === 0) return null;
  return (
    <nav aria-label={label} className={classes.areaTabs} data-testid="area-tabs">
      {tabs.map((tab) => {
        const active = pathname === tab.to || pathname.startsWith(`${tab.to}/`);
        return (
          <Link
            key={tab.to}
            to={tab.to}
            className={classes.areaTab}
            aria-current={active ? 'page' : undefined}
            data-active={active || undefined}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
