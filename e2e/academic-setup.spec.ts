import { addDays, ddmmyyyyFromIso } from '@cue/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { archiveSchedulesNamed, classDays, localIso, nextMonday, scheduleNamed } from './support/academic.js';
import { staffToken } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { classIds } from './support/communication.js';
import { runTag } from './support/media.js';
import { pickDate } from './support/planning.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

/*
 * The academic setup's day schedule and resources (issue 25): Anita gives Kindergarten B a rotating
 * two-day schedule and sees its Day 1 and Day 2 in the class's coming week; she adds tricycles, Tara
 * books both of them and a second booking at the same time is refused, Tara cancels, Anita archives
 * them and the history shows it all. Then both pages in Hebrew on a phone. Journeys share one database:
 * names carry the run's word, Kindergarten B's schedule is archived at the end.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility.
test.use({ bypassCSP: true });

const SCHEDULE = '/admin/academic-setup/day-schedule';
const RESOURCES = '/admin/academic-setup/resources';
const EMAILS = '/admin/academic-setup/email-templates';
const SCHEDULE_PREFIX = 'Kindergarten B rotation';
/** A segmented control's option, chosen through its label (the radio itself is hidden). */
const segment = (scope: Page | Locator, text: string) => scope.locator('label').filter({ hasText: new RegExp(`^${text}$`) });
const toastWith = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test.afterAll(async ({ request }) => {
  // Kindergarten B's days go back to the school's schedule even when the journey stopped halfway.
  await archiveSchedulesNamed(request, await staffToken(request, SHELL_PHONES.admin), SCHEDULE_PREFIX);
});

