import { expect, test } from '@playwright/test';
import { pastWeekdays } from './support/attendance.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

// axe-core is injected as a script, which the app's Content-Security-Policy would refuse.
test.use({ bypassCSP: true, timezoneId: 'UTC' });

test('the attendance, dashboard and calendar screens have no serious accessibility violations', async ({ page, request }) => {
  test.setTimeout(90_000);
  await openAs(page, request, SHELL_PHONES.teacher, `/housekeeping/attendance?date=${pastWeekdays()[4]}`);
  await expect(page.getByTestId('roster-row').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'staff attendance');
  // Chosen statuses too (nothing is saved).
  const roster = page.getByTestId('roster');
  if ((await roster.getAttribute('data-mode')) === 'edit') {
    await page.getByRole('button', { name: 'Mark all present' }).click();
    const row = page.getByTestId('roster-row').nth(1);
    await row.getByRole('button', { name: 'Late', exact: true }).click();
    await page.getByTestId('roster-row').nth(2).getByRole('button', { name: 'Excused', exact: true }).click();
    await page.getByTestId('roster-row').nth(3).getByRole('button', { name: 'Absent', exact: true }).click();
    await expectNoSeriousViolations(page, 'staff attendance, statuses chosen');
  }
  await page.getByRole('tab', { name: 'Reported absences' }).click();
  await expect(page.getByTestId('class-excusals')).toBeVisible();
  await expectNoSeriousViolations(page, 'reported absences');

  await page.goto('/housekeeping/attendance-dashboard');
  await expect(page.getByTestId('stat-today-rate')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('attendance-dashboard.png'), fullPage: true });
  await expectNoSeriousViolations(page, 'attendance dashboard');

  await page.goto('/housekeeping/calendar');
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoSeriousViolations(page, 'calendar');
});

test('the parent’s attendance and calendar screens have no serious accessibility violations on a phone', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openAs(page, request, SHELL_PHONES.parent, '/housekeeping/attendance');
  await expect(page.getByTestId('month-summary')).toBeVisible();
  await expectNoSeriousViolations(page, 'parent attendance');
  await page.goto('/housekeeping/calendar');
  await expect(page.getByRole('table')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('parent-calendar-phone.png'), fullPage: true });
  await expectNoSeriousViolations(page, 'parent calendar');
});
