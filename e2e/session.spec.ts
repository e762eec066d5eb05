import { expect, type Page, test } from '@playwright/test';
import { PHONES, signIn, storedTokens } from './support/auth.js';

/** Replaces the stored access token, as if it had expired while the tab was closed. */
const spoilAccessToken = (page: Page) =>
  page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('cue.session') ?? '{}') as Record<string, unknown>;
    session.accessToken = 'expired.access.token';
    localStorage.setItem('cue.session', JSON.stringify(session));
  });

test('a refused access token is renewed with the refresh token and the person stays signed in', async ({ page }) => {
  await signIn(page, PHONES.teacher);
  await expect(page.getByRole('heading', { name: 'Nursery A' })).toBeVisible();
  await spoilAccessToken(page);
  await page.reload();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Nursery A' })).toBeVisible();
  const [token] = await storedTokens(page);
  expect(token).not.toBe('expired.access.token');
});

test('a session ended on the server logs out with "Session expired. Please log in again."', async ({ page, request }) => {
  await signIn(page, PHONES.parent);
  await expect(page.getByTestId('current-user')).toContainText('Rohan Sharma');
  const [token] = await storedTokens(page);
  const ended = await request.post('/api/logout/', { headers: { authorization: `Bearer ${token}` } });
  expect(ended.ok()).toBe(true);

  await page.reload();
  await expect(page.getByText('Session expired. Please log in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Phone Number', exact: true })).toBeVisible();
  expect(await storedTokens(page)).toEqual([]);
});
