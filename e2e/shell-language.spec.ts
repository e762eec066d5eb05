import { expect, test } from '@playwright/test';
import { openAs, profileMenu, SHELL_PHONES } from './support/shell.js';

test('a super admin switches the shell to Arabic (right to left) and back; the choice persists', async ({ page, request }) => {
  await openAs(page, request, SHELL_PHONES.superAdmin, '/planning');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('dir', 'ltr');
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'ar');
  const tabs = page.getByTestId('top-tabs').first();
  await expect(tabs.getByRole('link', { name: 'التخطيط' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('side-menu')).toContainText('تخطيط الوحدات');
  // Mirrored: the side menu sits on the right.
  const side = await page.getByTestId('side-menu').boundingBox();
  expect(side?.x ?? 0).toBeGreaterThan(640);

  await page.reload();
  await expect(html).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(tabs.getByRole('link', { name: 'Plan' })).toBeVisible();
  const back = await page.getByTestId('side-menu').boundingBox();
  expect(back?.x ?? 1000).toBeLessThan(100);
});

test('the teacher has no language menu', async ({ page, request }) => {
  await openAs(page, request, SHELL_PHONES.teacher);
  await expect(page.getByTestId('profile-menu')).toBeVisible();
  await expect(page.getByTestId('language-menu')).toHaveCount(0);
});

test('a teacher chooses Hebrew in her account settings; it stays after a reload', async ({ page, request }) => {
  await openAs(page, request, SHELL_PHONES.teacher);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'en');
  await profileMenu(page, 'Settings');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByTestId('settings-language').click();
  await page.getByRole('option', { name: 'עברית' }).click();
  await expect(html).toHaveAttribute('lang', 'he');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('dialog', { name: 'הגדרות' })).toBeVisible();
  await page.screenshot({ path: 'test-results/shell-language/settings-he.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/shell-language/settings-he-phone.png' });

  await page.reload();
  await expect(html).toHaveAttribute('lang', 'he');
  await expect(page.getByTestId('current-user')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cue.language'))).toBe('he');
  // The top bar's language menu stays as the spec gives it: not for a teacher.
  await expect(page.getByTestId('language-menu')).toHaveCount(0);
});
