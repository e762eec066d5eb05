import { expect, type Page, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { signIn } from './support/auth.js';

const ADMIN = '9000000002';
const TEACHER = '9000000003';

async function userPermissions(page: Page, token: string): Promise<{ school_permissions: string[] }> {
  const res = await page.request.get('/api/user_permissions/', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()).result;
}

const reportsLink = (page: Page) => page.getByTestId('side-menu').getByRole('link', { name: 'Reports', exact: true });

test('switching a school permission off hides its menu entry and closes the page; switching it on brings it back', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const token = await staffToken(page.request, ADMIN);
  try {
    await signIn(page, ADMIN);
    await page.goto('/admin/school-setup/reports');
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download contact sheet' })).toBeVisible();
    await expect(reportsLink(page)).toBeVisible();

    // Off, in Settings.
    await page.goto('/admin/school-setup/permissions/settings');
    const reports = page.getByRole('switch', { name: 'Reports', exact: true });
    await expect(reports).toBeChecked();
    await reports.click({ force: true });
    await expect(reports).not.toBeChecked();
    await page.getByRole('button', { name: 'Save 1 change' }).click();
    await expect(page.getByText('School permissions saved').last()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    expect((await userPermissions(page, token)).school_permissions).not.toContain('reports');

    // After a reload the admin's menu no longer offers Reports, and the page says why.
    await page.reload();
    await expect(page.getByTestId('side-menu').getByRole('link', { name: 'Classes', exact: true })).toBeVisible();
    await expect(reportsLink(page)).toHaveCount(0);
    await page.goto('/admin/school-setup/reports');
    await expect(page.getByText('This feature is switched off for your school.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download contact sheet' })).toHaveCount(0);

    // On again.
    await page.goto('/admin/school-setup/permissions/settings');
    await page.getByRole('switch', { name: 'Reports', exact: true }).click({ force: true });
    await page.getByRole('button', { name: 'Save 1 change' }).click();
    await expect(page.getByText('School permissions saved').last()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    expect((await userPermissions(page, token)).school_permissions).toContain('reports');
    await page.reload();
    await expect(reportsLink(page)).toBeVisible();
  } finally {
    // Leave the shared demo school as it was for the other journeys.
    await page.request
      .put('/api/school_permissions/', {
        data: { permissions: { reports: true } },
        headers: { authorization: `Bearer ${token}` },
      })
      .catch(() => undefined);
  }
});

test('switching Attendance off takes the attendance entry out of a teacher’s menu, leaving the calendar', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const token = await staffToken(page.request, ADMIN);
  const { baseURL, locale, viewport } = test.info().project.use;
  const device = await browser.newContext({ baseURL, locale, viewport });
  const teacherMenu = async (teacher: Page) => {
    await teacher.goto('/housekeeping');
    const menu = teacher.getByTestId('side-menu');
    await expect(menu.getByRole('link', { name: 'Calendar', exact: true })).toBeVisible();
    return menu.getByRole('link', { name: 'Attendance', exact: true });
  };
  try {
    const teacher = await device.newPage();
    await signIn(teacher, TEACHER);
    await expect(await teacherMenu(teacher)).toBeVisible();

    await signIn(page, ADMIN);
    await page.goto('/admin/school-setup/permissions/settings');
    await page.getByRole('switch', { name: 'Attendance', exact: true }).click({ force: true });
    await page.getByRole('button', { name: 'Save 1 change' }).click();
    await expect(page.getByText('School permissions saved').last()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

    // The teacher's next load of the app follows the switch.
    await teacher.reload();
    await expect(await teacherMenu(teacher)).toHaveCount(0);

    await page.getByRole('switch', { name: 'Attendance', exact: true }).click({ force: true });
    await page.getByRole('button', { name: 'Save 1 change' }).click();
    await expect(page.getByText('School permissions saved').last()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await teacher.reload();
    await expect(await teacherMenu(teacher)).toBeVisible();
  } finally {
    await device.close();
    await page.request
      .put('/api/school_permissions/', {
        data: { permissions: { 'attendance.enabled': true } },
        headers: { authorization: `Bearer ${token}` },
      })
      .catch(() => undefined);
  }
});