test('an admin gives a class a rotating two-day schedule, is told of overlapping parts, and sees Day 1 and Day 2 in its coming week', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const name = `${SCHEDULE_PREFIX} ${tag}`;
  const anita = await staffToken(request, SHELL_PHONES.admin);
  // A leftover of an earlier run would hold the class's place (one live schedule per class).
  await archiveSchedulesNamed(request, anita, SCHEDULE_PREFIX);
  const kindergartenB = (await classIds(request, anita))['Kindergarten B'];
  if (!kindergartenB) throw new Error('Anita reaches no Kindergarten B');
  const monday = nextMonday(localIso());

  await openAs(page, request, SHELL_PHONES.admin, SCHEDULE);
  await expect(page.getByRole('heading', { level: 1, name: 'Day schedule' })).toBeVisible();
  await page.getByRole('button', { name: 'New day schedule' }).click();
  const editor = page.getByRole('dialog', { name: 'New day schedule' });
  await editor.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await segment(editor, 'Class').click();
  await editor.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: 'Kindergarten B', exact: true }).click();
  await segment(editor, 'Rotating').click();
  await editor.getByRole('textbox', { name: 'Days in the cycle' }).fill('2');
  await pickDate(page, editor.getByRole('button', { name: 'Day 1 of the cycle' }), monday);
  await expect(editor.getByRole('tab')).toHaveCount(2);

  // Day 1: a morning session and lunch (the afternoon removed).
  await editor.getByRole('tab', { name: /^Day 1/ }).click();
  await editor.getByRole('button', { name: 'Remove Afternoon' }).click();
  await editor.getByRole('textbox', { name: 'Name of part 1' }).fill('Circle and garden');
  await expect(editor.getByRole('textbox', { name: 'Start of Circle and garden' })).toHaveValue('09:00');
  await expect(editor.getByTestId('slot-row')).toHaveCount(2);

  // Day 2: a forest session and lunch; lunch moved into the session is refused as overlapping.
  await editor.getByRole('tab', { name: /^Day 2/ }).click();
  await editor.getByRole('button', { name: 'Remove Afternoon' }).click();
  await editor.getByRole('textbox', { name: 'Name of part 1' }).fill('Forest school');
  await editor.getByRole('textbox', { name: 'Start of Lunch' }).fill('11:30');
  await expect(editor.getByText('Two parts of the same day overlap').first()).toBeVisible();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByTestId('schedule-problems')).toContainText('Two parts of the same day overlap');
  await expect(editor).toBeVisible();
  await editor.getByRole('textbox', { name: 'Start of Lunch' }).fill('12:00');
  await expect(editor.getByText('Two parts of the same day overlap')).toHaveCount(0);
  await expect(editor.getByTestId('slot-row')).toHaveCount(2);
  await expectNoSeriousViolations(page, 'the day schedule editor');
  await page.screenshot({ path: test.info().outputPath('day-schedule-editor.png'), fullPage: true });

  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(toastWith(page, 'Day schedule added')).toBeVisible();
  await expect(editor).toBeHidden();
  const row = page.getByTestId('day-schedules').locator('tr').filter({ hasText: name });
  await expect(row).toContainText('Class: Kindergarten B');
  await expect(row).toContainText('Rotating, 2 days');
  const saved = await scheduleNamed(request, anita, name);
  expect(saved?.days.map((d) => [d.day, d.slots.map((s) => `${s.kind} ${s.name} ${s.start}-${s.end}`)])).toEqual([
    ['day_1', ['session Circle and garden 09:00 AM-12:00 PM', 'break Lunch 12:00 PM-12:45 PM']],
    ['day_2', ['session Forest school 09:00 AM-12:00 PM', 'break Lunch 12:00 PM-12:45 PM']],
  ]);

  // The class's coming week: its days alternate Day 1, Day 2 from Monday (holidays skipped).
  await page.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: 'Kindergarten B', exact: true }).click();
  await page.getByRole('button', { name: 'Next week' }).click();
  const week = page.getByTestId('class-days-week');
  await expect(week).toContainText(`Follows ${name}`);
  const expected = await classDays(request, anita, kindergartenB, monday, addDays(monday, 4));
  const labels = expected.days.filter((d) => d.day).map((d) => [d.date, d.day === 'day_1' ? 'Day 1' : 'Day 2']);
  expect(labels.map(([, l]) => l)).toEqual(labels.map((_, i) => (i % 2 === 0 ? 'Day 1' : 'Day 2')));
  expect(labels.length).toBeGreaterThan(1);
  for (const [date, label] of labels) {
    const card = week.locator(`[data-testid="class-day"][data-date="${date}"]`);
    await expect(card).toContainText(label ?? '');
    await expect(card).toContainText(label === 'Day 1' ? 'Circle and garden' : 'Forest school');
  }
  await expect(week.locator(`[data-testid="class-day"][data-date="${ddmmyyyyFromIso(monday)}"]`)).toContainText(
    expected.days[0]?.day ? 'Day 1' : 'No school',
  );
  await expectNoSeriousViolations(page, "the day schedule page with a class's week");
  await page.screenshot({ path: test.info().outputPath('day-schedule-week.png'), fullPage: true });

  // Archived, Kindergarten B follows the school's day again.
  await row.getByRole('button', { name: `Archive ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Archive ${name}?` });
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expect(toastWith(page, 'Day schedule archived')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(week).not.toContainText(name);
  expect((await classDays(request, anita, kindergartenB, monday, monday)).schedule?.name).not.toBe(name);
});

