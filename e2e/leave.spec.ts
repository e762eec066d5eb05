import { addDays, WEEKDAY_NAMES } from '@cue/contract';
import { expect, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { pickFutureDate } from './support/planning-more.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

/*
 * Leave (issue 27): Tara, the only adult of Nursery A (12 children), applies for two days of unpaid
 * leave; the form counts the working days and warns that the class would be below the ratio. Anita, her
 * line manager, finds the request waiting, sees the ratio warning and approves; Nursery A then needs
 * cover on both days and Anita names Sam for the Monday; the staff calendar shows Tara away on both days
 * and the class still needing cover on the Tuesday. Journeys share one database: the days are a week no other run took.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility.
test.use({ bypassCSP: true });

const wire = (iso: string) => iso.split('-').reverse().join('-');

test('a teacher applies for two days, her line manager sees the ratio warning and approves, the staff calendar shows her away', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tara = await staffToken(page.request, SHELL_PHONES.teacher);
  // Two working days, Monday and Tuesday of a week some weeks ahead, free of holidays and of Tara's leave.
  let monday = addDays(new Date().toISOString().slice(0, 10), 14 + (Date.now() % 20) * 7);
  while (WEEKDAY_NAMES[new Date(`${monday}T00:00:00Z`).getUTCDay()] !== 'monday') monday = addDays(monday, 1);
  const types = (await (await page.request.get('/api/leave/types', { headers: { authorization: `Bearer ${tara}` } })).json()) as {
    result: { _id: string; name: string }[];
  };
  // Unpaid leave may go below nothing: the journey does not depend on how much annual leave earlier runs used.
  const annual = types.result.find((x) => x.name === 'Unpaid leave')?._id ?? '';
  for (let i = 0; i < 10; i++) {
    const preview = await page.request.post('/api/leave/requests/preview', {
      headers: { authorization: `Bearer ${tara}` },
      data: { leave_type_id: annual, start_date: wire(monday), end_date: wire(addDays(monday, 1)) },
    });
    if (preview.ok() && ((await preview.json()) as { result: { days: number } }).result.days === 2) break;
    monday = addDays(monday, 7);
  }
  const tuesday = addDays(monday, 1);

  // Tara applies on her leave page.
  await openAs(page, page.request, SHELL_PHONES.teacher, '/admin/leave-portal/myleave');
  await expect(page.getByRole('heading', { name: 'My leave', level: 1 })).toBeVisible();
  await expect(page.getByTestId('leave-balance').filter({ hasText: 'Annual leave' })).toBeVisible();
  await page.getByRole('button', { name: 'Apply for leave' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply for leave' });
  await dialog.getByRole('combobox', { name: 'Leave type' }).click();
  await page.getByRole('option', { name: 'Unpaid leave', exact: true }).click();
  await pickFutureDate(page, dialog.getByRole('button', { name: 'First day' }), monday);
  await pickFutureDate(page, dialog.getByRole('button', { name: 'Last day' }), tuesday);
  const preview = dialog.getByTestId('leave-preview');
  await expect(preview).toContainText('2 working days counted');
  await expect(preview.getByTestId('ratio-warning')).toContainText('Nursery A');
  await expect(preview.getByTestId('ratio-warning')).toContainText('1:8');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'wedding-invitation.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await expectNoSeriousViolations(page, 'the apply for leave form');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  const row = page
    .getByTestId('my-leave-requests')
    .getByRole('row')
    .filter({ hasText: wire(monday) });
  await expect(row).toContainText('Waiting for the line manager');

  // Anita, Tara's line manager, finds it waiting for her.
  const anitaPage = await browser.newPage();
  await openAs(anitaPage, anitaPage.request, SHELL_PHONES.admin, '/admin/leave-portal/leave-requests');
  await expect(anitaPage.getByRole('heading', { name: 'Leave requests', level: 1 })).toBeVisible();
  const waiting = anitaPage
    .getByTestId('leave-requests')
    .getByRole('row')
    .filter({ hasText: wire(monday) });
  await waiting.getByRole('link', { name: 'Tara Menon' }).click();
  await expect(anitaPage.getByRole('heading', { name: 'Leave of Tara Menon', level: 1 })).toBeVisible();
  const warning = anitaPage.getByTestId('ratio-warning');
  await expect(warning).toContainText(`${wire(monday)} · Nursery A: 12 children, 0 adults left, 2 needed (1:8)`);
  await expect(anitaPage.getByTestId('request-balance')).toContainText('Unpaid leave');
  // The invitation Tara attached, for Anita to read.
  await expect(anitaPage.getByTestId('request-document')).toContainText('wedding-invitation.pdf');
  await expectNoSeriousViolations(anitaPage, 'a leave request');
  await anitaPage.getByRole('button', { name: 'Approve', exact: true }).click();
  const approve = anitaPage.getByRole('dialog', { name: 'Approve the leave of Tara Menon' });
  await approve.getByLabel('Note (optional)').fill('Cover from Kindergarten B in the mornings');
  await approve.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(approve).toBeHidden();
  await expect(anitaPage.getByTestId('leave-status').first()).toHaveAttribute('data-status', 'approved');
  await expect(anitaPage.getByText('Approved by Anita Desai (line manager)')).toBeVisible();

  // Nursery A now needs cover on both days; Anita names Sam, who has no class, for the Monday.
  const cover = anitaPage.getByTestId('request-cover');
  const coverRow = (day: string) => cover.getByRole('row').filter({ hasText: wire(day) });
  for (const day of [monday, tuesday]) {
    await expect(coverRow(day)).toContainText('Nursery A');
    await expect(coverRow(day)).toHaveAttribute('data-covered', 'false');
  }
  await coverRow(monday).getByTestId('cover-substitute').click();
  // Neha teaches Kindergarten B that day: she is not offered.
  await expect(anitaPage.getByRole('option', { name: 'Neha Patel' })).toHaveCount(0);
  await anitaPage.getByRole('option', { name: 'Sam Rao', exact: true }).click();
  await expect(anitaPage.getByText('Cover saved').first()).toBeVisible();
  await expect(coverRow(monday)).toHaveAttribute('data-covered', 'true');
  await expect(coverRow(tuesday)).toHaveAttribute('data-covered', 'false');

  // The staff calendar shows Tara away on both days, in Nursery A.
  await anitaPage.getByRole('link', { name: 'Staff calendar' }).first().click();
  await expect(anitaPage.getByRole('heading', { name: 'Staff calendar', level: 1 })).toBeVisible();
  const target = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${monday}T00:00:00Z`),
  );
  for (let i = 0; i < 12 && (await anitaPage.getByTestId('calendar-month').innerText()) !== target; i++)
    await anitaPage.getByRole('button', { name: 'Next month' }).click();
  await expect(anitaPage.getByTestId('calendar-month')).toHaveText(target);
  for (const day of [monday, tuesday])
    await expect(anitaPage.locator(`[data-testid="calendar-day"][data-date="${wire(day)}"]`)).toContainText('Tara Menon · UL');
  // Nursery A shows it still needs cover on the Tuesday only.
  const absence = (day: string) =>
    anitaPage.locator(`[data-testid="calendar-absence"][data-date="${wire(day)}"]`).filter({ hasText: 'Tara Menon' });
  await expect(absence(tuesday)).toHaveAttribute('data-needs-cover', 'true');
  await expect(absence(tuesday)).toContainText('needs cover');
  await expect(absence(monday)).toHaveAttribute('data-needs-cover', 'false');
  // The week view shows a week of seven days.
  await anitaPage.getByTestId('calendar-view').getByText('Week').click();
  await expect(anitaPage.getByTestId('calendar-day')).toHaveCount(7);
  await expectNoSeriousViolations(anitaPage, 'the staff calendar');

  // Tara sees her leave approved.
  await page.reload();
  const mine = page
    .getByTestId('my-leave-requests')
    .getByRole('row')
    .filter({ hasText: wire(monday) });
  await expect(mine).toContainText('Approved');

  // Plans change: before the first day she cancels it, after confirming.
  await mine.getByRole('button', { name: /^Cancel request/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel request' });
  await expect(confirm).toContainText('Cancel this leave request?');
  await confirm.getByRole('button', { name: 'Cancel request' }).click();
  await expect(confirm).toBeHidden();
  await expect(mine).toContainText('Cancelled');
});
