import { expect, type Page, test } from '@playwright/test';
import { PHONES, signIn } from './support/auth.js';

interface StoredSession {
  role: string;
  activeSide: string;
  accessToken: string;
  staffToken?: string;
  parentToken?: string;
  staffRefreshToken?: string;
  parentRefreshToken?: string;
}

const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('cue.session') ?? 'null') as StoredSession);

test('a teacher who is also a parent keeps both sessions and switches between them', async ({ page }) => {
  await signIn(page, PHONES.dualRole);
  // Both sides on the dashboard.
  await expect(page.getByTestId('class-card').filter({ hasText: 'Kindergarten B' })).toBeVisible();
  await expect(page.getByTestId('child-card').filter({ hasText: 'Diya Patel' })).toBeVisible();
  const session = await stored(page);
  expect(session).toMatchObject({ role: 'both', activeSide: 'staff' });
  expect(session.staffToken).toBe(session.accessToken);
  expect(session.parentToken).toBeTruthy();
  expect(session.parentToken).not.toBe(session.staffToken);
  expect(session.staffRefreshToken).toBeTruthy();
  expect(session.parentRefreshToken).toBeTruthy();

  await page.goto('/account');
  const dialog = page.getByRole('dialog', { name: 'My Profile' });
  const staffSide = dialog.getByRole('radio', { name: 'Staff' });
  const parentSide = dialog.getByRole('radio', { name: 'Parent' });
  await expect(staffSide).toBeChecked();
  await expect(dialog.getByTestId('school-section')).toContainText('Member');
  await expect(dialog.getByTestId('classes-section')).toContainText('Kindergarten B');

  // To the parent side, by keyboard.
  await staffSide.focus();
  await page.keyboard.press('ArrowRight');
  await expect(parentSide).toBeChecked();
  await expect(dialog.getByTestId('school-section')).toContainText('Parent');
  await expect(dialog.getByTestId('child-list')).toContainText('Diya Patel');
  expect(await stored(page)).toMatchObject({ activeSide: 'parent', accessToken: session.parentToken });

  // The choice holds across a reload, and back to staff.
  await page.reload();
  await expect(parentSide).toBeChecked();
  await dialog.getByText('Staff', { exact: true }).click();
  await expect(staffSide).toBeChecked();
  await expect(dialog.getByTestId('classes-section')).toContainText('Kindergarten B');
  expect(await stored(page)).toMatchObject({ activeSide: 'staff', accessToken: session.staffToken });
});

test('a dual-role session renews both token sets', async ({ page }) => {
  await signIn(page, PHONES.dualRole);
  await expect(page.getByTestId('child-card').filter({ hasText: 'Diya Patel' })).toBeVisible();
  // Both access tokens are refused from now on, as if they had expired while the tab was closed.
  await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem('cue.session') ?? '{}') as Record<string, string>;
    s.staffToken = 'expired.staff.token';
    s.parentToken = 'expired.parent.token';
    s.accessToken = s.staffToken;
    localStorage.setItem('cue.session', JSON.stringify(s));
  });
  await page.reload();
  await expect(page.getByTestId('class-card').filter({ hasText: 'Kindergarten B' })).toBeVisible();
  await expect(page.getByTestId('child-card').filter({ hasText: 'Diya Patel' })).toBeVisible();
  const renewed = await stored(page);
  expect(renewed.staffToken).not.toBe('expired.staff.token');
  expect(renewed.parentToken).not.toBe('expired.parent.token');
  expect(renewed.accessToken).toBe(renewed.staffToken);
});

test('a refused refresh token logs out with "Session expired. Please log in again."', async ({ page }) => {
  await signIn(page, PHONES.teacher);
  await expect(page.getByRole('heading', { name: 'Nursery A' })).toBeVisible();
  await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem('cue.session') ?? '{}') as Record<string, string>;
    s.accessToken = 'expired.access.token';
    s.refreshToken = 'spent.refresh.token';
    localStorage.setItem('cue.session', JSON.stringify(s));
  });
  await page.reload();
  await expect(page.getByText('Session expired. Please log in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('cue.loggedOut'))).toBe('true');
});
