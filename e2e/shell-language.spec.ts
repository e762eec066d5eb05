import { expect, test } from '@playwright/test';
import { openAs, SHELL_PHONES } from './support/shell.js';

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
