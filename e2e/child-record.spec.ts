import { pagePath } from '@cue/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiSignIn, staffToken } from './support/api.js';
import { classId, roster } from './support/attendance.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

test.use({ timezoneId: 'UTC' });

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Aarav's id and his class's, through the API (the journeys are about the record, not finding him). */
async function aarav(request: APIRequestContext): Promise<{ id: string; classId: string; token: string }> {
  const token = await staffToken(request, SHELL_PHONES.admin);
  const nurseryA = await classId(request, token, 'Nursery A');
  const pupil = (await roster(request, token, nurseryA)).find((p) => p.first_name === 'Aarav');
  if (!pupil) throw new Error('No Aarav in Nursery A');
  return { id: pupil.id, classId: nurseryA, token };
}

/** The record's consent switch of a kind, by its test id. */
const consent = (page: Page, key: string) => page.locator(`[data-testid="consent"][data-key="${key}"]`);

test('an admin opens Aarav from the students list, adds a severe peanut allergy with an EpiPen and an emergency contact; the badge shows on the attendance page', async ({
  page,
  request,
}) => {
  const child = await aarav(request);
  await openAs(page, request, SHELL_PHONES.admin, '/admin/school-setup/students');
  await page.getByLabel('Search students').fill('Aarav');
  await page.getByTestId('students-table').getByRole('link', { name: 'Aarav Sharma' }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${child.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Aarav Sharma' })).toBeVisible();

  // The allergy, with its severity, reaction, action plan and EpiPen.
  await page.getByRole('button', { name: 'Add allergy' }).click();
  const allergy = page.getByRole('dialog', { name: 'Add allergy' });
  await allergy.getByLabel('Allergen').fill('Peanuts');
  // The form refuses an allergy without its severity, on the field.
  await allergy.getByRole('button', { name: 'Save' }).click();
  await expect(allergy.getByText('Choose how severe the allergy is')).toBeVisible();
  await allergy.getByRole('combobox', { name: 'Severity' }).click();
  await page.getByRole('option', { name: 'Severe' }).click();
  await allergy.getByLabel('Reaction').fill('Swelling, difficulty breathing');
  await allergy.getByLabel('Action plan').fill('Give the EpiPen, call 112, then the parents');
  await allergy.getByLabel('Carries an EpiPen').check();
  await allergy.getByRole('button', { name: 'Save' }).click();
  await expect(allergy).toBeHidden();
  const item = page.getByTestId('health-allergy').getByTestId('health-item').filter({ hasText: 'Peanuts' }).first();
  await expect(item).toContainText('Severe');
  await expect(item).toContainText('EpiPen');
  await expect(item).toContainText('Recorded by Anita');
  const badges = page.getByTestId('child-record').getByTestId('child-alerts').first();
  await expect(badges).toContainText('Severe allergy');
  await expect(badges).toContainText('EpiPen');

  // The emergency contact, first to call.
  await page.getByRole('button', { name: 'Add emergency contact' }).click();
  const contact = page.getByRole('dialog', { name: 'Add emergency contact' });
  await contact.getByLabel('Name').fill('Sunita Sharma');
  await contact.getByLabel('Relationship').fill('Grandmother');
  await contact.getByLabel('Phone').fill('bad');
  await contact.getByRole('button', { name: 'Save' }).click();
  await expect(contact.getByText('Enter a phone number')).toBeVisible();
  await contact.getByLabel('Phone').fill('+91 98765 43210');
  await contact.getByRole('button', { name: 'Save' }).click();
  await expect(contact).toBeHidden();
  await expect(
    page.getByTestId('record-emergency').getByTestId('contact').filter({ hasText: 'Sunita Sharma' }).first(),
  ).toContainText('+91 98765 43210');

  // Every read of the medical details by staff is kept: the admin's own reads are listed.
  await page.getByRole('button', { name: 'Who viewed the medical details' }).click();
  await expect(page.getByTestId('medical-views')).toContainText('Viewed by Anita Desai');
  await page.screenshot({ path: test.info().outputPath('child-record-en.png'), fullPage: true });

  // Nursery A's attendance page: the badge beside Aarav's name, and his record one click away.
  await page.goto(pagePath.attendance({ classId: child.classId }));
  const row = page.getByTestId('roster-row').filter({ hasText: 'Aarav Sharma' });
  await expect(row.locator('[data-alert="severe_allergy"]')).toBeVisible();
  await expect(row.locator('[data-alert="epipen"]')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('attendance-badges-phone.png') });
  await row.getByRole('link', { name: "Aarav Sharma's record" }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${child.id}$`));
});

test('the parent proposes a new phone number, sees it waiting, and the admin accepts it', async ({ page, browser, request }) => {
  const child = await aarav(request);
  const newPhone = `91${String(Date.now()).slice(-8)}`;
  await openAs(page, request, SHELL_PHONES.parent);
  await page.getByTestId('child-card').filter({ hasText: 'Aarav Sharma' }).getByRole('link', { name: 'Record' }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${child.id}$`));
  // A parent edits nothing directly: no admin buttons.
  await expect(page.getByRole('button', { name: 'Edit profile' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add allergy' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Propose a change' }).click();
  const dialog = page.getByRole('dialog', { name: 'Propose a change' });
  // Nothing changed: nothing is sent.
  await dialog.getByRole('button', { name: 'Send to the school' }).click();
  await expect(dialog.getByTestId('form-error')).toHaveText('Propose at least one change');
  await dialog.getByLabel('Your phone number').fill('12345');
  await dialog.getByRole('button', { name: 'Send to the school' }).click();
  await expect(dialog.getByText('Phone number must be 10 digits')).toBeVisible();
  await dialog.getByLabel('Your phone number').fill(newPhone);
  await dialog.getByRole('button', { name: 'Send to the school' }).click();
  await expect(page.getByText('Your changes were sent to the school')).toBeVisible();
  const pending = page.getByTestId('pending-changes').getByTestId('change-request').filter({ hasText: newPhone });
  await expect(pending).toContainText('Waiting');
  await expect(pending.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  // The admin sees it beside the current number on the students page, and accepts it.
  const adminContext = await browser.newContext({ timezoneId: 'UTC' });
  const admin = await adminContext.newPage();
  await openAs(admin, request, SHELL_PHONES.admin, '/admin/school-setup/students');
  const review = admin.getByTestId('changes-to-review').getByTestId('change-request').filter({ hasText: newPhone });
  await expect(review).toContainText('Aarav Sharma');
  await expect(review).toContainText('Proposed by Rohan Sharma');
  const phoneRow = review.locator('[data-testid="change-row"][data-field="parent_phone"]');
  await expect(phoneRow.getByTestId('change-proposed')).toHaveText(newPhone);
  await review.getByRole('button', { name: 'Accept' }).click();
  await expect(admin.getByText('Changes accepted')).toBeVisible();
  await expect(review).toHaveCount(0);
  // The school's record of the family now holds the new number (the students list shows it).
  await admin.getByLabel('Search students').fill('Aarav');
  const aaravRow = admin.getByTestId('students-table').getByRole('row').filter({ hasText: 'Aarav Sharma' });
  await expect(aaravRow.getByTestId('parent').filter({ hasText: 'Rohan' })).toContainText(
    `${newPhone.slice(0, 5)} ${newPhone.slice(5)}`,
  );
  // And the child's record shows it among the parents.
  await admin.goto(pagePath.childRecord(child.id));
  await expect(admin.getByTestId('record-parents').getByTestId('parent').filter({ hasText: 'Rohan' })).toContainText(
    `${newPhone.slice(0, 5)} ${newPhone.slice(5)}`,
  );
  await adminContext.close();

  // The family's page no longer shows it waiting, and shows the number the school now records.
  await page.reload();
  await expect(page.getByTestId('record-parents')).toContainText(`${newPhone.slice(0, 5)} ${newPhone.slice(5)}`);
  await expect(page.getByTestId('change-request').filter({ hasText: newPhone })).toHaveCount(0);
});

test('a parent withdraws photo consent, and its history shows who gave and withdrew it', async ({ page, request }) => {
  const child = await aarav(request);
  // The family first gave it (through the API: the journey is about withdrawing it).
  const parentToken = (await apiSignIn(request, SHELL_PHONES.parent)).parent_user?.access_token ?? '';
  const given = await request.put(`/api/student/${child.id}/consents`, {
    headers: auth(parentToken),
    data: { key: 'photos_class', granted: true },
  });
  expect(given.ok()).toBe(true);

  await openAs(page, request, SHELL_PHONES.parent, pagePath.childRecord(child.id));
  const photos = consent(page, 'photos_class');
  const toggle = photos.getByRole('switch', { name: 'Photos shared with the class' });
  await expect(toggle).toBeChecked();
  await expect(photos).toContainText('Given by Rohan Sharma');
  await toggle.click({ force: true });
  await expect(page.getByText('Consent withdrawn: Photos shared with the class')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect(photos).toHaveAttribute('data-granted', 'false');
  await expect(photos).toContainText('Withdrawn by Rohan Sharma');
  await photos.getByRole('button', { name: /^History/ }).click();
  await expect(photos.getByTestId('consent-history')).toContainText('Given by Rohan Sharma');

  // In force at once: the school reads it withdrawn.
  const record = await request.get(`/api/student/${child.id}/record`, { headers: auth(child.token) });
  const photosNow = (
    (await record.json()) as { result: { consents: { key: string; granted: boolean | null }[] } }
  ).result.consents.find((c) => c.key === 'photos_class');
  expect(photosNow?.granted).toBe(false);
});

test('in Arabic, on a phone, the record reads right to left with its badges and sections', async ({ page, request }) => {
  const child = await aarav(request);
  // The allergy is there whatever ran before (the first journey adds one through the page).
  await request.post(`/api/student/${child.id}/health_items`, {
    headers: auth(child.token),
    data: { kind: 'allergy', name: 'Peanuts', severity: 'severe', epipen: true, action_plan: 'EpiPen' },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('cue.language', 'ar'));
  await openAs(page, request, SHELL_PHONES.admin, pagePath.childRecord(child.id));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 2, name: 'الصحة والسلامة' })).toBeVisible();
  const badges = page.getByTestId('child-record').getByTestId('child-alerts').first();
  await expect(badges).toContainText('حساسية شديدة');
  await expect(page.getByRole('button', { name: 'إضافة حساسية' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'الموافقات' })).toBeVisible();
  // Nothing is wider than the phone.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('child-record-ar-phone.png'), fullPage: true });

  // A form in Arabic: its refusal said in Arabic, on the field.
  await page.getByRole('button', { name: 'إضافة حساسية' }).click();
  const dialog = page.getByRole('dialog', { name: 'إضافة حساسية' });
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  await expect(dialog.getByText('اذكر مسبّب الحساسية')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('child-record-ar-form.png') });
});

