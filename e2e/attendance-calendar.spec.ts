import { expect, test } from '@playwright/test';
import { pastWeekdays } from './support/attendance.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

test.use({ timezoneId: 'UTC' });

test('an admin adds a school event, a parent sees it, and the admin deletes it', async ({ page, browser, request }) => {
  test.setTimeout(60_000);
  const title = `Open morning ${Date.now()}`;
  await openAs(page, request, '9000000002', '/housekeeping/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Give the event a title')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Details').fill('Families are welcome to visit the classes.');
  // An admin's event is for the whole school by default.
  await expect(dialog.getByRole('combobox', { name: 'For' })).toHaveValue('The whole school');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Event created')).toBeVisible();
  await expect(page.getByTestId('calendar-event').filter({ hasText: title })).toBeVisible();

  // Week and agenda views show it too.
  await page.getByText('Week', { exact: true }).click();
  await expect(page.getByTestId('calendar-event').filter({ hasText: title })).toBeVisible();
  await page.getByText('Agenda', { exact: true }).click();
  await expect(page.getByTestId('agenda')).toContainText(title);

  const { baseURL, viewport } = test.info().project.use;
  const family = await browser.newContext({ baseURL, viewport, timezoneId: 'UTC', locale: 'en-US' });
  try {
    const parent = await family.newPage();
    await openAs(parent, parent.request, SHELL_PHONES.parent, '/housekeeping/calendar');
    await expect(parent.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    // Parents read the calendar; they do not add to it.
    await expect(parent.getByRole('button', { name: 'New event' })).toHaveCount(0);
    await parent.getByTestId('calendar-event').filter({ hasText: title }).click();
    const details = parent.getByRole('dialog', { name: title });
    await expect(details.getByTestId('event-details')).toContainText('Whole school');
    await expect(details).toContainText('Families are welcome');
  } finally {
    await family.close();
  }

  await page.getByTestId('agenda').getByText(title).click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await edit.getByRole('button', { name: 'Delete event' }).click();
  await page.getByRole('dialog', { name: 'Delete this event?' }).getByRole('button', { name: 'Delete event' }).click();
  await expect(page.getByText('Event deleted')).toBeVisible();
  await expect(page.getByTestId('agenda').getByText(title)).toHaveCount(0);
});

test('the attendance page reads right to left in Arabic', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('cue.language', 'ar'));
  await openAs(page, request, SHELL_PHONES.teacher, `/housekeeping/attendance?date=${pastWeekdays()[3]}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'الحضور' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'قائمة الصف' })).toBeVisible();
  const firstRow = page.getByTestId('roster-row').first();
  await expect(firstRow).toBeVisible();
  // The child's name starts at the right-hand edge of the row.
  const rowBox = await firstRow.boundingBox();
  const nameBox = await firstRow.getByTestId('student-name').boundingBox();
  expect(rowBox && nameBox && rowBox.x + rowBox.width - (nameBox.x + nameBox.width)).toBeLessThan(80);
  await page.screenshot({ path: test.info().outputPath('attendance-ar.png'), fullPage: true });
});
