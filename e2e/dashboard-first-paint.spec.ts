import { expect, type Locator, type Page, type Route, test } from '@playwright/test';
import { PHONES, signIn } from './support/auth.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { logout, profileMenu } from './support/shell.js';

// bypassCSP: axe-core is injected into the pages to check their accessibility.
test.use({ bypassCSP: true });

/** Where the app keeps the copy of the dashboard's first screen (apps/web/src/lib/firstPaint.ts). */
const FIRST_PAINT_KEY = 'cue.firstPaint';
/** The copy as index.html's boot script paints it, outside #root. */
const COPY = '#cue-first-paint';
/** The app's code: every script of the build but index.html's boot script, which paints the copy. */
const APP_CODE = /\/assets\/(?!app-boot-)[^/?]+\.js(\?.*)?$/;

interface KeptCopy {
  build: string;
  lang: string;
  dir: string;
  html: string;
}

/** The copy this browser holds, or null. */
const keptCopy = (page: Page) =>
  page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as KeptCopy) : null;
  }, FIRST_PAINT_KEY);

/**
 * Reloads the page with the app's code held back: its requests wait until `release` is called. Returns
 * the addresses of the app's code the page has asked for so far.
 */
async function reloadWithCodeHeld(page: Page): Promise<{ asked: string[]; release: () => Promise<void> }> {
  let open: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    open = resolve;
  });
  const asked: string[] = [];
  const hold = async (route: Route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  };
  await page.route(APP_CODE, hold);
  // Not 'load' (nor, on the login page, whose boot module is held too, 'domcontentloaded'): the scripts
  // held keep those events from firing.
  await page.reload({ waitUntil: 'commit' });
  return {
    asked,
    release: async () => {
      open();
      // Once the requests held have gone on.
      await page.unrouteAll({ behavior: 'wait' });
    },
  };
}

/** The box of an element, for comparing where it stands in the copy and in the app's page. */
async function boxOf(element: Locator) {
  const box = await element.boundingBox();
  expect(box, `a box for ${element}`).not.toBeNull();
  return box as NonNullable<typeof box>;
}

function expectSameBox(
  before: { x: number; y: number; width: number; height: number },
  after: { x: number; y: number; width: number; height: number },
  what: string,
) {
  for (const side of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(after[side] - before[side]), `${what}: ${side} ${before[side]} → ${after[side]}`).toBeLessThanOrEqual(3);
}

