import { expect, type Page, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { classId, markDay, pastWeekdays, todayUtc } from './support/attendance.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

// The demo school keeps UTC; the browser does too, so "today" is the same day on both sides.
test.use({ timezoneId: 'UTC' });

const [TEACHER_DAY = '', PARENT_DAY = ''] = pastWeekdays();
const row = (page: Page, name: string) => page.getByTestId('roster-row').filter({ hasText: name });

test('a teacher marks a past day with two absences on a phone and completes it', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openAs(page, request, SHELL_PHONES.teacher, `/housekeeping/attendance?date=${TEACHER_DAY}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Attendance' })).toBeVisible();
  await expect(page.getByTestId('staff-attendance')).toContainText('Nursery A');
  const roster = page.getByTestId('roster');
  await expect(roster).toBeVisible();
  // A second attempt of this journey finds the day completed: a teacher of the class reopens it.
  if ((await roster.getAttribute('data-completed')) === 'true') {
    await page.getByRole('button', { name: 'Reopen' }).click();
  }
  if ((await roster.getAttribute('data-mode')) === 'view') await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(roster).toHaveAttribute('data-mode', 'edit');

  await page.getByRole('button', { name: 'Mark all present' }).click();
  await expect(page.getByTestId('count-absent')).toHaveText('0');
  await expect(page.getByTestId('count-NA')).toHaveText('0');

  await row(page, 'Vihaan Gupta').getByRole('button', { name: 'Absent', exact: true }).click();
  const kabir = row(page, 'Kabir Khan');
  await kabir.getByRole('button', { name: 'Absent', exact: true }).click();
  await expect(kabir).toHaveAttribute('data-status', 'absent');
  // Choosing the selected status again leaves the child Unassigned.
  await kabir.getByRole('button', { name: 'Absent', exact: true }).click();
  await expect(kabir).toHaveAttribute('data-status', 'NA');
  await expect(kabir).toContainText('Unassigned');
  await expect(page.getByTestId('count-NA')).toHaveText('1');
  await kabir.getByRole('button', { name: 'Absent', exact: true }).click();
  await expect(page.getByTestId('count-absent')).toHaveText('2');
  await expect(page.getByTestId('count-NA')).toHaveText('0');

  // The day's buttons fit the phone's width.
  const complete = page.getByRole('button', { name: 'Mark Complete' });
  const box = await complete.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('staff-attendance-phone.png'), fullPage: true });

  await complete.click();
  await expect(page.getByText('Attendance marked complete!')).toBeVisible();
  await expect(roster).toHaveAttribute('data-completed', 'true');
  await expect(page.getByTestId('completed-by')).toContainText('Completed by Tara Menon');

  // What was saved is what the next visit shows, in view mode.
  await page.reload();
  await expect(roster).toHaveAttribute('data-mode', 'view');
  await expect(page.getByTestId('completed-by')).toContainText('Completed by Tara Menon');
  await expect(page.getByTestId('count-absent')).toHaveText('2');
  await expect(row(page, 'Vihaan Gupta')).toHaveAttribute('data-status', 'absent');
  await expect(row(page, 'Kabir Khan')).toContainText('Absent');
  await expect(row(page, 'Aarav Sharma')).toContainText('Present');
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('staff-attendance-completed.png'), fullPage: true });
});

/** The parent's attendance view of a child, reached from the child's card on the dashboard. */
async function openChildAttendance(page: Page, child: string) {
  await page
    .getByTestId('child-card')
    .filter({ hasText: `${child} Sharma` })
    .getByRole('link', { name: 'Attendance' })
    .click();
  await expect(page).toHaveURL(/\/housekeeping\/attendance$/);
  await expect(page.getByRole('heading', { level: 1, name: `${child}'s attendance` })).toBeVisible();
}

async function showMonthOf(page: Page, iso: string) {
  if (iso.slice(0, 7) !== todayUtc().slice(0, 7)) await page.getByRole('button', { name: 'Previous month' }).click();
}

test('a parent sees his child’s absence on the month, and a change arrives without a reload', async ({ page, request }) => {
  const teacher = await staffToken(request, SHELL_PHONES.teacher);
  const nurseryA = await classId(request, teacher, 'Nursery A');
  await markDay(request, teacher, nurseryA, PARENT_DAY, {});

  await page.setViewportSize({ width: 375, height: 812 });
  await openAs(page, request, SHELL_PHONES.parent);
  await openChildAttendance(page, 'Aarav');
  await showMonthOf(page, PARENT_DAY);
  const day = page.getByTestId(`day-${PARENT_DAY}`);
  await expect(day).toHaveText('Present');

  // The teacher marks Aarav absent: the parent's open page follows (the class's real-time room).
  // (Saved again until it shows, in case the page had not joined the room yet when the first save went out.)
  await expect(async () => {
    await markDay(request, teacher, nurseryA, PARENT_DAY, { 'Aarav Sharma': 'absent' });
    await expect(day).toHaveText('Absent', { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath('parent-attendance-phone.png'), fullPage: true });

  await page.reload();
  await showMonthOf(page, PARENT_DAY);
  await expect(page.getByTestId(`day-${PARENT_DAY}`)).toHaveText('Absent');
});

test('a parent reports an absence ahead, the class teacher approves it, and the day shows excused', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const reason = `Grandmother's visit ${Date.now()}`;
  await openAs(page, request, SHELL_PHONES.parent);
  await openChildAttendance(page, 'Ira');
  await page.getByRole('button', { name: 'Report an absence' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report an absence for Ira' });
  // The dates start at today (the picker refuses earlier days).
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Give a reason')).toBeVisible();
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Absence reported')).toBeVisible();
  const mine = page.getByTestId('excusal').filter({ hasText: reason });
  await expect(mine.getByTestId('excusal-state')).toHaveText('Waiting');

  // Neha teaches Kindergarten B (and is a parent too: she works here as staff).
  const { baseURL, viewport } = test.info().project.use;
  const staffContext = await browser.newContext({ baseURL, viewport, timezoneId: 'UTC', locale: 'en-US' });
  try {
    const teacher = await staffContext.newPage();
    await openAs(teacher, teacher.request, SHELL_PHONES.dualRole, '/housekeeping/attendance?tab=excusals');
    await expect(teacher.getByTestId('staff-attendance')).toContainText('Kindergarten B');
    await expect(teacher.getByTestId('pending-excusals')).toBeVisible();
    const card = teacher.getByTestId('excusal').filter({ hasText: reason });
    await expect(card).toContainText('Ira Sharma');
    await card.getByRole('button', { name: 'Approve the absence of Ira Sharma' }).click();
    await expect(teacher.getByText('Absence of Ira Sharma approved')).toBeVisible();

    // Today's roster: Ira is excused before anyone marks her.
    await teacher.getByRole('tab', { name: 'Roster' }).click();
    await expect(row(teacher, 'Ira Sharma')).toHaveAttribute('data-status', 'excused');
  } finally {
    await staffContext.close();
  }

  await page.reload();
  await expect(page.getByTestId('excusal').filter({ hasText: reason }).getByTestId('excusal-state')).toHaveText('Approved');
  const weekday = ![0, 6].includes(new Date(`${todayUtc()}T00:00:00Z`).getUTCDay());
  if (weekday) await expect(page.getByTestId(`day-${todayUtc()}`)).toHaveText('Excused');
});
