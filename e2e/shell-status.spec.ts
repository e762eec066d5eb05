import { expect, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

test('the offline bar shows while the browser is offline', async ({ page, context, request }) => {
  await openAs(page, request, SHELL_PHONES.teacher);
  await expect(page.getByTestId('class-selector')).toBeVisible();
  await expect(page.getByText('No Internet Connection')).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByText('No Internet Connection')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('No Internet Connection')).toHaveCount(0);
});

test('the rebrand banner asks to bookmark the new address; dismissal is remembered', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByTestId('rebrand-banner');
  await expect(banner).toContainText('Cue Classroom is now Cue');
  await expect(banner).toContainText('bookmark');
  await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Phone Number', exact: true })).toBeVisible();
  await expect(page.getByTestId('rebrand-banner')).toHaveCount(0);
});

test('maintenance replaces the app for a teacher; the super admin keeps it and clears the window', async ({
  browser,
  request,
}) => {
  const admin = await staffToken(request, SHELL_PHONES.superAdmin);
  const set = (data: unknown, token = admin) =>
    request.put('/api/app_maintenance/', { data, headers: { authorization: `Bearer ${token}` } });
  const start = new Date(Date.now() - 60_000).toISOString();
  const end = new Date(Date.now() + 3_600_000).toISOString();
  // Only platform super admins may set it.
  const teacherToken = await staffToken(request, SHELL_PHONES.teacher);
  expect((await set({ enabled: true }, teacherToken)).status()).toBe(403);

  const teacher = await browser.newPage();
  const superAdmin = await browser.newPage();
  try {
    expect((await set({ enabled: true, start_time: start, end_time: end })).ok()).toBe(true);
    await openAs(teacher, request, SHELL_PHONES.teacher);
    await expect(teacher.getByRole('heading', { name: 'Website Under Maintenance' })).toBeVisible();
    await expect(teacher.getByText('Started')).toBeVisible();
    await expect(teacher.getByText('Expected End')).toBeVisible();
    await expect(teacher.getByTestId('class-selector')).toHaveCount(0);
    // Signed out too.
    const visitor = await browser.newPage();
    await visitor.goto('/');
    await expect(visitor.getByRole('heading', { name: 'Website Under Maintenance' })).toBeVisible();
    await visitor.close();

    // The super admin keeps the app, is warned, and clears the window from the app.
    await openAs(superAdmin, request, SHELL_PHONES.superAdmin);
    await expect(superAdmin.getByTestId('maintenance-warning')).toBeVisible();
    await superAdmin.getByRole('link', { name: 'Manage maintenance' }).click();
    await expect(superAdmin.getByTestId('maintenance-admin')).toContainText('On');
    await superAdmin.getByRole('button', { name: 'Clear maintenance' }).click();
    await expect(superAdmin.getByText('Maintenance cleared')).toBeVisible();
    await expect(superAdmin.getByTestId('maintenance-warning')).toHaveCount(0);

    await teacher.getByRole('button', { name: 'Refresh' }).click();
    await expect(teacher.getByTestId('class-selector')).toBeVisible();
  } finally {
    await set({ enabled: false });
    await teacher.close();
    await superAdmin.close();
  }
});
