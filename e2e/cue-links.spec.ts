import { pagePath } from '@cue/contract';
import { expect, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { classId, markDay, pastWeekdays } from './support/attendance.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

test.use({ timezoneId: 'UTC' });

// A day of its own (the other journeys take theirs from the same list).
const DAY = pastWeekdays()[5] ?? '';

test('a teacher asks Cue about a past day, follows the link in the answer and lands on that class and day', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const teacher = await staffToken(request, SHELL_PHONES.teacher);
  const nurseryA = await classId(request, teacher, 'Nursery A');
  await markDay(request, teacher, nurseryA, DAY, { 'Kabir Khan': 'absent' });

  await openAs(page, request, SHELL_PHONES.teacher, '/assistant');
  await expect(page.getByRole('heading', { level: 1, name: 'What can I help with?' })).toBeVisible();
  const [y, m, d] = DAY.split('-').map(Number);
  const month = new Date(Date.UTC(y ?? 2026, (m ?? 1) - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
  const question = `Who was absent on ${d} ${month} ${y}?`;
  const input = page.getByRole('textbox', { name: 'Message Cue' });
  await input.fill(question);
  await input.press('Enter');
  await expect(page.getByTestId('cue-answer').last()).toContainText('Kabir', { timeout: 20_000 });

  // The answer's source is the class's day, with the ISO date, the class and the child.
  const source = page.getByTestId('cue-sources').getByRole('link').filter({ hasText: 'Kabir' }).first();
  const href = await source.getAttribute('href');
  const url = new URL(href ?? '', 'http://cue.local');
  expect(url.pathname).toBe('/housekeeping/attendance');
  expect(url.searchParams.get('date')).toBe(DAY);
  expect(url.searchParams.get('class_id')).toBe(nurseryA);
  const kabir = url.searchParams.get('student_id');
  expect(kabir).toBeTruthy();
  expect(href).toBe(pagePath.attendance({ classId: nurseryA, date: DAY, studentId: kabir }));

  await source.click();
  // The attendance page opens that day of that class, not today, with the child shown.
  await expect(page).toHaveURL(new RegExp(`/housekeeping/attendance\\?.*date=${DAY}`));
  const roster = page.getByTestId('roster');
  await expect(roster).toBeVisible();
  const long = new Intl.DateTimeFormat('en', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${DAY}T00:00:00Z`));
  await expect(page.getByTestId('roster-date')).toHaveText(long);
  await expect(page.getByTestId('staff-attendance')).toContainText('Nursery A');
  const row = page.getByTestId('roster-row').filter({ hasText: 'Kabir Khan' });
  await expect(row).toHaveAttribute('data-status', 'absent');
  await expect(row).toHaveAttribute('data-highlighted', 'true');
  await expect(row).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('cue-link-day.png') });
});

test('a link to another class of the teacher opens that class', async ({ page, request }) => {
  // An admin's current class is the first one; a link naming Kindergarten B opens it.
  const admin = await staffToken(request, SHELL_PHONES.admin);
  const kgB = await classId(request, admin, 'Kindergarten B');
  await openAs(page, request, SHELL_PHONES.admin, pagePath.attendance({ classId: kgB, date: DAY }));
  await expect(page.getByTestId('staff-attendance')).toContainText('Kindergarten B');
  await expect(page.getByTestId('roster')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`date=${DAY}`));
  await expect(page).not.toHaveURL(/class_id=/);
});
