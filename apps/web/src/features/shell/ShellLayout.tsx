import { Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { loadCatalogs } from '../../lib/catalogs';
import { setSchoolDirection } from '../../lib/i18n';
import { setActiveSide } from '../../lib/session';
import { useIdle } from '../../lib/useIdle';
import { schoolDirectionOf, useCurrentUser } from '../auth/useCurrentUser';
import { useSessionExpiry } from '../auth/useSessionExpiry';
import { usePermissions } from './api';
import { AreaTabs, MainTabs } from './Navigation';
import { ProfileModal } from './ProfileModal';
import { ShellContext, type ShellState } from './ShellContext';
import classes from './ShellLayout.module.css';
import { NO_PERMISSIONS, sectionOf } from './sections';
import { sideOfPage, sideOfState } from './sides';
import { TopBar } from './TopBar';

const QuickNav = lazy(() => import('./QuickNav'));
const SideMenu = lazy(() => import('./SideMenu'));
const SideMenuDrawer = lazy(() => import('./SideMenuDrawer'));
const ReportIssueModal = lazy(() => import('./ReportIssueModal'));
const SettingsModal = lazy(() => import('./SettingsModal'));
// Cue (task events, floating buttons, the assistant overlay, the small chat) loads after the page.
// Cue's task panel and dock come after the page: their code is not in the way of the first screen.
const TaskPanel = lazy(() => import('./TaskPanel').then((module) => ({ default: module.TaskPanel })));
const CueDock = lazy(async () => {
  const [module] = await Promise.all([import('../cue/CueDock'), loadCatalogs('cue')]);
  return module;
});

// Drop-off and pick-up's alerts reach the staff on every page (a red notice until dismissed).
const DispersalAlertListener = lazy(async () => {
  const [module] = await Promise.all([import('../dispersal/components/AlertListener'), loadCatalogs('dispersal')]);
  return module;
});
// A family hears of its child's check-in and check-out, and of an overdue library book, on every page.
const FamilyListener = lazy(async () => {
  const [module] = await Promise.all([
    import('../dispersal/family/FamilyListener'),
    loadCatalogs('pickupFamily'),
    loadCatalogs('libraryFamily'),
  ]);
  return module;
});

/** A dialog's code loads the first time it opens and stays mounted afterwards (for its closing transition). */
function useLazyDialog() {
  const [opened, handlers] = useDisclosure(false);
  const [wanted, setWanted] = useState(false);
  const open = () => {
    setWanted(true);
    handlers.open();
  };
  return { opened, wanted, open, close: handlers.close };
}

/**
 * The signed-in frame every screen lives in: the staff layout (top bar with tabs, side menu, Cue,
 * quick navigation, report-issue) or the parent layout (top bar with the child switcher only).
 */
export default function ShellLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const { pathname, search } = location;
  const user = useCurrentUser();
  const side = user.session?.activeSide ?? 'staff';
  const dualRole = user.session?.role === 'both';
  // A dual-role person's page says which side it is: staff pages, a shared page's parent view
  // (?as=parent), or the side a navigation to the dashboard asked for. The session follows it once per
  // visit, after the render (a switch made on the page itself is left alone until the next navigation).
  const pageSide = dualRole ? (sideOfPage(pathname, search) ?? sideOfState(location.state)) : null;
  const applied = useRef<string | null>(null);
  const [, rerender] = useState(0);
  const switching = pageSide !== null && pageSide !== side && applied.current !== location.key;
  useEffect(() => {
    if (applied.current === location.key) return;
    applied.current = location.key;
    // A session that cannot take that side stays as it is, and the page shows.
    if (pageSide && pageSide !== side && !setActiveSide(pageSide)) rerender((n) => n + 1);
  }, [location.key, pageSide, side]);
  const permissions = usePermissions();
  useSessionExpiry([...user.errors, ...(permissions.error ? [permissions.error] : [])]);

  const direction = schoolDirectionOf(user);
  useEffect(() => {
    setSchoolDirection(direction);
  }, [direction]);
  useEffect(() => () => setSchoolDirection(null), []);

  const quickNav = useLazyDialog();
  const report = useLazyDialog();
  const settings = useLazyDialog();
  const profile = useLazyDialog();
  const [menuOpened, menu] = useDisclosure(false);

  // Close the phone-width menu on every navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path changes only
  useEffect(() => menu.close(), [pathname]);

  const staff = side === 'staff';
  // Cue's task panel waits for the page to be up.
  const idle = useIdle();
  const held = staff ? (permissions.data ?? NO_PERMISSIONS) : NO_PERMISSIONS;
  const ready = !staff || permissions.isSuccess;
  const state: ShellState = {
    user,
    side,
    held,
    ready,
    failed: staff && permissions.isError,
    retry: () => void permissions.refetch(),
    openQuickNav: quickNav.open,
    openReportIssue: report.open,
    openSettings: settings.open,
    openProfile: profile.open,
  };

  const section = staff ? sectionOf(pathname) : null;
  // Parents and the campuses page show no tabs (spec section 2).
  const withTabs = staff && pathname !== '/campuses';
  const withSideMenu = staff && section !== null;

  return (
    <ShellContext value={state}>
      <div className={classes.shell} data-layout={staff ? 'staff' : 'parent'} data-dual-role={dualRole || undefined}>
        <a href="#main" className={classes.skip}>
          {t('skipToContent')}
        </a>
        <TopBar onMenu={withSideMenu ? menu.toggle : undefined} menuOpened={menuOpened} withTabs={withTabs} />
        {withTabs && (
          <div className={classes.mobileTabs}>
            <MainTabs />
          </div>
        )}
        {staff && <AreaTabs />}
        <div className={classes.body}>
          {withSideMenu && (
            <aside className={classes.side}>
              <Suspense fallback={null}>
                <SideMenu section={section} />
              </Suspense>
            </aside>
          )}
          <main id="main" className={classes.main} tabIndex={-1}>
            <Suspense
              fallback={
                <Center py={80}>
                  <Loader type="dots" aria-label={t('loading')} />
                </Center>
              }
            >
              {switching ? (
                <Center py={80}>
                  <Loader type="dots" aria-label={t('loading')} />
                </Center>
              ) : (
                (children ?? <Outlet />)
              )}
            </Suspense>
          </main>
        </div>
        {staff && idle && (
          <Suspense fallback={null}>
            <TaskPanel
              aside={
                <Suspense fallback={null}>
                  <CueDock />
                </Suspense>
              }
            />
          </Suspense>
        )}
        <Suspense fallback={null}>
          {staff && idle && <DispersalAlertListener />}
          {side === 'parent' && idle && <FamilyListener />}
          {quickNav.wanted && <QuickNav opened={quickNav.opened} onClose={quickNav.close} />}
          {report.wanted && <ReportIssueModal opened={report.opened} onClose={report.close} />}
          {settings.wanted && <SettingsModal opened={settings.opened} onClose={settings.close} />}
          {profile.wanted && <ProfileModal opened={profile.opened} onClose={profile.close} />}
          {withSideMenu && menuOpened && <SideMenuDrawer section={section} opened={menuOpened} onClose={menu.close} />}
        </Suspense>
      </div>
    </ShellContext>
  );
}
