import { pagePath } from '@cue/contract';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { classId, roster } from './support/attendance.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

test.use({ timezoneId: 'UTC' });
test.describe.configure({ timeout: 90_000 });

/** Aarav's id and Nursery A's, through the API (the journeys are about the record, not finding him). */
async function aarav(request: APIRequestContext): Promise<{ id: string; classId: string }> {
  const token = await staffToken(request, SHELL_PHONES.admin);
  const nurseryA = await classId(request, token, 'Nursery A');
  const pupil = (await roster(request, token, nurseryA)).find((p) => p.first_name === 'Aarav');
  if (!pupil) throw new Error('No Aarav in Nursery A');
  return { id: pupil.id, classId: nurseryA };
}

test("the admin asks Nursery A's families to check their children's details; Rohan sees it on his dashboard and confirms on Aarav's record", async ({
  page,
  browser,
  request,
}) => {
  const child = await aarav(request);
  await openAs(page, request, SHELL_PHONES.admin, '/admin/school-setup/students');
  const ask = page.getByTestId('record-check-request');
  await ask.getByRole('combobox', { name: 'Whose families' }).click();
  await page.getByRole('option', { name: 'Nursery A' }).click();
  await ask.getByRole('button', { name: "Ask families to check their children's details" }).click();
  await expect(page.getByText(/^The families of \d+ children were asked to check the details$/)).toBeVisible();

  const parentContext = await browser.newContext({ timezoneId: 'UTC' });
  const parent = await parentContext.newPage();
  await openAs(parent, request, SHELL_PHONES.parent);
  const card = parent.getByTestId('child-card').filter({ hasText: 'Aarav Sharma' });
  const prompt = card.getByTestId('child-check-prompt');
  await expect(prompt).toContainText("Please check Aarav's details");
  await prompt.getByRole('link', { name: 'Check the details' }).click();
  await expect(parent).toHaveURL(new RegExp(`/students/${child.id}`));
  const banner = parent.getByTestId('record-check');
  await expect(banner).toContainText("Please check Aarav's details");
  // Beside the confirmation, the page's own way to propose a change.
  await expect(parent.getByRole('button', { name: 'Propose a change' })).toBeVisible();
  await banner.getByRole('button', { name: 'Everything is correct' }).click();
  await expect(parent.getByText('Thank you: the details are confirmed')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await parent.reload();
  await expect(parent.getByTestId('child-record')).toBeVisible();
  await expect(parent.getByTestId('record-check')).toHaveCount(0);
  await parentContext.close();
});

test('the admin adds the school\'s own consent "Face painting", and Rohan gives it on Aarav\'s record', async ({
  page,
  browser,
  request,
}) => {
  const child = await aarav(request);
  await openAs(page, request, SHELL_PHONES.admin, '/admin/school-setup/students');
  const kinds = page.getByTestId('consent-types');
  await kinds.getByRole('textbox', { name: 'Consent' }).fill('Face painting');
  await kinds.getByRole('button', { name: 'Add consent' }).click();
  await expect(page.getByText('Consent added: Face painting')).toBeVisible();
  await expect(kinds.getByTestId('consent-type').filter({ hasText: 'Face painting' })).toBeVisible();
  // The same kind again is refused, said on the form.
  await kinds.getByRole('textbox', { name: 'Consent' }).fill('Face painting');
  await kinds.getByRole('button', { name: 'Add consent' }).click();
  await expect(kinds.getByText('This school already asks for this consent')).toBeVisible();

  const parentContext = await browser.newContext({ timezoneId: 'UTC' });
  const parent = await parentContext.newPage();
  await openAs(parent, request, SHELL_PHONES.parent, pagePath.childRecord(child.id));
  const consent = parent.getByTestId('consent').filter({ hasText: 'Face painting' });
  const toggle = consent.getByRole('switch', { name: 'Face painting' });
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  await expect(parent.getByText('Consent given: Face painting')).toBeVisible();
  await expect(toggle).toBeChecked();
  await expect(consent).toContainText('Given by Rohan Sharma');
  await parentContext.close();
});

test("the admin makes Nursery A's emergency sheet from the attendance page, follows it and opens the PDF", async ({
  page,
  request,
}) => {
  const child = await aarav(request);
  await openAs(page, request, SHELL_PHONES.admin, pagePath.attendance({ classId: child.classId }));
  await page.getByRole('button', { name: 'Emergency sheet (PDF)' }).click();
  const dialog = page.getByRole('dialog', { name: "The class's emergency sheet" });
  // The interface's language is chosen.
  await expect(dialog.getByRole('radio', { name: 'English' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Make the PDF' }).click();
  const link = dialog.getByRole('link', { name: 'Open the PDF' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\.pdf/);
  const pdf = await request.get(href ?? '');
  expect(pdf.ok()).toBe(true);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // The link opens the document in a new tab.
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  expect(tab.url()).toContain('.pdf');
  await tab.close();
});

test("the observation editor's child picker shows Kabir's badges beside his name", async ({ page, request }) => {
  await openAs(page, request, SHELL_PHONES.teacher, '/assessment/observation?type=daily');
  await page.getByRole('button', { name: 'New observation' }).click();
  const modal = page.getByRole('dialog', { name: 'New observation' });
  await modal.getByRole('combobox', { name: 'Children' }).fill('Kabir');
  const kabir = page.getByRole('option', { name: /Kabir Khan/ });
  await expect(kabir.locator('[data-alert="epipen"]')).toBeVisible();
  await expect(kabir.locator('[data-alert="severe_allergy"]')).toBeVisible();
  await modal.getByRole('combobox', { name: 'Children' }).fill('Noa');
  await expect(page.getByRole('option', { name: /Noa Levi/ }).getByTestId('child-alerts')).toHaveCount(0);
});