test("the assistant's attendance card shows a child's badges beside the name", async ({ page, request }) => {
  // Kabir's demo record has a severe allergy with an EpiPen; a draft card saves nothing.
  await openAs(page, request, SHELL_PHONES.teacher, '/assistant');
  await expect(page.getByTestId('cue-class')).toHaveText('Nursery A');
  const input = page.getByRole('textbox', { name: 'Message Cue' });
  await input.fill('Mark everyone present except Noa');
  await input.press('Enter');
  const card = page.getByTestId('cue-card-attendance');
  await expect(card).toHaveAttribute('data-state', 'ready');
  const kabir = card.getByTestId('cue-attendance-row').filter({ hasText: 'Kabir Khan' });
  await expect(kabir.locator('[data-alert="epipen"]')).toBeVisible();
  await expect(card.getByTestId('cue-attendance-row').filter({ hasText: 'Noa Levi' }).getByTestId('child-alerts')).toHaveCount(0);
  await card.screenshot({ path: test.info().outputPath('cue-card-badges.png') });
});

test("another school's teacher finds the record unavailable, with nothing of it shown", async ({ page, request }) => {
  const child = await aarav(request);
  // Mona teaches at Moonbeam, another school.
  await openAs(page, request, '9000000006', pagePath.childRecord(child.id));
  await expect(page.getByTestId('record-unavailable')).toHaveText("This child's record is not available to you.");
  await expect(page.getByText('Aarav')).toHaveCount(0);
});

test('an admin adds the aunt who may collect Aarav, with her photo for the staff at the door', async ({ page, request }) => {
  const child = await aarav(request);
  const added = await request.post(`/api/student/${child.id}/contacts`, {
    headers: auth(child.token),
    data: { kind: 'collector', name: 'Priya Sharma', relationship: 'Aunt' },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await openAs(page, request, SHELL_PHONES.admin, pagePath.childRecord(child.id));
  const row = page.getByTestId('record-collector').getByTestId('contact').filter({ hasText: 'Priya Sharma' });
  await expect(row.locator('img')).toHaveCount(0);
  // A small PNG chosen from the device.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWPwmnCTJMQwqmHCaCh5DdekAQCzB7MQT2VQ1gAAAABJRU5ErkJggg==',
    'base64',
  );
  const chooser = page.waitForEvent('filechooser');
  await row.getByTestId('collector-photo').click();
  await (await chooser).setFiles({ name: 'priya.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Photo saved')).toBeVisible();
  await expect(row.locator('img')).toHaveAttribute('src', /\/media\/profile\/contact\/[0-9a-f]{24}\.webp\?/);
});
