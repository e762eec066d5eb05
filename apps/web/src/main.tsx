import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { loadAppStylesOnFirstInteraction } from './app/appStyles';
import { replayPrerenderInput } from './app/prerenderInput';
import { syncPrerenderCookies } from './app/rebrand';

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

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app's code is fetched at once but run in three steps (strings, React, the app), each in a task of
 * its own, so that a slow phone can paint and answer input between them instead of being held by one
 * long evaluation of everything.
 */
async function start(host: HTMLElement): Promise<void> {
  const loading = [import('./lib/i18n'), import('react-dom/client'), import('./app/App')] as const;
  const { i18nReady } = await loading[0];
  await nextTask();
  const [{ createRoot }, react] = await Promise.all([loading[1], import('react')]);
  await nextTask();
  const { App, LoginPage } = await loading[2];
  if (prerendered) await Promise.all([i18nReady, LoginPage.preload()]).catch(() => undefined);

  // Token renewal is timed in minutes: it starts once the first screen is up, not in the way of it.
  const whenIdle = (work: () => void) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: 2000 });
    else setTimeout(work, 200);
  };
  whenIdle(() => void import('./features/auth/sessionKeeper').then(({ startSessionKeeper }) => startSessionKeeper()));

  // The first render is a transition: React renders it in short slices, yielding to the browser between
  // them, instead of one long task that keeps a slow phone from responding (the boot splash stays until
  // the first screen is ready to show).
  react.startTransition(() => {
    createRoot(host).render(
      <react.StrictMode>
        <App />
      </react.StrictMode>,
    );
  });
}
void start(root);
