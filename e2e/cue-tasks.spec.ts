import { expect, type Page, test } from '@playwright/test';
import { pastWeekdays } from './support/attendance.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

/** A day of its own in the shared database (the attendance journeys take the five before it). */
const DAY = pastWeekdays()[6] ?? '';

const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });

const rows = (page: Page) => page.getByTestId('roster-row');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });

/** Opens the task panel if it is closed. */
async function showTasks(page: Page): Promise<void> {
  await page.getByTestId('task-panel-toggle').click();
  await expect(page.getByRole('region', { name: 'Tasks' })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('a typed Cue command marks the attendance and the attendance page refreshes itself when the task is done', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await openAs(page, request, SHELL_PHONES.teacher, `/housekeeping/attendance?date=${DAY}`);
  await expect(rows(page)).toHaveCount(12);
  await expect(row(page, 'Omar Haddad')).toHaveAttribute('data-status', 'NA');
  // Marks this page: a reload would lose it.
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });

  // First use: a short tour, then the command box.
  const button = page.getByTestId('cue-button');
  await expect(button).toHaveAttribute('data-state', 'idle');
  await button.click();
  const tour = page.getByTestId('cue-tour');
  await expect(tour).toBeVisible();
  await expect(tour).toContainText('Step 1 of 3');
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour).toContainText('Step 2 of 3');
  await tour.getByRole('button', { name: 'Next' }).click();
  await tour.getByRole('button', { name: 'Start' }).click();
  await expect(tour).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('cue.voiceTourSeen'))).toBe('1');

  // The command is shown and editable before it is sent; without words nothing goes.
  const box = page.getByRole('textbox', { name: 'Your command' });
  await expect(box).toBeVisible();
  await expect(button).not.toHaveAttribute('data-state', 'idle');
  await box.fill('');
  await page.getByTestId('cue-send-command').click();
  await expect(page.getByText('Missing values: command')).toBeVisible();
  await box.fill('Mark everyone present except Omar');
  await shot(page, 'cue-voice-command-en');
  await page.getByTestId('cue-send-command').click();
  await expect(page.getByText('Request sent to Cue')).toBeVisible();
  await expect(button).toHaveAttribute('data-state', 'idle');

  // The panel opens with the task; it runs to 100 and says so.
  const panel = page.getByRole('region', { name: 'Tasks' });
  await expect(panel).toBeVisible();
  const task = panel.getByTestId('task-item').filter({ hasText: 'Mark everyone present except Omar' });
  await expect(task).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  await expect(task).toHaveAttribute('data-progress', '100');
  await expect(task).toHaveAttribute('data-preset', '1');
  await expect(task.getByText('Done')).toBeVisible();
  await expect(task.getByTestId('task-stage')).toHaveText('Attendance marked');
  await expect(task.getByTestId('task-output')).toHaveAttribute('href', /\/housekeeping\/attendance/);
  await expect(page.getByText('Cue has finished processing your command')).toBeVisible();

  // The page refreshed its data by itself: Omar absent, everyone else present, no reload.
  await expect(row(page, 'Omar Haddad')).toHaveAttribute('data-status', 'absent');
  await expect(rows(page).and(page.locator('[data-status="present"]'))).toHaveCount(11);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await shot(page, 'cue-task-panel-en');

  // Hide and Show Tasks.
  await panel.getByRole('button', { name: 'Hide' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId('task-panel-toggle')).toHaveText(/Show Tasks/);
  await showTasks(page);
  await expect(panel.getByTestId('task-item').first()).toHaveAttribute('data-state', 'done');

  // A reload replays the finished task; the tour does not come back.
  await page.reload();
  await expect(row(page, 'Omar Haddad')).toHaveAttribute('data-status', 'absent');
  await showTasks(page);
  await expect(page.getByTestId('cue-button')).toHaveAttribute('data-state', 'idle');
  const replayed = panel.getByTestId('task-item').filter({ hasText: 'Mark everyone present except Omar' });
  await expect(replayed).toHaveAttribute('data-state', 'done');
  await expect(replayed).toHaveAttribute('data-progress', '100');
  await page.getByTestId('cue-button').click();
  await expect(page.getByRole('textbox', { name: 'Your command' })).toBeVisible();
  await expect(page.getByTestId('cue-tour')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('cue-button')).toHaveAttribute('data-state', 'idle');
});

