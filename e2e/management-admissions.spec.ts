import { pagePath } from '@cue/contract';
import { expect, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { admissionTotal, currentSchoolId, tinyPdf } from './support/management.js';
import { runTag } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

/*
 * Admissions (issue 26): the public application form of Sunrise, no sign-in. Journeys share one
 * database: what is written carries the run's own word, and counts are taken relative to before.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility.
test.use({ bypassCSP: true });

test('the honeypot is out of reach of keyboards and assistive technology, and a robot filling it is thanked with nothing kept', async ({
  page,
}) => {
  const tag = runTag();
  const anita = await staffToken(page.request, SHELL_PHONES.admin);
  const schoolId = await currentSchoolId(page.request, anita);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(pagePath.publicAdmissions(schoolId, 'application'));
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  // Hidden from assistive technology by an ancestor, and so not in the accessibility tree.
  await expect(page.locator('[aria-hidden="true"]').filter({ has: honeypot })).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'Website' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'public application form');

  const before = await admissionTotal(page.request, anita);
  const res = await page.request.post(`/api/public/admissions/${schoolId}/application/submissions`, {
    data: {
      answers: {
        child_first_name: 'Robo',
        child_last_name: `Spam ${tag}`,
        child_date_of_birth: '01-01-2022',
        parent_first_name: 'Bot',
        parent_last_name: `Spam ${tag}`,
        parent_email: `bot.${tag}@example.com`,
        parent_phone: '8123456789',
      },
      website: 'https://spam.example.com',
    },
  });
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { result: { reference: string } }).result.reference).toMatch(/\S/);
  expect(await admissionTotal(page.request, anita, tag)).toBe(0);
  expect(await admissionTotal(page.request, anita)).toBe(before);
});

test('a family applies from a phone without signing in, and Anita offers, accepts and enrols the child in a new class', async ({
  page,
}) => {
  const tag = runTag();
  const child = `Mira${tag.replace(/[^A-Za-z0-9]/g, '')}`;
  const name = `${child} Kapoor`;
  const anita = await staffToken(page.request, SHELL_PHONES.admin);
  const schoolId = await currentSchoolId(page.request, anita);
  // The run's own class: other journeys count Nursery A's and Kindergarten B's children. It meets on
  // Saturdays only, so the days other journeys check never expect it to be marked.
  const intake = `Intake ${child}`;
  const created = await page.request.post('/api/classes/', {
    headers: { authorization: `Bearer ${anita}` },
    data: { class_name: intake, classes_days: ['saturday'] },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const intakeId = ((await created.json()) as { result: { _id: string } }).result._id;

  // The family, at a phone's width, with no session.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(pagePath.publicAdmissions(schoolId, 'application'));
  await page.getByLabel("Child's first name").fill(child);
  await page.getByLabel("Child's last name").fill('Kapoor');
  await page.getByLabel('Date of birth').fill('14-03-2022');
  await page.getByLabel('Your first name').fill('Neha');
  await page.getByLabel('Your last name').fill('Kapoor');
  await page.getByLabel('Email').fill(`neha.${tag}@example.com`.toLowerCase());
  await page.getByLabel('Phone number').fill('8123456780');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach a file for Birth certificate' }).click();
  await (await chooser).setFiles({ name: 'birth-certificate.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
  await expect(page.getByText('birth-certificate.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Send application' }).click();
  const done = page.getByTestId('admission-submitted');
  await expect(done).toBeVisible();
  const reference = (await done.getByTestId('admission-reference').innerText()).trim();
  expect(reference).toMatch(/\S/);

  // Anita finds it in the list by the run's word and opens it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, page.request, SHELL_PHONES.admin, '/admin/management-setup/admissions');
  await page.getByRole('tab', { name: 'List' }).click();
  await page.getByLabel('Search').fill(child);
  await page.getByRole('link', { name }).click();
  await expect(page.getByTestId('admission-reference').first()).toContainText(reference);

  // Offered, through the menu and its dialog.
  await page.getByTestId('move-menu').click();
  await page.getByRole('menuitem', { name: 'Move to Offered' }).click();
  const offer = page.getByRole('dialog', { name: `Move ${name} to Offered` });
  await offer.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(offer).toBeHidden();

  // Accepted over the API (the same move, already shown above), then the page catches up.
  const found = await page.request.get('/api/admissions/applications', {
    headers: { authorization: `Bearer ${anita}` },
    params: { q: child, page_size: 5 },
  });
  const items = ((await found.json()) as { result: { items: { _id: string; stage: string }[] } }).result.items;
  expect(items).toHaveLength(1);
  expect(items[0]?.stage).toBe('offered');
  const moved = await page.request.post(`/api/admissions/applications/${items[0]?._id}/stage`, {
    headers: { authorization: `Bearer ${anita}` },
    data: { stage: 'accepted', note: '', send_email: true },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  await page.reload();

  // Enrol in the new class from today; the parent comes prefilled from the form.
  await page.getByTestId('enrol').click();
  const enrol = page.getByRole('dialog', { name: `Enrol ${name}` });
  await enrol.getByRole('combobox', { name: 'Class' }).fill(intake);
  await page.getByRole('option', { name: intake, exact: true }).click();
  await expect(enrol.getByRole('button', { name: 'First day' })).not.toHaveText('');
  await expect(enrol.getByLabel("Parent's first name")).toHaveValue('Neha');
  await enrol.getByRole('button', { name: 'Enrol', exact: true }).click();
  const enrolled = page.getByTestId('enrol-done');
  await expect(enrolled).toContainText(intake);
  await expect(enrolled.getByRole('link', { name: `Open ${name}'s record` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(enrolled).toBeHidden();
  await expect(page.getByRole('link', { name: `Open ${name}'s record` })).toBeVisible();
  await expectNoSeriousViolations(page, 'an enrolled application');

  // The child is on the class's student list.
  const students = await page.request.get('/api/student/', {
    headers: { authorization: `Bearer ${anita}` },
    params: { class_id: intakeId, search: child, page_size: 50 },
  });
  expect(students.ok()).toBe(true);
  const rows = ((await students.json()) as { result: { items: { first_name: string }[] } }).result.items;
  expect(rows.map((r) => r.first_name)).toContain(child);
});
