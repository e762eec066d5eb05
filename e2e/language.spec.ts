import { expect, test } from '@playwright/test';

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('the login page reads right to left', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(html).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('button', { name: 'رقم الهاتف' })).toBeVisible();

    // Choosing English turns the page left to right and is remembered.
    await page.getByLabel('اللغة').selectOption('en');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('button', { name: 'Phone Number', exact: true })).toBeVisible();
    await page.reload();
    await expect(html).toHaveAttribute('dir', 'ltr');
  });
});

test('a stored choice of Hebrew is right to left too', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cue.language', 'he'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'he');
  await expect(page.getByRole('button', { name: 'מספר טלפון' })).toBeVisible();
});
