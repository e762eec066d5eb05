import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { classId, markDay, pastWeekdays, wire } from './support/attendance.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

test.use({ timezoneId: 'UTC' });

// A day of its own (the attendance journeys take the two before it).
const DAY = pastWeekdays()[2] ?? '';

test('the attendance dashboard shows the class’s figures, exports CSV and leads to a child’s report', async ({
  page,
  request,
}) => {
  const teacher = await staffToken(request, SHELL_PHONES.teacher);
  const nurseryA = await classId(request, teacher, 'Nursery A');
  await markDay(request, teacher, nurseryA, DAY, { 'Meera Nair': 'absent', 'Omar Haddad': 'late' });

  await openAs(page, request, SHELL_PHONES.teacher, '/housekeeping/attendance-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Attendance dashboard' })).toBeVisible();
  await expect(page.getByTestId('stat-today-rate')).toBeVisible();
  await expect(page.getByTestId('stat-students').getByTestId('stat-value')).not.toHaveText('0');
  await expect(page.getByTestId('chart-week').locator('.recharts-surface').first()).toBeVisible();
  await expect(page.getByTestId('chart-month').locator('.recharts-surface').first()).toBeVisible();
  const absences = page.getByTestId('most-absences');
  await expect(absences.getByRole('row').filter({ hasText: 'Meera Nair' })).toContainText('Nursery A');
  await page.screenshot({ path: test.info().outputPath('attendance-dashboard.png'), fullPage: true });

  // Export: the class's marks of the last 30 days as CSV.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('attendance.csv');
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toContain('Date,Class,First name,Last name,Status');
  expect(csv).toContain(`${wire(DAY)},Nursery A,Meera,Nair,absent`);
  expect(csv).toContain(`${wire(DAY)},Nursery A,Omar,Haddad,late`);

  // All of the teacher's classes: the same child is still among the most absent.
  await page.getByText('All classes', { exact: true }).click();
  await expect(absences.getByRole('row').filter({ hasText: 'Meera Nair' })).toBeVisible();

  // A child's name opens their report; the week of the day shows the absence.
  await absences.getByRole('link', { name: 'Meera Nair' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meera Nair: attendance' })).toBeVisible();
  await page.goto(`${new URL(page.url()).pathname}?period=week&date=${DAY}`);
  await expect(page.getByTestId('report-absent')).not.toContainText(/Absent\s*0$/);
  await expect(page.getByTestId('student-report').getByRole('listitem').filter({ hasText: 'Absent' }).first()).toBeVisible();
});
