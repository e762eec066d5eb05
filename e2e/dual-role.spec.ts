import { expect, test } from '@playwright/test';
import { PHONES, signIn, storedTokens } from './support/auth.js';
import { logout } from './support/shell.js';

test('a teacher who is also a parent sees her class and her child', async ({ page, request }) => {
  await signIn(page, PHONES.dualRole);

  const header = page.getByTestId('current-user');
  await expect(header).toContainText('Neha Patel');
  await expect(header).toContainText('Member');
  await expect(header).toContainText('Parent');

  await expect(page.getByTestId('class-card').filter({ hasText: 'Kindergarten B' })).toBeVisible();
  await expect(page.getByTestId('child-card').filter({ hasText: 'Diya Patel' })).toContainText('Nursery A');

  // Both sessions end at logout.
  const tokens = await storedTokens(page);
  expect(tokens).toHaveLength(2);
  await logout(page);
  await expect(page).toHaveURL(/\/$/);
  for (const token of tokens) {
    await expect
      .poll(async () =>
        (await request.get('/api/logined_user_details', { headers: { authorization: `Bearer ${token}` } })).status(),
      )
      .toBe(401);
  }
});
