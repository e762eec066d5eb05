import { expect, type Page, test } from '@playwright/test';
import { openAs, SHELL_PHONES } from './support/shell.js';

const stored = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('cue.session') ?? 'null') as { activeSide: string }).activeSide);

/** The top bar's side switch (the row under it on a phone). */
const sideSwitch = (page: Page, placement: 'inline' | 'row' = 'inline') => page.getByTestId(`side-switch-${placement}`);

test('a teacher who is also a parent sees her side in the top bar, follows her child, and is back as staff in one click', async ({
  page,
  request,
}) => {
  await openAs(page, request, SHELL_PHONES.dualRole);
  const bar = sideSwitch(page);
  await expect(bar.getByRole('button', { name: 'Staff' })).toHaveAttribute('aria-pressed', 'true');
  await expect(bar.getByRole('button', { name: 'Parent' })).toHaveAttribute('aria-pressed', 'false');

  // Her child's attendance, from the dashboard: the parent side, and the top bar says so.
  await page
    .getByTestId('child-card')
    .filter({ hasText: 'Diya Patel' })
    .getByRole('link', { name: 'Attendance', exact: true })
    .click();
  await expect(page).toHaveURL(/\/housekeeping\/attendance\?as=parent$/);
  await expect(page.getByRole('heading', { level: 1, name: "Diya's attendance" })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Parent' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('top-tabs')).toHaveCount(0);
  expect(await stored(page)).toBe('parent');
  await page.screenshot({ path: test.info().outputPath('parent-side.png') });

  // One click: the same page as staff, her class's day, with the tabs.
  await bar.getByRole('button', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/housekeeping\/attendance$/);
  await expect(page.getByTestId('staff-attendance')).toContainText('Kindergarten B');
  await expect(page.getByTestId('top-tabs').first()).toBeVisible();
  expect(await stored(page)).toBe('staff');

  // Back to the child's view, then a staff page by its address: it opens on the staff side.
  await page.goBack();
  await page.goto('/housekeeping/attendance?as=parent');
  await expect(page.getByRole('heading', { level: 1, name: "Diya's attendance" })).toBeVisible();
  await page.goto('/housekeeping/attendance');
  await expect(page.getByTestId('staff-attendance')).toContainText('Kindergarten B');
  await expect(bar.getByRole('button', { name: 'Staff' })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/housekeeping/attendance?as=parent');
  await expect(page.getByRole('heading', { level: 1, name: "Diya's attendance" })).toBeVisible();
  await page.goto('/housekeeping/attendance-dashboard');
  await expect(page.getByTestId('no-access')).toHaveCount(0);
  await expect(bar.getByRole('button', { name: 'Staff' })).toHaveAttribute('aria-pressed', 'true');
  expect(await stored(page)).toBe('staff');

  // On a staff page, the parent side starts on the dashboard (a staff page has no parent view).
  await bar.getByRole('button', { name: 'Parent' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(bar.getByRole('button', { name: 'Parent' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('child-switcher')).toBeVisible();
  // And on the dashboard, back to staff stays on the dashboard.
  await bar.getByRole('button', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('class-selector')).toBeVisible();
  expect(await stored(page)).toBe('staff');
});

test('on a phone the side switch is a row of its own under the top bar', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, request, SHELL_PHONES.dualRole);
  const row = sideSwitch(page, 'row');
  await expect(row).toBeVisible();
  await expect(sideSwitch(page, 'inline')).toBeHidden();
  const box = await row.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  await row.getByRole('button', { name: 'Parent' }).click();
  await expect(row.getByRole('button', { name: 'Parent' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('child-switcher')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('side-switch-phone.png') });
  // Those who are one or the other have no switch.
  await openAs(page, request, SHELL_PHONES.teacher);
  await expect(page.getByTestId('class-selector')).toBeVisible();
  await expect(page.getByTestId('side-switch-row')).toHaveCount(0);
});
