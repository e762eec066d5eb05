import { expect, test } from '@playwright/test';
import { signIn } from './support/auth.js';

/** Sam Rao holds the platform's access-token permission (design brief section 6). */
const SUPER_ADMIN = '9000000001';

test('a super admin creates a temporary token for a teacher, its link signs in as her, and revoking it ends it', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const label = `Support visit ${Date.now().toString(36).slice(-4)}`;
  await signIn(page, SUPER_ADMIN);
  await page.goto('/admin/school-setup/access-tokens');
  await page.getByRole('button', { name: 'New token' }).click();
  const form = page.getByRole('dialog', { name: 'New token' });
  await form.getByRole('textbox', { name: 'Name' }).fill(label);
  await form.getByRole('combobox', { name: 'Signs in as' }).click();
  await page.getByRole('option', { name: 'Tara Menon' }).click();
  await form.getByRole('textbox', { name: 'Expires in' }).fill('2');
  await form.getByText('Hours', { exact: true }).click();
  await form.getByRole('button', { name: 'Create' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new access token' });
  await expect(shown.getByText('Copy it now: the token is shown only once.')).toBeVisible();
  await expect(shown).toContainText('Signs in as Tara Menon');
  const link = (await shown.getByTestId('created-link').textContent()) ?? '';
  expect(link).toMatch(/\?token=/);
  await shown.getByRole('button', { name: 'Close' }).last().click();
  const row = page.getByTestId('tokens-table').getByRole('row').filter({ hasText: label });
  await expect(row).toContainText('Tara Menon');

  // The link opens the app as Tara on another device.
  const { baseURL, locale, viewport } = test.info().project.use;
  const device = await browser.newContext({ baseURL, locale, viewport });
  try {
    const kiosk = await device.newPage();
    await kiosk.goto(link);
    await expect(kiosk).toHaveURL(/\/dashboard$/);
    await expect(kiosk.getByRole('heading', { level: 1 })).toContainText('Tara');
  } finally {
    await device.close();
  }

  // Revoked, it leaves the list.
  await row.getByRole('button', { name: `Revoke ${label}` }).click();
  await page.getByRole('dialog', { name: 'Revoke token?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`${label} revoked`)).toBeVisible();
  await expect(row).toHaveCount(0);
});
