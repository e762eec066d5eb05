import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

// axe-core is injected as a script, which the app's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

test('the login page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Phone Number', exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'login');
});

test('the dashboard and one page of each menu section have no serious or critical violations', async ({ page, request }) => {
  test.setTimeout(120_000);
  await openAs(page, request, SHELL_PHONES.superAdmin);
  await expect(page.getByTestId('class-card').first()).toBeVisible();
  await expectNoSeriousViolations(page, '/dashboard');
  for (const path of [
    '/planning',
    '/communication/announcements',
    '/assessment',
    '/housekeeping/attendance',
    '/admin/school-setup',
    '/admin/academic-setup',
    '/admin/management-setup/fee',
    '/admin/leave-portal',
    '/admin/timetable',
    '/all-stories',
    '/super_admin/organization',
  ]) {
    await page.goto(path);
    await expect(page.locator('main#main h1').first()).toBeVisible();
    await expectNoSeriousViolations(page, path);
  }
  // Dialogs too: quick navigation, settings, report an issue.
  await page.getByTestId('quick-nav-button').click();
  await expect(page.getByRole('dialog', { name: 'Quick navigation' })).toBeVisible();
  await expectNoSeriousViolations(page, 'quick navigation');
  await page.keyboard.press('Escape');
  await page.getByTestId('report-issue-button').click();
  await expect(page.getByRole('dialog', { name: 'Report an Issue' })).toBeVisible();
  await expectNoSeriousViolations(page, 'report an issue');
});

test('the parent layout and the top bar are usable by keyboard with a visible focus', async ({ page, request }) => {
  await openAs(page, request, SHELL_PHONES.parent);
  await expect(page.getByTestId('child-switcher')).toBeVisible();
  await expect(page.getByTestId('child-card').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'parent dashboard');
  // Tab from the top: skip link, home, child switcher, the chat, profile.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Cue home' })).toBeFocused();
  await page.keyboard.press('Tab');
  const switcher = page.getByTestId('child-switcher');
  await expect(switcher).toBeFocused();
  const outline = await switcher.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  // The menu's code mounts on this first use and then moves keyboard focus into the open menu (a timer
  // after mounting): Escape only closes it from there.
  await expect(menu.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  // Closed, and focus is back on its button, before moving on.
  await expect(menu).toBeHidden();
  await expect(switcher).toBeFocused();
  // The chat's button comes once the page is idle.
  await expect(page.getByTestId('chat-button')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('chat-button')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('profile-menu')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
});
