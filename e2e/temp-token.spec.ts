import { expect, test } from '@playwright/test';
import { apiPost, staffToken } from './support/api.js';

interface CreatedToken {
  result: { token: string; expires_at: string; user: { first_name: string } };
}

test('a temporary access token opens the app as its user, and ends when it expires', async ({ page, request }) => {
  const admin = await staffToken(request, '9000000001');
  const created = await apiPost<CreatedToken>(
    request,
    '/api/access_tokens/',
    { label: 'Front desk kiosk', expires_in_minutes: 5 },
    admin,
  );
  const token = created.result.token;

  await page.clock.install();
  await page.goto(`/public/token-login?token=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sam');
  expect(page.url()).not.toContain(token);
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('cue.session') ?? 'null'));
  expect(session).toMatchObject({ role: 'staff', activeSide: 'staff', isTempToken: true, accessToken: token, refreshToken: '' });

  // Five minutes later the token has run out: the app says so and signs out.
  await page.clock.fastForward('05:01');
  await expect(page.getByText('Generated Access Token Expired')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('cue.session'))).toBeNull();
});

test('an expired or revoked temporary token does not sign in', async ({ page, request }) => {
  const admin = await staffToken(request, '9000000001');
  const created = await apiPost<CreatedToken & { result: { id: string } }>(
    request,
    '/api/access_tokens/',
    { label: 'Support', expires_in_minutes: 5 },
    admin,
  );
  const revoked = await request.delete(`/api/access_tokens/${created.result.id}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(revoked.ok()).toBe(true);
  await page.goto(`/public/token-login?token=${encodeURIComponent(created.result.token)}`);
  await expect(page.getByText('Invalid or expired token')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Phone Number', exact: true })).toBeVisible();
});
