import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiPost, staffToken } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

/*
 * The school's audit log (issue 30): Anita, who manages permissions, finds who made and removed a role,
 * reads what changed, narrows the log to one action and exports it as CSV; the export is itself logged.
 * A teacher has no such page. In Arabic it reads right to left.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility.
test.use({ bypassCSP: true });

const PAGE = '/admin/school-setup/permissions/audit-log';

test('an admin finds who made and removed a role, narrows the log to one action, and exports it as CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const name = `Audit journey ${Date.now().toString(36).slice(-5)}`;
  const token = await staffToken(request, SHELL_PHONES.admin);
  const made = await apiPost<{ result: { id: string } }>(
    request,
    '/api/roles/',
    { name, permissions: ['admin_portal.reports'] },
    token,
  );
  const changed = await request.put(`/api/roles/${made.result.id}`, {
    data: { permissions: ['admin_portal.reports', 'admin_portal.students'] },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(changed.ok()).toBe(true);
  const removed = await request.delete(`/api/roles/${made.result.id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(removed.ok()).toBe(true);

  await openAs(page, request, SHELL_PHONES.admin, '/admin/school-setup/permissions/roles');
  // The log is an entry of the permissions menu.
  await page.getByRole('link', { name: 'Audit log' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const table = page.getByTestId('audit-log-table');
  // Her own sign-in, just now, is on it.
  await expect(table.getByRole('row').filter({ hasText: 'Signed in' }).first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Search' }).fill(name);
  const rows = table.getByRole('row').filter({ hasText: name });
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Deleted');
  await expect(rows.nth(1)).toContainText('Changed');
  await expect(rows.nth(2)).toContainText('Created');
  await expect(rows.nth(0)).toContainText('Anita');
  // What the change did: the permission added.
  await expect(rows.nth(1)).toContainText('admin_portal.students');
  await expectNoSeriousViolations(page, 'the audit log');

  // Only what was made.
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Created', exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Role');

  const download = page.waitForEvent('download');
  await page.getByTestId('audit-log-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('audit-log.csv');
  const csv = readFileSync((await file.path()) ?? '', 'utf8');
  expect(csv).toContain('When,Who,Action,Type,What,Item,Before,After');
  expect(csv).toContain(name);
  expect(csv).not.toContain('sign_in');

  // The export is on the log too.
  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Exported', exact: true }).click();
  await expect(table.getByRole('row').filter({ hasText: 'Audit log' }).first()).toBeVisible();
});

test('a teacher has no audit log', async ({ page, request }) => {
  await openAs(page, request, SHELL_PHONES.teacher, PAGE);
  await expect(page.getByTestId('audit-log-table')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
});

test.describe('in Arabic', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cue.language', 'ar'));
  });

  test('the log reads right to left, its actions in Arabic', async ({ page, request }) => {
    await openAs(page, request, SHELL_PHONES.admin, PAGE);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'سجل التدقيق' })).toBeVisible();
    await expect(page.getByTestId('audit-log-table').getByRole('row').filter({ hasText: 'سجّل الدخول' }).first()).toBeVisible();
    await expectNoSeriousViolations(page, 'the audit log in Arabic');
  });
});
