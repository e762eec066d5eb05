import { pagePath } from '@cue/contract';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { classId, roster } from './support/attendance.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { runTag } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

/*
 * Data protection (issue 30): a father downloads everything the school holds about his son as a ZIP; an
 * admin erases the data of a child who has left, seeing what is erased and what the law keeps; the
 * school sets how long photos and logs are kept. In Arabic the erasure reads right to left.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility.
test.use({ bypassCSP: true, timezoneId: 'UTC' });
test.describe.configure({ timeout: 90_000 });

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function aarav(request: APIRequestContext): Promise<string> {
  const token = await staffToken(request, SHELL_PHONES.admin);
  const pupil = (await roster(request, token, await classId(request, token, 'Nursery A'))).find((p) => p.first_name === 'Aarav');
  if (!pupil) throw new Error('No Aarav in Nursery A');
  return pupil.id;
}

/** The day before today, as the spec writes dates. */
const yesterday = () => new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10).split('-').reverse().join('-');

test('Rohan downloads everything the school holds about Aarav as a ZIP', async ({ page, request }) => {
  const id = await aarav(request);
  await openAs(page, request, SHELL_PHONES.parent, pagePath.childRecord(id));
  const card = page.getByTestId('record-data');
  await expect(card.getByRole('heading', { name: "Child's data" })).toBeVisible();
  // A family downloads; only the school erases.
  await expect(card.getByRole('button', { name: 'Erase data…' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Download all data' }).click();
  await expect(card.getByTestId('data-export-ready')).toContainText('The ZIP file is ready.', { timeout: 30_000 });
  const link = card.getByRole('link', { name: 'Download ZIP' });
  const href = await link.getAttribute('href');
  const file = await page.request.get(href ?? '');
  expect(file.ok()).toBe(true);
  expect(file.headers()['content-type']).toContain('application/zip');
  expect((await file.body()).subarray(0, 2).toString()).toBe('PK');
  await expectNoSeriousViolations(page, "the child's data on the record");
});

test('an admin erases the data of a child who has left, seeing what is erased and what the law keeps', async ({
  page,
  request,
}) => {
  const tag = runTag().replace(/[^a-z0-9]/gi, '');
  const anita = await staffToken(request, SHELL_PHONES.admin);
  // The run's own class and child: other journeys count Nursery A's and Kindergarten B's children.
  const made = await request.post('/api/classes/', {
    headers: auth(anita),
    data: { class_name: `Leavers ${tag}`, classes_days: ['saturday'] },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const classOf = ((await made.json()) as { result: { _id: string } }).result._id;
  const first = `Pia${tag}`;
  const child = await request.post('/api/student/', {
    headers: auth(anita),
    data: { first_name: first, last_name: 'Moss', class_id: classOf },
  });
  expect(child.ok(), await child.text()).toBe(true);
  const id = ((await child.json()) as { result: { _id: string } }).result._id;
  const allergy = await request.post(`/api/student/${id}/health_items`, {
    headers: auth(anita),
    data: { kind: 'allergy', name: 'Sesame', severity: 'mild' },
  });
  expect(allergy.ok(), await allergy.text()).toBe(true);

  await openAs(page, request, SHELL_PHONES.admin, pagePath.childRecord(id));
  const card = page.getByTestId('record-data');
  await card.getByRole('button', { name: 'Erase data…' }).click();
  let dialog = page.getByRole('dialog', { name: "Erase the child's data" });
  // Not left yet: said, and nothing can be erased.
  await expect(dialog.getByTestId('erasure-enrolled')).toContainText('The child has not left yet.');
  await expect(dialog.getByRole('button', { name: 'Erase for ever' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The child leaves (yesterday, on the profile).
  const left = await request.put(`/api/student/${id}/profile`, { headers: auth(anita), data: { leaving_date: yesterday() } });
  expect(left.ok(), await left.text()).toBe(true);
  await page.reload();
  await card.getByRole('button', { name: 'Erase data…' }).click();
  dialog = page.getByRole('dialog', { name: "Erase the child's data" });
  await expect(dialog.getByTestId('erasure-erased')).toContainText('Health and allergies: 1');
  await expect(dialog.getByTestId('erasure-kept')).toContainText('Attendance register and absences');
  await expectNoSeriousViolations(page, 'the erasure dialog');

  // The name must be typed as shown.
  await dialog.getByLabel(`Type ${first} Moss to confirm`).fill(first);
  await dialog.getByRole('button', { name: 'Erase for ever' }).click();
  await expect(dialog.getByTestId('form-error')).toHaveText("Type the child's full name exactly as it is shown to confirm");
  await dialog.getByLabel(`Type ${first} Moss to confirm`).fill(`${first} Moss`);
  await dialog.getByLabel('Reason').fill('Family request by email');
  await dialog.getByRole('button', { name: 'Erase for ever' }).click();
  await expect(page.getByText("The child's data was erased")).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The allergy is gone from the record; the erasure is on record.
  await expect(page.getByTestId('child-record')).not.toContainText('Sesame');
  await card.getByRole('button', { name: 'Erase data…' }).click();
  await expect(page.getByTestId('erasure-done')).toContainText("This child's data was erased on");
  const log = await request.get(`/api/audit_log?action=erase&q=${encodeURIComponent(first)}`, { headers: auth(anita) });
  const entries = ((await log.json()) as { result: { items: { label: string; after: unknown }[] } }).result.items;
  expect(entries[0]).toMatchObject({ label: `${first} Moss`, after: { reason: 'Family request by email' } });
});

test('in Arabic, on a phone, the erasure of a child still at school reads right to left and cannot go ahead', async ({
  page,
  request,
}) => {
  const id = await aarav(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('cue.language', 'ar'));
  await openAs(page, request, SHELL_PHONES.admin, pagePath.childRecord(id));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const card = page.getByTestId('record-data');
  await expect(card.getByRole('heading', { name: 'بيانات الطفل' })).toBeVisible();
  await card.getByRole('button', { name: 'محو البيانات…' }).click();
  const dialog = page.getByRole('dialog', { name: 'محو بيانات الطفل' });
  await expect(dialog.getByTestId('erasure-enrolled')).toContainText('لم يغادر الطفل بعد');
  await expect(dialog.getByTestId('erasure-kept')).toContainText('سجل الحضور والغياب');
  await expect(dialog.getByRole('button', { name: 'محو نهائي' })).toBeDisabled();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('erasure-ar-phone.png') });
});

test('the admin keeps photos and videos for two years and log entries for one', async ({ page, request }) => {
  await openAs(page, request, SHELL_PHONES.admin, '/admin/school-setup/school-details');
  const card = page.getByTestId('retention');
  await expect(card.getByRole('heading', { name: 'Data retention' })).toBeVisible();
  await card.getByLabel('Keep photos and videos for').fill('24');
  await card.getByLabel('Keep log entries for').fill('12');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Retention settings saved')).toBeVisible();
  await page.reload();
  await expect(card.getByLabel('Keep photos and videos for')).toHaveValue('24 months');
  await expect(card.getByLabel('Keep log entries for')).toHaveValue('12 months');
  await expectNoSeriousViolations(page, 'the retention settings');
  // Emptied again: kept for ever, as the demo school starts.
  await card.getByLabel('Keep photos and videos for').fill('');
  await card.getByLabel('Keep log entries for').fill('');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Retention settings saved').first()).toBeVisible();
  const saved = await request.get('/api/school/retention', { headers: auth(await staffToken(request, SHELL_PHONES.admin)) });
  expect(((await saved.json()) as { result: unknown }).result).toMatchObject({ media_months: null, log_months: null });
});
