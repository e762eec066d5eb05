import { expect, test } from '@playwright/test';
import { makeCurrentChild } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { childDay, pastTime, saying, tileOf, toastWith } from './support/carelog.js';
import { runTag } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';
import { nurseryA, parentToken } from './support/stories.js';

/*
 * The carelog in Arabic, right to left: Tara logs a meal for two children of Nursery A, Aarav's father
 * reads it in Aarav's day, and on a phone's screen the room board keeps its tiles and its entry bar in
 * reach. The children's names stay as the school wrote them; everything else is in Arabic.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility. The demo school keeps UTC.
test.use({ bypassCSP: true, timezoneId: 'UTC' });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cue.language', 'ar'));
});

test("in Arabic, right to left: a teacher logs a meal for two children and Aarav's father reads it in his day", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const food = `عدس وأرز ${tag}`;

  await openAs(page, request, SHELL_PHONES.teacher, '/communication/carelog');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'سجل الرعاية' })).toBeVisible();
  await expect(page.getByText('الوجبات والقيلولة والحفاضات والأدوية والحوادث في Nursery A')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'الغرفة' })).toHaveAttribute('aria-selected', 'true');

  // Two children, then "Meal": the form in Arabic, one entry for each.
  await tileOf(page, 'Aarav Sharma').click();
  await tileOf(page, 'Kabir Khan').click();
  await expect(page.getByText('اختير طفلان')).toBeVisible();
  await page.getByRole('toolbar', { name: 'سجّل للأطفال المختارين' }).getByRole('button', { name: 'وجبة', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'وجبة لطفلين' });
  await form.getByLabel('الوقت').fill(pastTime(4).field);
  await form.getByLabel('الطعام').fill(food);
  await form.getByRole('radio', { name: 'معظمها' }).check();
  await form.getByRole('button', { name: 'حفظ', exact: true }).click();
  await expect(toastWith(page, 'حُفظ لطفلين')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(tileOf(page, 'Kabir Khan')).toHaveAccessibleDescription(new RegExp(`وجبة: .*${food}`));
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'the room board in Arabic');
  await page.screenshot({ path: test.info().outputPath('carelog-ar-room.png'), fullPage: true });

  // Rohan, in Arabic: the meal in Aarav's day, in his words.
  await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
  await openAs(page, request, SHELL_PHONES.parent, '/communication/carelog');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'سجل الرعاية' })).toBeVisible();
  await expect(page.getByText('يوم Aarav Sharma في المدرسة')).toBeVisible();
  const meal = page
    .getByRole('list', { name: 'يوم Aarav Sharma' })
    .locator('[data-testid="day-item"][data-kind="meal"]')
    .filter({ hasText: food });
  await expect(meal).toContainText('وجبة');
  await expect(meal).toContainText('معظمها');
  await expect(meal).toContainText(saying('بواسطة Tara Menon'));
  await expect(page.getByRole('switch', { name: 'أرسل لي ملخصًا كل يوم بالبريد' })).toBeVisible();
  await expectNoSeriousViolations(page, "the family's day in Arabic");
  await page.screenshot({ path: test.info().outputPath('carelog-ar-family.png'), fullPage: true });

  // The server wrote one for each child.
  const rohan = await parentToken(request, SHELL_PHONES.parent);
  expect((await childDay(request, rohan, cls.child('Aarav'))).entries.filter((e) => e.details.food === food)).toHaveLength(1);
  expect((await childDay(request, cls.token, cls.child('Kabir'))).entries.filter((e) => e.details.food === food)).toHaveLength(1);
});

test('in Arabic on a phone (390 px), the room board keeps its tiles and its entry bar in reach', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, request, SHELL_PHONES.teacher, '/communication/carelog');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const board = page.getByTestId('room-board');
  const tiles = board.getByTestId('care-tile');
  await expect(tiles.first()).toBeInViewport();
  expect(await tiles.count()).toBeGreaterThanOrEqual(5);
  // Two tiles a row, each wide enough to read and tap.
  const first = await tiles.first().boundingBox();
  expect(first?.width ?? 0).toBeGreaterThanOrEqual(120);

  // The entry bar stays on screen while the room scrolls, and its kinds can be reached.
  const bar = page.getByRole('toolbar', { name: 'سجّل للأطفال المختارين' });
  await expect(bar).toBeInViewport();
  await tileOf(page, 'Meera Nair').click();
  await expect(page.getByText('اختير طفل واحد')).toBeVisible();
  await page.mouse.wheel(0, 600);
  await expect(bar).toBeInViewport();
  for (const kind of ['وجبة', 'قيلولة', 'حفاض', 'ملاحظة']) {
    const button = bar.getByRole('button', { name: kind, exact: true });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport();
    await expect(button).toBeEnabled();
  }
  // Tapping one opens its form for the chosen child.
  await bar.getByRole('button', { name: 'حفاض', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'حفاض لطفل واحد' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'إلغاء' }).click();
  // Nothing runs off the side of the phone's screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('carelog-ar-phone.png'), fullPage: false });
});
