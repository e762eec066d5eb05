import { expect, test } from '@playwright/test';
import { PHONES, signIn, storedTokens } from './support/auth.js';
import { logout } from './support/shell.js';

test('a teacher signs in, keeps the session across a reload and logs out', async ({ page, request }) => {
  await signIn(page, PHONES.teacher);

  const header = page.getByTestId('current-user');
  await expect(header).toContainText('Tara Menon');
  await expect(header).toContainText('Member');
  await expect(header).toContainText('Sunrise Early Years');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tara');
  const nurseryA = page.getByTestId('class-card').filter({ hasText: 'Nursery A' });
  await expect(nurseryA).toBeVisible();
  await expect(nurseryA).toContainText('12 students');
  await expect(nurseryA).toContainText('2y 3m - 3y 0m');
  // A teacher has no children section.
  await expect(page.getByRole('heading', { name: 'Your children' })).toHaveCount(0);

  // Reload keeps the session.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Nursery A' })).toBeVisible();

  // A signed-in person opening the login page goes back to the dashboard.
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Nursery A' })).toBeVisible();

  const [token] = await storedTokens(page);
  expect(token).toBeTruthy();

  await logout(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Phone Number', exact: true })).toBeVisible();
  expect(await storedTokens(page)).toEqual([]);

  // The server was told: the old token no longer works.
  await expect
    .poll(async () =>
      (await request.get('/api/logined_user_details', { headers: { authorization: `Bearer ${token}` } })).status(),
    )
    .toBe(401);

  // Signed out, the dashboard sends you to the login page.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Phone Number', exact: true })).toBeVisible();
});
