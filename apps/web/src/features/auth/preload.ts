/**
 * Starts loading the code of the screens a sign-in leads to (the signed-in layout and the dashboard)
 * while the person is still typing the code or waiting for the provider's answer, so that after Login
 * the dashboard waits only for its data. The router loads the same modules; the browser keeps one copy.
 */
let started = false;

export function preloadSignedInScreens(): void {
  if (started) return;
  started = true;
  const load = () => {
    void import('../shell/ShellLayout').catch(() => undefined);
    void import('../dashboard/DashboardPage').catch(() => undefined);
  };
  // After the current screen has painted, when the browser is idle (or soon, where it cannot say).
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load, { timeout: 1500 });
  else window.setTimeout(load, 200);
}
