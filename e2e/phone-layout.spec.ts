import { expect, type Locator, type Page, test } from '@playwright/test';
import { pastWeekdays } from './support/attendance.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

// The demo school keeps UTC; the browser does too.
test.use({ timezoneId: 'UTC', viewport: { width: 390, height: 844 } });

const DAY = pastWeekdays()[5] ?? '';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether a button is in the screen and nothing floating (Cue's buttons, the task button) lies over it. */
async function expectClear(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  for (const floating of [page.getByTestId('task-panel-toggle'), page.getByTestId('cue-overlay-toggle')]) {
    const other = await floating.boundingBox();
    if (other) expect(overlaps(box, other), `${await target.textContent()} is under a floating button`).toBe(false);
  }
}

/** Whether an element shows all of its text (not cut off with an ellipsis). */
const showsAll = (target: Locator) => target.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);

test('on a phone the class, the tabs and the day’s buttons are whole, and Cue’s buttons cover none of them', async ({
  page,
  request,
}) => {
  await openAs(page, request, SHELL_PHONES.teacher, `/housekeeping/attendance?date=${DAY}`);
  const roster = page.getByTestId('roster');
  await expect(roster).toBeVisible();
  // Cue's buttons and the task button come when the page is idle.
  await expect(page.getByTestId('task-panel-toggle')).toBeVisible();
  await expect(page.getByTestId('cue-overlay-toggle')).toBeVisible();

  // The class picker shows the whole class name; every tab, Admin included, is in the screen and whole.
  const selector = page.getByTestId('class-selector');
  await expect(selector).toContainText('Nursery A');
  expect(await showsAll(selector.locator('span').last())).toBe(true);
  // The tabs' row under the top bar (the top bar's own copy is hidden at this width).
  const tabs = page.getByTestId('top-tabs').filter({ visible: true }).getByRole('link');
  await expect(tabs).toHaveCount(4);
  for (const tab of await tabs.all()) {
    const box = await tab.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, (await tab.textContent()) ?? '').toBe(true);
  }
  await expect(tabs.last()).toHaveText('Admin');

  // A day being marked: Save and Mark Complete are clear of the floating buttons.
  if ((await roster.getAttribute('data-completed')) === 'true') await page.getByRole('button', { name: 'Reopen' }).click();
  if ((await roster.getAttribute('data-mode')) === 'view') await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(roster).toHaveAttribute('data-mode', 'edit');
  await page.getByRole('button', { name: 'Mark all present' }).click();
  await expectClear(page, page.getByRole('button', { name: 'Save', exact: true }));
  await expectClear(page, page.getByRole('button', { name: 'Mark Complete' }));
  await page.screenshot({ path: test.info().outputPath('attendance-editing-phone.png') });

  // Saved, not complete: Mark Complete stays beside Edit.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(roster).toHaveAttribute('data-mode', 'view');
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  const complete = page.getByRole('button', { name: 'Mark Complete' });
  await expect(complete).toBeVisible();
  await expectClear(page, complete);
  await page.screenshot({ path: test.info().outputPath('attendance-saved-phone.png') });
  await complete.click();
  await expect(roster).toHaveAttribute('data-completed', 'true');
  await expectClear(page, page.getByRole('button', { name: 'Reopen' }));

  // The last child of the list can be scrolled clear of the floating buttons.
  const last = page.getByTestId('roster-row').last();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastBox = await last.boundingBox();
  const toggle = await page.getByTestId('task-panel-toggle').boundingBox();
  expect(lastBox && toggle && lastBox.y + lastBox.height <= toggle.y).toBe(true);
  await page.screenshot({ path: test.info().outputPath('attendance-completed-phone.png') });
});

test('on a phone the parent’s month shows a sign in every status chip', async ({ page, request }) => {
  await openAs(page, request, SHELL_PHONES.parent, '/housekeeping/attendance');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('attendance');
  const chips = page.locator('[data-testid^="day-"]');
  // Early in a month there may be no school day yet: the month before has some.
  if ((await chips.count()) === 0) await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(chips.first()).toBeVisible();
  for (const chip of (await chips.all()).slice(0, 10)) {
    const sign = chip.locator('svg');
    await expect(sign).toBeVisible();
    const box = await sign.boundingBox();
    expect(box && box.width > 0 && box.height > 0).toBe(true);
  }
  // The legend names the signs.
  await expect(page.getByText('Unassigned', { exact: true }).last()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('parent-month-phone.png'), fullPage: true });
});
