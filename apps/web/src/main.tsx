import { ROUTES } from '@cue/contract';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { loadAppStylesOnFirstInteraction } from './app/appStyles';
import { DASHBOARD_PATH, isPublicPath, LOGIN_PATH } from './app/paths';
import { replayPrerenderInput } from './app/prerenderInput';
import { syncPrerenderCookies } from './app/rebrand';
import { loadSignedInScreens } from './features/auth/preload';
import { fetchEarly } from './lib/early';
import { firstPaintShown, revealApp } from './lib/firstPaint';
import { whenIdle } from './lib/idle';
import { readStoredSession, sidesOf, tokenFor } from './lib/sessionData';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
syncPrerenderCookies();

// The server sent the login page prerendered (see scripts/build.mjs): it stays, inert, until the app can
// render it in its place at once, with its code and strings loaded, so nothing flashes in between.
const prerendered = root.querySelector('.cue-prerendered') !== null && window.location.pathname === '/';
if (prerendered) {
  loadAppStylesOnFirstInteraction();
  replayPrerenderInput(root);
}

/**
 * A signed-in page: its first calls (who is signed in, the permissions, the maintenance window, the
 * dashboard's classes and day) and its screens' code are asked for now, alongside the app's code, instead of
 * one after the other once each component has loaded and mounted.
 */
function startSignedInPage(): void {
  const session = readStoredSession();
  const { pathname } = window.location;
  if (!session || pathname === LOGIN_PATH || isPublicPath(pathname)) return;
  fetchEarly(ROUTES.maintenanceStatus.path, null);
  for (const side of sidesOf(session)) fetchEarly(ROUTES.loginedUserDetails.path, tokenFor(session, side) ?? null);
  const staffToken = session.activeSide === 'staff' ? (tokenFor(session, 'staff') ?? null) : null;
  if (staffToken) {
    fetchEarly(ROUTES.userPermissions.path, staffToken);
    fetchEarly(ROUTES.userSchoolsClasses.path, staffToken);
    if (pathname === DASHBOARD_PATH) fetchEarly(ROUTES.staffClasses.path, staffToken);
  }
  // The dashboard's day, for each side the session holds (a dual-role person sees both).
  if (pathname === DASHBOARD_PATH)
    for (const side of sidesOf(session)) fetchEarly(ROUTES.dashboard.path, tokenFor(session, side) ?? null);
  loadSignedInScreens({ dashboard: pathname === DASHBOARD_PATH });
}
if (!prerendered) startSignedInPage();
// The copy of the dashboard painted by index.html's boot script (lib/firstPaint.ts) stays until the app
// has rendered the dashboard with its data or another page; never longer than this.
if (firstPaintShown()) setTimeout(revealApp, 15_000);

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app's code is fetched at once but run in steps (strings, React, the router, the routes, the
 * providers, the app), each in a task of its own, so that a slow phone can paint and answer input
 * between them instead of being held by one long evaluation of everything.
 */
async function start(host: HTMLElement): Promise<void> {
  const loading = [
    import('./lib/i18n'),
    import('react-dom/client'),
    import('./app/guards'),
    import('./app/router'),
    import('./app/Providers'),
    import('./app/App'),
  ] as const;
  const { i18nReady } = await loading[0];
  await nextTask();
  const [{ createRoot }, react] = await Promise.all([loading[1], import('react')]);
  await nextTask();
  // The app in more steps: the router, the routes, the providers (Mantine, the query cache).
  for (const step of loading.slice(2, -1)) {
    await step;
    await nextTask();
  }
  const { App, LoginPage, createQueryClient, prefillFirstScreen } = await loading[5];
  if (prerendered) await Promise.all([i18nReady, LoginPage.preload()]).catch(() => undefined);
  // While the copy of the dashboard is on screen, the app renders once, with the first screen's answers
  // (app/firstScreen.ts), rather than once per answer; never waiting longer than the copy may stay.
  const queryClient = createQueryClient();
  if (firstPaintShown())
    await Promise.race([prefillFirstScreen(queryClient), new Promise((resolve) => setTimeout(resolve, 10_000))]);

  // Token renewal is timed in minutes: it starts once the first screen is up, not in the way of it.
  whenIdle(() => void import('./features/auth/sessionKeeper').then(({ startSessionKeeper }) => startSessionKeeper()));

  // The first render is a transition: React renders it in short slices, yielding to the browser between
  // them, instead of one long task that keeps a slow phone from responding (the boot splash stays until
  // the first screen is ready to show).
  react.startTransition(() => {
    // (createElement rather than JSX: the entry imports nothing of React's, which loads as a step above.)
    createRoot(host).render(react.createElement(react.StrictMode, null, react.createElement(App, { queryClient })));
  });
}
void start(root);