test('a returning teacher sees her dashboard before the app has loaded, the app takes its place without a move, and sign-out forgets it', async ({
  page,
}) => {
  test.setTimeout(120_000);

  // Tara signs in and opens her dashboard; once it has its data, the browser keeps a copy of its first
  // screen. (Opened afresh: in the page she signed in on no copy is kept, see the known gap below. The
  // rebrand banner dismissed: the copy leaves it out, see the other known gap.)
  await signIn(page, PHONES.teacher);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Dismiss announcement' }).click();
  const card = page.getByTestId('class-card').filter({ hasText: 'Nursery A' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /, Tara$/ })).toBeVisible();
  await expect.poll(async () => (await keptCopy(page))?.lang, { timeout: 15_000 }).toBe('en');
  const first = await keptCopy(page);
  expect(first?.dir).toBe('ltr');
  expect(first?.html).toContain('Tara');
  expect(first?.html).toContain('Nursery A');

  // The next visit: her greeting and her class are on screen while the app's code is still held back.
  const english = await reloadWithCodeHeld(page);
  const copy = page.locator(COPY);
  const copyGreeting = copy.locator('[data-first-paint="greeting"]');
  const copyClass = copy.locator('main article h3', { hasText: 'Nursery A' });
  await expect(copyGreeting).toHaveText(/^Good (morning|afternoon|evening), Tara$/);
  await expect(copyGreeting).toBeVisible();
  await expect(copyClass).toBeVisible();
  await expect(copy).toHaveAttribute('inert', '');
  await expect(copy).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  // The app's code has been asked for (after the copy's paint) and has not come: #root is not shown.
  await expect.poll(() => english.asked.length).toBeGreaterThan(0);
  await expect(page.locator('#root')).toBeHidden();
  const greetingBefore = await boxOf(copyGreeting);
  const classBefore = await boxOf(copyClass);

  // The code comes: the app's own dashboard replaces the copy, where the copy stood.
  await english.release();
  await expect(copy).toHaveCount(0);
  const greeting = page.getByRole('heading', { level: 1, name: /, Tara$/ });
  await expect(greeting).toBeVisible();
  await expect(card).toBeVisible();
  await expect(page.locator('#root')).toBeVisible();
  expectSameBox(greetingBefore, await boxOf(greeting), 'the greeting');
  expectSameBox(classBefore, await boxOf(card.locator('h3')), "the class's name");
  await expectNoSeriousViolations(page, 'the dashboard after the copy');
  // It is the app's page: its links work.
  await card.getByTestId('class-attendance').click();
  await expect(page).toHaveURL(/\/housekeeping\/attendance$/);
  await expect(page.getByTestId('staff-attendance')).toContainText('Nursery A');
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(card).toBeVisible();

  // In Arabic, the copy kept is the Arabic page, and it is painted right to left.
  await profileMenu(page, 'Settings');
  await page.getByRole('dialog', { name: 'Settings' }).getByTestId('settings-language').click();
  await page.getByRole('option', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(async () => (await keptCopy(page))?.lang, { timeout: 15_000 }).toBe('ar');
  expect((await keptCopy(page))?.dir).toBe('rtl');

  const arabic = await reloadWithCodeHeld(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(copyGreeting).toHaveText(/^(صباح الخير|طاب يومك|مساء الخير) يا Tara$/);
  await expect(copyGreeting).toBeVisible();
  await expect(copyClass).toBeVisible();
  await expect.poll(() => arabic.asked.length).toBeGreaterThan(0);
  await expect(page.locator('#root')).toBeHidden();
  const arabicBefore = await boxOf(copyGreeting);
  await arabic.release();
  await expect(copy).toHaveCount(0);
  const arabicGreeting = page.getByRole('heading', { level: 1, name: /يا Tara$/ });
  await expect(arabicGreeting).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expectSameBox(arabicBefore, await boxOf(arabicGreeting), 'the Arabic greeting');
  await expectNoSeriousViolations(page, 'the dashboard in Arabic after the copy');

  // Back to English, then sign-out: the copy of her dashboard goes with her session.
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'الإعدادات' }).click();
  await page.getByRole('dialog', { name: 'الإعدادات' }).getByTestId('settings-language').click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await logout(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Phone Number', exact: true })).toBeVisible();
  expect(await keptCopy(page)).toBeNull();

  // The start page opened again, before its code has come too: the login page, no dashboard.
  const signedOut = await reloadWithCodeHeld(page);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(copy).toHaveCount(0);
  await expect(page.getByText('Tara')).toHaveCount(0);
  await signedOut.release();
  await expect(page.getByRole('button', { name: 'Phone Number', exact: true })).toBeEnabled();
  await expect(copy).toHaveCount(0);
  expect(await keptCopy(page)).toBeNull();
});

test.describe('the copy of the first paint', () => {
  test('the dashboard she lands on at sign-in is kept too', async ({ page }) => {
    await signIn(page, PHONES.teacher);
    await expect(page.getByTestId('class-card').filter({ hasText: 'Nursery A' })).toBeVisible();
    await expect.poll(async () => (await keptCopy(page))?.lang, { timeout: 8_000 }).toBe('en');
  });

  test('with the rebrand banner showing, the greeting stays where the copy painted it', async ({ page }) => {
    await signIn(page, PHONES.teacher);
    await page.goto('/dashboard');
    await expect(page.getByTestId('rebrand-banner')).toBeVisible();
    await expect.poll(async () => (await keptCopy(page))?.lang, { timeout: 15_000 }).toBe('en');
    const held = await reloadWithCodeHeld(page);
    const copyGreeting = page.locator(COPY).locator('[data-first-paint="greeting"]');
    await expect(copyGreeting).toBeVisible();
    const before = await boxOf(copyGreeting);
    await held.release();
    await expect(page.locator(COPY)).toHaveCount(0);
    const greeting = page.getByRole('heading', { level: 1, name: /, Tara$/ });
    await expect(greeting).toBeVisible();
    expectSameBox(before, await boxOf(greeting), 'the greeting below the banner');
  });
});
