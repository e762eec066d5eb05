import { expect, test } from '@playwright/test';
import { openAs, SHELL_PHONES } from './support/shell.js';

test('report an issue: screenshot, extra image, required description, upload, report; the super admin sees it', async ({
  page,
  request,
}) => {
  const summary = `The planning page froze after I chose a unit (${Date.now()})`;
  await openAs(page, request, SHELL_PHONES.teacher, '/planning');
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await page.getByTestId('report-issue-button').click();
  const dialog = page.getByRole('dialog', { name: 'Report an Issue' });
  await expect(dialog.getByTestId('report-screenshot')).toBeVisible({ timeout: 15_000 });

  // The description is required.
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Please describe the issue')).toBeVisible();

  // An extra image: a piece of the page, as a PNG.
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 40, height: 40 } });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'extra.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByTestId('report-image')).toHaveCount(1);
  await dialog.getByLabel('Description').fill(summary);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Issue reported successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The super admin finds it in the list, with the page's address and both images.
  await openAs(page, request, SHELL_PHONES.superAdmin, '/super_admin/bug-reports');
  const report = page.getByTestId('bug-report').filter({ hasText: summary });
  await expect(report).toBeVisible();
  await expect(report).toContainText('Tara Menon');
  await expect(report).toContainText('/planning');
  await expect(report.locator('img')).toHaveCount(2);
});

test('a failed report says so, and the dialog keeps what was written', async ({ page, request }) => {
  await openAs(page, request, SHELL_PHONES.teacher, '/dashboard');
  await page.route('**/api/bug_report/', (route) =>
    route.fulfill({ status: 500, json: { message: 'Boom', code: 'INTERNAL_ERROR' } }),
  );
  await page.getByTestId('report-issue-button').click();
  const dialog = page.getByRole('dialog', { name: 'Report an Issue' });
  await expect(dialog.getByTestId('report-screenshot')).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: /Remove/ }).click();
  await dialog.getByLabel('Description').fill('Something odd');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Error while reporting the issue')).toBeVisible();
  await expect(dialog.getByLabel('Description')).toHaveValue('Something odd');
});
