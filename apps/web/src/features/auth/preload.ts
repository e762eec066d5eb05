import { whenIdle } from '../../lib/idle';

/** Loads the code of the signed-in layout and, when asked, of the dashboard. The router loads the same modules; the browser keeps one copy. */
export function loadSignedInScreens({ dashboard }: { dashboard: boolean }): void {
  void import('../shell/ShellLayout').catch(() => undefined);
  if (dashboard) void import('../dashboard/DashboardPage').catch(() => undefined);
}

let started = false;

/**
 * Starts loading the code of the screens a sign-in leads to (the signed-in layout and the dashboard)
 * while the person is still typing the code or waiting for the provider's answer, so that after Login
 * the dashboard waits only for its data: after the current screen has painted, when the browser is idle.
 */
export function preloadSignedInScreens(): void {
  if (started) return;
  started = true;
  whenIdle(() => loadSignedInScreens({ dashboard: true }), 1500);
}
