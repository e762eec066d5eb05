import { expect, type Page, test } from '@playwright/test';

/** The local provider's sign-in form (e2e/oidc-server.ts): any email as the login, any password. */
async function signInAtProvider(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

const storedRole = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('cue.session') ?? '{}') as { role?: string }).role ?? null);

test('Google sign-in through the provider brings a teacher to her dashboard', async ({ page }) => {
  await page.goto('/');
  // Hold the code exchange a moment so that the "Signing you in…" state can be seen.
  await page.route('**/api/google_login_v2/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Google' }).click();
  await signInAtProvider(page, 'tara.menon@sunrise.example');

  await expect(page).toHaveURL(/\/google_login_verify\?code=/);
  await expect(page.getByRole('status').filter({ hasText: 'Signing you in…' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tara');
  await expect(page.getByRole('heading', { name: 'Nursery A' })).toBeVisible();
  expect(await storedRole(page)).toBe('staff');
});

test('Outlook (Microsoft) sign-in brings a parent to the parent dashboard', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Outlook' }).press('Enter');
  await signInAtProvider(page, 'rohan.sharma@family.example');

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Rohan');
  // (Other journeys may give Rohan more children in the shared database; these two are his from the start.)
  await expect(page.getByTestId('child-card').filter({ hasText: 'Aarav Sharma' })).toBeVisible();
  await expect(page.getByTestId('child-card').filter({ hasText: 'Ira Sharma' })).toBeVisible();
  expect(await storedRole(page)).toBe('parent');
});

test("an email nobody registered gets 'User Does Not Exist' and stays signed out", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Google' }).click();
  await signInAtProvider(page, 'stranger@example.com');

  await expect(page.getByText('User Does Not Exist', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Phone Number', exact: true })).toBeVisible();
  expect(await storedRole(page)).toBeNull();
});

test('a return without a code shows a generic error and goes back to the login options', async ({ page }) => {
  await page.goto('/microsoft_login_verify?error=access_denied&state=abc');
  await expect(page.getByText('Something went wrong. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Outlook' })).toBeVisible();
});

test("a server without Google or Microsoft set up says so in the server's words", async ({ page }) => {
  for (const [path, provider] of [
    ['google_login', 'Google'],
    ['microsoft_login', 'Microsoft'],
  ] as const) {
    await page.route(`**/api/${path}/`, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          message: `${provider} sign-in is not configured on this server`,
          code: 'PROVIDER_NOT_CONFIGURED',
        }),
      }),
    );
  }
  await page.goto('/');
  await page.getByRole('button', { name: 'Google' }).click();
  await expect(page.getByText('Google sign-in is not configured on this server', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Outlook' }).click();
  await expect(page.getByText('Microsoft sign-in is not configured on this server', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