test('a task that fails turns red with Retry; an option is chosen; another action is asked for', async ({ page, request }) => {
  test.setTimeout(60_000);
  await openAs(page, request, SHELL_PHONES.teacher, '/dashboard');
  const button = page.getByTestId('cue-button');
  await expect(button).toHaveAttribute('data-state', 'idle');
  await page.evaluate(() => localStorage.setItem('cue.voiceTourSeen', '1'));

  // An announcement offers choices: send now or keep as a draft.
  await button.click();
  await page.getByRole('textbox', { name: 'Your command' }).fill('Tell parents that Friday is pyjama day');
  await page.getByRole('textbox', { name: 'Your command' }).press('Enter');
  await expect(page.getByText('Request sent to Cue')).toBeVisible();
  const panel = page.getByRole('region', { name: 'Tasks' });
  const announcement = panel.getByTestId('task-item').filter({ hasText: 'Tell parents that Friday is pyjama day' });
  await expect(announcement).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  const options = announcement.getByTestId('task-option');
  await expect(options).toHaveCount(2);
  const send = announcement.getByRole('checkbox', { name: 'Send now' });
  await expect(send).not.toBeChecked();
  await announcement.getByText('Send now').click();
  await expect(send).toBeChecked();
  await expect(announcement.getByRole('checkbox', { name: 'Keep as draft' })).not.toBeChecked();

  // Asking the task for something else: Enter with text sends, without text nothing happens.
  const more = announcement.getByTestId('task-request');
  const before = await panel.getByTestId('task-item').count();
  await more.press('Enter');
  await more.fill('Who was absent this week?');
  await more.press('Enter');
  await expect(more).toHaveValue('');
  await expect(panel.getByTestId('task-item')).toHaveCount(before + 1, { timeout: 20_000 });

  // A command Cue cannot do fails: a red bar and Retry.
  await button.click();
  await page.getByRole('textbox', { name: 'Your command' }).fill('Blorp the zibble quietly');
  await page.getByTestId('cue-send-command').click();
  const failed = panel.getByTestId('task-item').filter({ hasText: 'Blorp the zibble quietly' });
  await expect(failed).toHaveAttribute('data-state', 'error', { timeout: 20_000 });
  await expect(failed.getByTestId('task-error')).not.toBeEmpty();
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  await shot(page, 'cue-task-error-en');
});

test('the voice failure panel offers Retry and Dismiss when the request cannot be sent', async ({ page, request }) => {
  await openAs(page, request, SHELL_PHONES.teacher, '/dashboard');
  await expect(page.getByTestId('cue-button')).toHaveAttribute('data-state', 'idle');
  await page.evaluate(() => localStorage.setItem('cue.voiceTourSeen', '1'));
  // The server never acknowledges: the request is not taken.
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (typeof message === 'string' && message.includes('"cue-command"')) return;
      server.send(message);
    });
  });
  await page.reload();
  await expect(page.getByTestId('cue-button')).toHaveAttribute('data-state', 'idle');
  await page.getByTestId('cue-button').click();
  await page.getByRole('textbox', { name: 'Your command' }).fill('Mark everyone present');
  await page.getByTestId('cue-send-command').click();
  const failure = page.getByTestId('cue-voice-failure');
  await expect(failure).toContainText("Something went wrong, your request couldn't be sent", { timeout: 25_000 });
  await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
  await shot(page, 'cue-voice-failure-en');
  await failure.getByRole('button', { name: 'Dismiss' }).click();
  await expect(failure).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Your command' })).toHaveValue('Mark everyone present');
});

test('in Arabic the task panel reads right to left', async ({ page, request }) => {
  await openAs(page, request, SHELL_PHONES.teacher, '/dashboard');
  await page.evaluate(() => localStorage.setItem('cue.language', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('task-panel-toggle').click();
  const panel = page.getByRole('region', { name: 'المهام' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'إخفاء' })).toBeVisible();
  const task = panel.getByTestId('task-item').filter({ hasText: 'Mark everyone present except Omar' });
  await expect(task).toHaveAttribute('data-state', 'done');
  await expect(task.getByText('تمّ')).toBeVisible();
  await expect(task.getByTestId('task-request')).toHaveAttribute('placeholder', 'اطلب من كيو شيئًا آخر…');
  // The panel sits at the inline end: the left edge in Arabic.
  const box = await panel.boundingBox();
  expect(box && box.x + box.width / 2).toBeLessThan(640);
  await shot(page, 'cue-task-panel-ar');
  // The first-use tour in Arabic, skipped.
  await expect(page.getByTestId('cue-button')).toHaveAttribute('data-state', 'idle');
  await page.getByTestId('cue-button').click();
  const tour = page.getByTestId('cue-tour');
  await expect(tour).toContainText('الخطوة 1 من 3');
  await shot(page, 'cue-tour-ar');
  await tour.getByRole('button', { name: 'تخطَّ الجولة' }).click();
  await expect(page.getByRole('textbox', { name: 'أمرك' })).toBeVisible();
  await shot(page, 'cue-voice-command-ar');
});
