import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ROLE_PERMISSIONS, type RolePermission } from '@cue/contract';
import { expect, type Page, test } from '@playwright/test';
import { makeCurrentChild } from './support/api.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

const SHOTS = 'test-results/translations';

type Catalog = { [key: string]: string | Catalog };
const catalog = (lng: string, ns: string): Catalog =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../apps/web/public/locales/${lng}/${ns}.json`, import.meta.url)), 'utf8'));
const lookup = (c: Catalog, key: string): string => {
  const found = key.split('.').reduce<string | Catalog | undefined>((node, part) => (node as Catalog | undefined)?.[part], c);
  if (typeof found !== 'string') throw new Error(`no ${key}`);
  return found;
};

/** A registry name or a catalog key showing through: 'admin_portal.staff', 'attendance.enabled', 'rolePermissions.x'. */
const RAW_KEY = /\b[a-z]+_[a-z_]+\b|\b[a-z]+\.[a-z_.]+\b/;

const inLanguage = (page: Page, lng: string) => page.addInitScript((l) => localStorage.setItem('cue.language', l), lng);

test('the roles and school settings pages name every permission and the default roles in Hebrew', async ({ page, request }) => {
  const he = catalog('he', 'admin');
  const roleNames = catalog('he', 'translation');
  await inLanguage(page, 'he');
  await openAs(page, request, SHELL_PHONES.admin, '/admin/school-setup/permissions/roles');
  await expect(page.locator('html')).toHaveAttribute('lang', 'he');
  const table = page.getByTestId('roles-table');
  // The school's default roles, stored in English, read in Hebrew.
  const names = table.locator('tbody bdi');
  for (const key of ['admin', 'superAdmin', 'teacher'])
    await expect(names.filter({ hasText: new RegExp(`^${lookup(roleNames, `roleNames.${key}`)}$`) })).toHaveCount(1);
  await expect(table.getByText('Teacher', { exact: true })).toHaveCount(0);
  await expect(table).not.toContainText(RAW_KEY);
  await page.screenshot({ path: `${SHOTS}/roles-he.png`, fullPage: true });

  // A new role lists every permission a school may grant, each by its Hebrew name.
  await page.getByRole('button', { name: lookup(he, 'roles.new') }).click();
  const dialog = page.getByRole('dialog', { name: lookup(he, 'roles.new') });
  const grantable = (Object.keys(ROLE_PERMISSIONS) as (keyof typeof ROLE_PERMISSIONS)[])
    .filter((group) => group !== 'super_admin')
    .flatMap((group): readonly RolePermission[] => ROLE_PERMISSIONS[group]);
  for (const permission of grantable)
    await expect(dialog.getByRole('checkbox', { name: lookup(he, `rolePermissions.${permission}`), exact: true })).toBeVisible();
  await expect(dialog).not.toContainText(RAW_KEY);
  await page.screenshot({ path: `${SHOTS}/role-new-he.png` });
  await page.keyboard.press('Escape');

  // The school's switches are named, not keyed, on a phone too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/school-setup/permissions/settings');
  await expect(page.getByRole('switch', { name: lookup(he, 'schoolPermissions.attendance_enabled'), exact: true })).toBeVisible();
  await expect(page.getByText('attendance.enabled')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(RAW_KEY);
  await page.screenshot({ path: `${SHOTS}/school-settings-he-phone.png`, fullPage: true });
});

test('a field the server refuses shows its refusal on that field, in Arabic', async ({ page, request }) => {
  const ar = catalog('ar', 'attendance');
  const rejected = lookup(catalog('ar', 'translation'), 'errors.field.rejected');
  await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
  await inLanguage(page, 'ar');
  // This device's clock is three days behind: its "today" is a day the server refuses to report ahead.
  await page.clock.setFixedTime(new Date(Date.now() - 3 * 86_400_000));
  await openAs(page, request, SHELL_PHONES.parent, '/housekeeping/attendance');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: lookup(ar, 'excusals.report') }).click();
  const dialog = page.getByRole('dialog', { name: lookup(ar, 'excusals.form.title').replace('{{name}}', 'Aarav') });
  await dialog.getByLabel(lookup(ar, 'excusals.form.reason')).fill('زيارة عائلية');
  const refused = page.waitForResponse(
    (res) => res.url().includes('/api/create_child_excusal/') && res.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: lookup(ar, 'excusals.form.submit') }).click();
  expect((await refused).status()).toBe(400);
  // The server named to_date: the dates field says it, in Arabic, and the form stays open.
  const dates = dialog.getByTestId('excusal-dates');
  await expect(dates).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(rejected, { exact: true })).toBeVisible();
  const describedBy = (await dates.getAttribute('aria-describedby')) ?? '';
  await expect(page.locator(`[id="${describedBy.split(' ').find((id) => id.includes('error')) ?? describedBy}"]`)).toHaveText(
    rejected,
  );
  await page.screenshot({ path: `${SHOTS}/field-refused-ar.png` });
});

test('in a right-to-left school read in English, numbers and punctuation stay with their words', async ({ page, request }) => {
  await inLanguage(page, 'en');
  // Mona teaches Toddlers at Moonbeam Nursery, whose editor direction is right to left.
  await openAs(page, request, '9000000006', '/dashboard');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const card = page.getByTestId('class-card').first();
  // Each sentence of the interface is isolated left to right inside the right-to-left page.
  await expect(card.locator('span[dir="ltr"]').filter({ hasText: /^\d+ students$/ })).toBeVisible();
  await expect(card.locator('span[dir="ltr"]').filter({ hasText: /^Age range: / })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/rtl-school-english.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/rtl-school-english-phone.png`, fullPage: true });
});