test('an admin adds tricycles, a teacher books both, a booking over what is free is refused, she cancels, and the admin archives them with their history', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const name = `Tricycles ${tag}`;
  const tomorrow = addDays(localIso(), 1);

  // Anita adds them to the catalogue: equipment, two of them.
  await openAs(page, request, SHELL_PHONES.admin, RESOURCES);
  await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
  await page.getByRole('button', { name: 'Add resource' }).click();
  const form = page.getByRole('dialog', { name: 'Add resource' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await segment(form, 'Equipment').click();
  await form.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await form.getByRole('textbox', { name: 'Location' }).fill('Garden shed');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toastWith(page, 'Resource added')).toBeVisible();
  await expect(form).toBeHidden();
  const row = page.getByTestId('resources-table').locator('tr').filter({ hasText: name });
  await expect(row).toContainText('Equipment');
  await expect(row).toContainText('Garden shed');

  // Tara books both for tomorrow morning from the Bookings tab; both are free before.
  await openAs(page, request, SHELL_PHONES.teacher, RESOURCES);
  await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
  await page.getByRole('tab', { name: 'Bookings' }).click();
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  let book = page.getByRole('dialog', { name: /^Book/ });
  await book.getByRole('combobox', { name: 'Resource' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(book).toHaveAccessibleName(`Book ${name}`);
  await pickDate(page, book.getByRole('button', { name: 'Date' }), tomorrow);
  await book.getByLabel('Start').fill('10:00');
  await book.getByLabel('End').fill('11:00');
  await expect(book.getByTestId('booking-availability')).toHaveText('2 of 2 free');
  await book.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await book.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: 'Nursery A', exact: true }).click();
  await book.getByRole('textbox', { name: 'Purpose' }).fill(`Races ${tag}`);
  await book.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(toastWith(page, 'Booked')).toBeVisible();
  await expect(book).toBeHidden();

  // A second booking overlapping it, of one more: none is free, and the school refuses it.
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  book = page.getByRole('dialog', { name: /^Book/ });
  await book.getByRole('combobox', { name: 'Resource' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await pickDate(page, book.getByRole('button', { name: 'Date' }), tomorrow);
  await book.getByLabel('Start').fill('10:30');
  await book.getByLabel('End').fill('11:30');
  await expect(book.getByTestId('booking-availability')).toHaveText('0 of 2 free');
  await book.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(book.getByText('Not enough of this resource is free at that time')).toBeVisible();
  await expectNoSeriousViolations(page, 'the refused booking');
  await page.screenshot({ path: test.info().outputPath('resource-refused.png'), fullPage: true });
  await page.keyboard.press('Escape');
  await expect(book).toBeHidden();

  // Tomorrow's bookings: hers, two tricycles; she cancels it.
  await segment(page, 'Day').click();
  await page.getByRole('button', { name: 'Next day' }).click();
  // (Times are written by Intl, with a narrow space before AM, each time isolated for either direction.)
  const booking = page.getByTestId('booking').filter({ hasText: `Races ${tag}` });
  await expect(booking).toContainText(/10:00\sAM\W*–\W*11:00\sAM/);
  await expect(booking).toContainText('× 2');
  await expect(booking).toContainText('Nursery A');
  await expect(booking).toContainText('Booked by Tara');
  await booking
    .getByRole('button', { name: new RegExp(`^Cancel booking of ${name} at \\W*10:00\\sAM\\W*–\\W*11:00\\sAM`) })
    .click();
  const cancel = page.getByRole('dialog', { name: `Cancel the booking of ${name}?` });
  await cancel.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(toastWith(page, 'Booking cancelled')).toBeVisible();
  await expect(booking).toHaveCount(0);

  // Anita archives them; the history lists what happened to them.
  await openAs(page, request, SHELL_PHONES.admin, RESOURCES);
  await row.getByRole('button', { name: `Archive ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Archive ${name}?` })
    .getByRole('button', { name: 'Archive' })
    .click();
  await expect(toastWith(page, 'Resource archived')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expectNoSeriousViolations(page, 'the resources after archiving');
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History of changes' });
  const entries = history.getByTestId('audit-entry').filter({ hasText: name });
  await expect(entries.first()).toContainText('Archived');
  await expect(entries.filter({ hasText: 'Created' })).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('resource-history.png'), fullPage: true });
});

test('in Hebrew on a phone, the email templates and the resources read right to left without sideways scrolling', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('cue.language', 'he'));
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  await openAs(page, request, SHELL_PHONES.admin, EMAILS);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'he');
  await expect(page.getByTestId('email-announcement-he')).toBeVisible();
  await expect(page.getByTestId('email-announcement')).toContainText('עברית');
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page, 'the email templates in Hebrew on a phone');
  await page.screenshot({ path: test.info().outputPath('email-templates-he-phone.png'), fullPage: true });

  await openAs(page, request, SHELL_PHONES.admin, RESOURCES);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('resources-table').locator('tbody tr').first()).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page, 'the resources in Hebrew on a phone');
  await page.screenshot({ path: test.info().outputPath('resources-he-phone.png'), fullPage: true });
  await page.getByRole('tab').nth(1).click();
  await expect(page.getByTestId('book-resource')).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page, 'the bookings in Hebrew on a phone');
});
