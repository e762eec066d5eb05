import { expect, test } from '@playwright/test';

test.describe('before the app has started', () => {
  test.use({ javaScriptEnabled: false });

  test('the login page is already there, whole and inert', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Google' })).toBeVisible();
    await expect(page.getByTestId('rebrand-banner')).toContainText(new URL(page.url()).host);
    // Nothing answers yet: the controls wait for the app (aria-disabled on the page).
    await expect(page.getByRole('button', { name: 'Outlook' })).toBeDisabled();
  });
});

test.describe('before the app has started, in a Hebrew browser', () => {
  test.use({ javaScriptEnabled: false, locale: 'he-IL' });

  test('the login page is in Hebrew, right to left', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'he');
    await expect(page.getByRole('button', { name: 'Google' })).toBeVisible();
  });
});

test('the page the app renders over the prerendered one is the same page, and remembers choices', async ({
  page,
  context,
  browser,
}) => {
  // The same boxes where the page stands still and where the app has rendered it: nothing moves.
  const boxes = async (target: typeof page) =>
    target.evaluate(() =>
      [...document.querySelectorAll('h1, footer, header, section, [class*="_card_"]')].map((e) =>
        JSON.stringify(e.getBoundingClientRect()),
      ),
    );
  const still = await browser.newContext({
    javaScriptEnabled: false,
    viewport: page.viewportSize(),
    baseURL: test.info().project.use.baseURL,
  });
  const stillPage = await still.newPage();
  await stillPage.goto('/');
  await page.goto('/');
  await expect(page.locator('.cue-prerendered')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Phone Number', exact: true })).toBeEnabled();
  expect(await boxes(page)).toEqual(await boxes(stillPage));
  await still.close();

  // Arabic chosen and the banner dismissed: the server's next page is the Arabic one, without the banner.
  await page.getByLabel('Language').selectOption('ar');
  await page.getByRole('button', { name: 'إخفاء الإعلان' }).click();
  await expect(page.getByTestId('rebrand-banner')).toHaveCount(0);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'cue.language')?.value).toBe('ar');
  const response = await page.request.get('/');
  const html = await response.text();
  expect(html).toContain('lang="ar"');
  expect(html).not.toContain('data-testid="rebrand-banner"');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'رقم الهاتف' })).toBeVisible();
  await page.getByLabel('اللغة').selectOption('en');
  await expect(page.getByRole('button', { name: 'Phone Number', exact: true })).toBeVisible();
});

test('a button pressed before the app is ready is pressed again once it is', async ({ page }) => {
  // Hold the app's code back so that the press certainly lands on the prerendered page.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.locator('.cue-prerendered')).toHaveCount(1);
  await page.getByRole('button', { name: 'Google' }).press('Enter');
  release();
  // The app starts Google sign-in: it asks the server for the provider's address.
  await expect(page.locator('.cue-prerendered')).toHaveCount(0);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\//, { timeout: 10_000 });
});
