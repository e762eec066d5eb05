import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startSessionKeeper } from './features/auth/sessionKeeper';
import './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// Token renewal is timed in minutes: it starts once the first screen is up, not in the way of it.
const whenIdle = (work: () => void) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 200);
};
whenIdle(() => startSessionKeeper());

// The first render is a transition: React renders it in short slices, yielding to the browser between
// them, instead of one long task that keeps a slow phone from responding (the boot splash stays until
// the first screen is ready to show).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
