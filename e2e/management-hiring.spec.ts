import { pagePath } from '@cue/contract';
import { expect, type Page, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { currentSchoolId, jobApplicationStages, openJobOpening, tinyPdf } from './support/management.js';
import { runTag } from './support/media.js';
import { pickFutureDate } from './support/planning-more.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

/*
 * Hiring (issue 26): an applicant finds an open job on the school's public page (no sign-in, phone
 * width), applies with a CV; Anita finds them under Screening, schedules an interview with herself,
 * sees it in the week's interviews, offers and hires them as a teacher of a class made for the run, and the new member
 * of staff is on the staff list. Journeys share one database: the opening and the applicant carry the
 * run's own word.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility.
test.use({ bypassCSP: true });

const HIRING = '/admin/management-setup/hiring';
const STAFF = '/admin/school-setup/staff';

/** An ISO day `n` days after today on the browser's clock (the journeys' machine). */
function isoIn(n: number): string {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Monday (ISO) of the week holding an ISO day: the interviews tab shows Monday to Sunday. */
function mondayOf(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

const dialogGone = (page: Page) => expect(page.getByRole('dialog')).toHaveCount(0);

test('an applicant applies with a CV on the public page, is interviewed, offered and hired as a teacher of a new class', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const anita = await staffToken(page.request, SHELL_PHONES.admin);
  const schoolId = await currentSchoolId(page.request, anita);
  const title = `Nursery teacher ${tag}`;
  const openingId = await openJobOpening(page.request, anita, {
    title,
    description: 'Lead a nursery class.',
    location: 'Sunrise',
  });
  const first = 'Meera';
  const last = `Iyer ${tag}`;
  const name = `${first} ${last}`;
  // A sign-in number no other journey uses (10 digits, starting with 8).
  const phone = `8${String(Date.now()).slice(-9)}`;
  // The run's own class: other journeys count who teaches Nursery A and Kindergarten B.
  const classroom = `Room ${tag}`;
  const created = await page.request.post('/api/classes/', {
    headers: { authorization: `Bearer ${anita}` },
    data: { class_name: classroom, classes_days: ['saturday'] },
  });
  expect(created.ok(), await created.text()).toBe(true);

  // The applicant: no sign-in, a phone's width.
  const applicant = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true, locale: 'en-US' });
  const form = await applicant.newPage();
  await form.goto(pagePath.publicJob(schoolId, openingId));
  await expect(form.getByRole('heading', { name: title })).toBeVisible();
  await expect(form.getByTestId('job-description')).toContainText('Lead a nursery class.');
  await form.getByLabel('First name').fill(first);
  await form.getByLabel('Last name').fill(last);
  await form.getByLabel('Email').fill(`meera.${tag}@example.com`);
  await form.getByLabel('Phone').fill(phone);
  await form.getByLabel('Cover letter').fill('I have taught nursery for five years.');
  // The honeypot is kept from keyboards and assistive technology.
  const honeypot = form.locator('input[name="website"], input[autocomplete="off"][tabindex="-1"]').first();
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(form.locator('[aria-hidden="true"]').filter({ has: honeypot })).toHaveCount(1);
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: `cv-${tag}.pdf`, mimeType: 'application/pdf', buffer: tinyPdf() });
  await expect(form.getByRole('button', { name: `Remove cv-${tag}.pdf` })).toBeVisible();
  await expectNoSeriousViolations(form, 'public job page');
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(form.getByTestId('application-sent')).toContainText('Your application has been received');
  await expect(form.getByTestId('reference')).toHaveText(/\S+/);
  await applicant.close();
  expect(await jobApplicationStages(page.request, anita, tag)).toEqual(['screening']);

  // Anita finds the applicant under Screening.
  await openAs(page, page.request, SHELL_PHONES.admin, `${HIRING}?tab=applicants`);
  await page.getByTestId('applicants-search').fill(tag);
  const screening = page.getByTestId('stage-screening');
  await expect(screening.getByRole('link', { name })).toBeVisible();
  await expect(page.getByTestId('stage-interview')).not.toContainText(name);
  await expectNoSeriousViolations(page, 'hiring applicants board');
  await screening.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('application-stage')).toHaveAttribute('data-status', 'screening');
  const applicantPage = new URL(page.url()).pathname;
  await expect(page.getByText(`cv-${tag}.pdf`)).toBeVisible();

  // An interview tomorrow, Anita interviewing.
  const day = isoIn(1);
  await page.getByRole('button', { name: 'Schedule interview' }).click();
  const dialog = page.getByRole('dialog', { name: `Schedule an interview with ${name}` });
  await expect(dialog).toBeVisible();
  await pickFutureDate(page, dialog.getByLabel('Date'), day);
  // Five minutes of the working day an earlier attempt is unlikely to have taken (Anita would be busy then).
  const start = 8 * 60 + (Date.now() % 108) * 5;
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  await dialog.getByLabel('Start').fill(hhmm(start));
  await dialog.getByLabel('End').fill(hhmm(start + 5));
  await dialog.getByTestId('interviewers').click();
  await page.getByRole('option', { name: 'Anita Desai' }).click();
  await dialog.getByLabel('Location').fill(`Office ${tag}`);
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await dialogGone(page);
  const interview = page.getByTestId('interview').filter({ hasText: `Office ${tag}` });
  await expect(interview).toContainText('Anita Desai');
  // An applicant still at screening moves to Interview with their first interview.
  await expect(page.getByTestId('application-stage')).toHaveAttribute('data-status', 'interview');
  await expectNoSeriousViolations(page, 'applicant page after scheduling');

  // The week's interviews show it (the week after this one when tomorrow is Monday).
  await page.goto(`${HIRING}?tab=interviews`);
  await expect(page.getByTestId('interviews-range')).toBeVisible();
  if (mondayOf(day) !== mondayOf(isoIn(0))) await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByTestId('interviews-week').getByTestId('interview').filter({ hasText: name })).toContainText(
    `Office ${tag}`,
  );
  await expectNoSeriousViolations(page, 'hiring interviews');

  // Offer, then hire as a teacher of the run's class.
  await page.goto(applicantPage);
  await page.getByRole('button', { name: 'Change stage' }).click();
  const move = page.getByRole('dialog', { name: `Move ${name}` });
  await move.getByRole('combobox', { name: 'New stage' }).click();
  await page.getByRole('option', { name: 'Offer', exact: true }).click();
  await move.getByRole('button', { name: 'Move', exact: true }).click();
  await dialogGone(page);
  await expect(page.getByTestId('application-stage')).toHaveAttribute('data-status', 'offer');

  await page.getByTestId('hire').click();
  const hire = page.getByRole('dialog', { name: `Hire ${name}` });
  await expect(hire.getByLabel('First name')).toHaveValue(first);
  await hire.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Teacher', exact: true }).click();
  await hire.getByLabel('Classes').click();
  await page.getByRole('option', { name: classroom, exact: true }).click();
  // Close the classes list (with many classes it covers the buttons) by going back to a field.
  await hire.getByLabel('First name').click();
  await expect(page.getByRole('option', { name: classroom, exact: true })).toBeHidden();
  await hire.getByRole('button', { name: 'Hire', exact: true }).click();
  await dialogGone(page);
  await expect(page.getByTestId('application-stage')).toHaveAttribute('data-status', 'hired');
  await expect(page.getByText(`Hired: ${name} is now a member of staff.`)).toBeVisible();
  await expectNoSeriousViolations(page, 'applicant page after the hire');

  // The new member of staff is on the school's staff list.
  await page.getByRole('link', { name: 'Open the staff page' }).click();
  await expect(page).toHaveURL(STAFF);
  await expect(page.getByTestId('staff-table').getByRole('row').filter({ hasText: tag })).toHaveCount(1);
});
