import { expect, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { classId, markDay, todayUtc } from './support/attendance.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

test.use({ timezoneId: 'UTC' });

test('the school dashboard counts a completed class as complete and names the classes still to mark', async ({
  page,
  request,
}) => {
  const weekend = [0, 6].includes(new Date(`${todayUtc()}T00:00:00Z`).getUTCDay());
  const teacher = await staffToken(request, SHELL_PHONES.teacher);
  const nurseryA = await classId(request, teacher, 'Nursery A');
  if (!weekend) await markDay(request, teacher, nurseryA, todayUtc(), {});

  await openAs(page, request, SHELL_PHONES.admin, '/admin/school-setup/dashboard');
  const stat = page.getByTestId('stat-attendance');
  await expect(stat).toBeVisible();
  if (weekend) {
    await expect(stat).toContainText('No class meets today');
    return;
  }
  // Nursery A is complete: never "Not marked yet today" for it, and it is not among the classes to mark.
  await expect(stat.getByTestId('stat-value')).toHaveText('100%');
  await expect(stat).toContainText(/1 of \d+ classes complete/);
  const unmarked = page.getByTestId('unmarked-classes');
  await expect(unmarked).toContainText('Kindergarten B');
  await expect(unmarked).not.toContainText('Nursery A');
  await page.screenshot({ path: test.info().outputPath('school-dashboard.png'), fullPage: true });

  // Each class still to mark leads to its day.
  await unmarked.getByRole('link', { name: 'Kindergarten B' }).click();
  await expect(page).toHaveURL(/\/housekeeping\/attendance/);
  await expect(page.getByTestId('staff-attendance')).toContainText('Kindergarten B');
});
