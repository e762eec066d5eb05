import { ROUTES } from '@cue/contract';
import { expect, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { addKiosk, typeOnKeypad } from './support/dispersal.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

/*
 * Staff attendance (issue 27): Sam checks in on his leave page and out at the kiosk by the door with his
 * staff code; Anita's daily register shows both times and how each was recorded, she corrects his day with
 * a note, and downloads the month's report. Journeys share one database: Sam's day is cleared first, so a
 * retried run starts from the same morning.
 */

test.use({ bypassCSP: true });

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

test('a member checks in on the web and out at the kiosk; the register shows both, is corrected with a note, and the month downloads', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const anita = await staffToken(page.request, SHELL_PHONES.admin);
  const sam = await staffToken(page.request, SHELL_PHONES.superAdmin);
  const mine = ROUTES.myStaffAttendance.response.parse(
    await (await page.request.get('/api/staff_attendance/me', { headers: auth(sam) })).json(),
  ).result;
  const reset = await page.request.put('/api/staff_attendance/register', {
    headers: auth(anita),
    data: { staff_id: mine.today.staff._id, date: mine.today.date, check_in: null, check_out: null, note: 'Cleared' },
  });
  expect(reset.ok(), await reset.text()).toBe(true);

  // Sam checks in from his leave page.
  await openAs(page, page.request, SHELL_PHONES.superAdmin, '/admin/leave-portal/myleave');
  const card = page.getByTestId('my-attendance');
  await expect(card.getByRole('heading', { name: 'My attendance today' })).toBeVisible();
  await expect(card.getByTestId('my-attendance-times')).toHaveText('Not checked in yet');
  await card.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByText('Checked in', { exact: true }).first()).toBeVisible();
  await expect(card.getByTestId('my-attendance-times')).toContainText('In at');
  await expect(card.getByRole('button', { name: 'Check out' })).toBeVisible();
  const code = (await card.getByTestId('my-staff-code').innerText()).trim();
  expect(code).toMatch(/^\d{6}$/);
  await expectNoSeriousViolations(page, 'my attendance');

  // At the kiosk by the door, the same code checks him out.
  const kiosk = await addKiosk(page.request, anita, `Staff door ${Date.now() % 100000}`);
  const { baseURL } = test.info().project.use;
  const door = await browser.newContext({ baseURL, viewport: { width: 768, height: 1024 }, locale: 'en-US' });
  const tablet = await door.newPage();
  await tablet.goto(kiosk.path);
  await tablet.getByTestId('kiosk-staff').click();
  await expect(tablet.getByRole('heading', { level: 1, name: 'Staff: your code' })).toBeVisible();
  await typeOnKeypad(tablet, code);
  const done = tablet.getByTestId('kiosk-staff-done');
  await expect(done).toHaveAttribute('data-action', 'out');
  await expect(done).toContainText('Goodbye, Sam Rao: out at');
  await expectNoSeriousViolations(tablet, 'the kiosk after a staff check-out');
  await door.close();

  // Anita's register shows the day: in on the web, out at the kiosk.
  const admin = await browser.newPage();
  await openAs(admin, admin.request, SHELL_PHONES.admin, '/admin/leave-portal/attendance');
  await expect(admin.getByRole('heading', { name: 'Staff attendance', level: 1 })).toBeVisible();
  const row = admin.getByTestId('staff-register').getByRole('row').filter({ hasText: 'Sam Rao' });
  await expect(row).toHaveAttribute('data-status', /present|late/);
  await expect(row).toContainText('web');
  await expect(row).toContainText('kiosk');
  await expectNoSeriousViolations(admin, 'the staff register');

  // She corrects it with a note: the reason stays on the day.
  await row.getByRole('button', { name: /^Correct/ }).click();
  const dialog = admin.getByRole('dialog', { name: /^Sam Rao on / });
  await dialog.getByLabel('Note').fill('Left by the back door');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Left by the back door');

  // The month's report counts his day and downloads as CSV.
  await admin.getByRole('tab', { name: 'Monthly report' }).click();
  await expect(admin.getByTestId('staff-report').getByRole('row').filter({ hasText: 'Sam Rao' })).toBeVisible();
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^staff-attendance-\d{2}-\d{4}\.csv$/);

  // The schedules tab names the school's hours.
  await admin.getByRole('tab', { name: 'Schedules' }).click();
  await expect(admin.getByRole('heading', { name: 'School hours' })).toBeVisible();
  await expect(admin.getByTestId('staff-schedules').getByRole('row').filter({ hasText: 'Sam Rao' })).toBeVisible();
});
