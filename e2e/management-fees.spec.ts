import { PAGE_PATHS, pagePath } from '@cue/contract';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { apiSignIn } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import {
  type FeeInvoice,
  feeInvoice,
  feeScene,
  freshFeeMonth,
  issueFeeRun,
  previewFeeRun,
  runInvoices,
} from './support/management.js';
import { runTag } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

/*
 * Fees (issue 26): Anita generates a month's invoices for the classes of Rohan's children, sees the
 * sibling discount on the second child's draft and issues them; Rohan sees his son's invoice unpaid;
 * Anita records part of it in cash and downloads the receipt; Rohan sees the receipt and a lower balance.
 * A correction makes revision 2 under the same number; Rohan's page in Arabic on a phone. Journeys share
 * one database and an issued month stays issued, so every run bills a month of its own (freshFeeMonth).
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility.
test.use({ bypassCSP: true });

const FEES = '/fees';

/** The amount as the page's own Intl writes it (the browser's ICU, the page's formatting rule). */
async function shown(page: Page, minor: number, currency: string, language = 'en'): Promise<string> {
  return page.evaluate(
    ([m, c, l]) => {
      const digits = new Intl.NumberFormat('en', { style: 'currency', currency: c }).resolvedOptions().maximumFractionDigits ?? 2;
      return new Intl.NumberFormat(l, {
        style: 'currency',
        currency: c,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(Number(m) / 10 ** digits);
    },
    [minor, currency, language] as const,
  );
}

/** The major-unit text a person types for an amount (no float: 150000 paise → "1500.00"). */
function typed(minor: number, digits = 2): string {
  const whole = String(minor).padStart(digits + 1, '0');
  return digits ? `${whole.slice(0, -digits)}.${whole.slice(-digits)}` : whole;
}

/** GET /api/family/fees as Rohan: the account holding his children's invoices. */
async function familyAccount(request: APIRequestContext) {
  const token = (await apiSignIn(request, SHELL_PHONES.parent)).parent_user?.access_token;
  const res = await request.get('/api/family/fees', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  const accounts = (
    (await res.json()) as {
      result: { accounts: { _id: string; outstanding: number; credit: number; invoices: { _id: string }[] }[] };
    }
  ).result.accounts;
  return accounts;
}

/** Picks a month far ahead in the run form's month picker: decade view, the year, then the month. */
async function pickMonth(page: Page, year: number, month: number) {
  await page.getByTestId('run-month').click();
  const dropdown = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('button[data-direction="next"]') });
  await expect(dropdown).toBeVisible();
  // Month view (this year) → year view (its decade).
  await dropdown.locator('button[class*="calendarHeaderLevel"]').click();
  const yearButton = dropdown.getByRole('button', { name: String(year), exact: true });
  for (let n = 0; n < 20 && !(await yearButton.isVisible()); n++) await dropdown.locator('button[data-direction="next"]').click();
  await yearButton.click();
  const label = new Intl.DateTimeFormat('en', { month: 'short' }).format(new Date(Date.UTC(year, month - 1, 15)));
  await dropdown.getByRole('button', { name: label, exact: true }).click();
  await expect(dropdown).toBeHidden();
}

/** The invoice page's total rows: "Outstanding", "Paid"… by their row header. */
const footRow = (page: Page, name: string): Locator =>
  page
    .getByTestId('invoice-lines')
    .locator('tfoot tr')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });

test("a month's invoices are previewed with the sibling discount, issued, seen by the family, partly paid with a receipt", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = runTag();
  const scene = await feeScene(request, SHELL_PHONES.admin, tag);
  const month = freshFeeMonth();

  // Anita: Fees → Collection → Generate invoices for the month, for Nursery A and Kindergarten B.
  await openAs(page, request, SHELL_PHONES.admin, PAGE_PATHS.feeCollection);
  await expect(page.getByRole('heading', { level: 1, name: 'Fee collection' })).toBeVisible();
  await pickMonth(page, month.year, month.month);
  const classes = page.getByRole('combobox', { name: 'Classes' });
  await classes.click();
  await page.getByRole('option', { name: 'Nursery A', exact: true }).click();
  await page.getByRole('option', { name: 'Kindergarten B', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('generate-invoices').click();
  const preview = page.getByTestId('run-preview');
  await expect(preview).toBeVisible();

  // The drafts as the server made them: Aarav's and Ira's, the sibling line on the younger (second) one.
  const runs = (await (await request.get('/api/fees/runs', { headers: { authorization: `Bearer ${scene.admin}` } })).json()) as {
    result: { _id: string; status: string; period_start: string }[];
  };
  const run = runs.result.find((r) => r.status === 'preview' && r.period_start === month.wire);
  expect(run, `a preview of ${month.wire}`).toBeTruthy();
  const drafts = await runInvoices(request, scene.admin, run?._id ?? '');
  const draftOf = (name: string) => drafts.find((d) => d.student.name === name) as FeeInvoice;
  const aarav = draftOf('Aarav Sharma');
  const ira = draftOf('Ira Sharma');
  expect(aarav && ira, 'both children have a draft').toBeTruthy();
  const withSibling = [aarav, ira].filter((d) =>
    d.lines.some((l) => l.kind === 'discount' && l.description.includes(scene.sibling)),
  );
  expect(withSibling, 'exactly one of the two carries the sibling discount').toHaveLength(1);
  const second = withSibling[0] as FeeInvoice;
  const first = second === aarav ? ira : aarav;
  expect(first.lines.some((l) => l.description.includes(scene.sibling))).toBe(false);

  const drafted = preview.getByTestId('draft-invoices');
  for (const d of [aarav, ira]) {
    const row = drafted.getByRole('row').filter({ hasText: d.student.name });
    await expect(row).toContainText(await shown(page, d.total, d.currency));
  }
  await drafted.getByRole('button', { name: `Show the lines of ${second.student.name}'s invoice` }).click();
  const siblingLine = second.lines.find((l) => l.kind === 'discount' && l.description.includes(scene.sibling));
  await expect(drafted.getByRole('cell', { name: siblingLine?.description, exact: true })).toBeVisible();
  await expect(drafted.getByText(await shown(page, siblingLine?.amount ?? 0, second.currency), { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'the collection page with a preview');

  // Issue, after the confirmation.
  await preview.getByTestId('issue-run').click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: /^Issue \d+ invoices?$/ }).click();
  await expect(preview).toBeHidden();
  const issued = await feeInvoice(request, scene.admin, aarav._id);
  expect(issued.status).toBe('issued');
  expect(issued.number).toMatch(/^INV-\d{4}-\d{5}$/);
  expect(issued.payment_state).toBe('unpaid');
  const iraIssued = await feeInvoice(request, scene.admin, ira._id);
  expect(iraIssued.number).toMatch(/^INV-\d{4}-\d{5}$/);
  expect(iraIssued.number).not.toBe(issued.number);

  // The invoice's page carries its number.
  await page.goto(pagePath.invoice(issued._id));
  await expect(page.getByRole('heading', { level: 1, name: issued.number ?? '' })).toBeVisible();
  await expect(footRow(page, 'Total')).toContainText(await shown(page, issued.total, issued.currency));
  await expectNoSeriousViolations(page, 'an issued invoice');

  // Rohan: from his son's card on the dashboard to the family's fees.
  const family = await browser.newPage();
  await openAs(family, request, SHELL_PHONES.parent, '/dashboard');
  await family.getByTestId('child-card').filter({ hasText: 'Aarav Sharma' }).getByRole('link', { name: 'Fees' }).click();
  await expect(family).toHaveURL(/\/fees$/);
  await expect(family.getByRole('heading', { level: 1, name: 'Fees' })).toBeVisible();
  const familyRow = family.getByTestId('family-invoice-row').filter({ hasText: issued.number ?? '' });
  await expect(familyRow).toContainText('Aarav Sharma');
  await expect(familyRow).toContainText(await shown(family, issued.total, issued.currency));
  await expect(familyRow).toContainText('Unpaid');
  const before = (await familyAccount(request)).find((a) => a.invoices.some((i) => i._id === issued._id));
  expect(before).toBeTruthy();

  // Anita records a partial payment in cash from the invoice's page and downloads the receipt.
  const part = Math.floor(issued.total / 2 / 100) * 100;
  expect(part).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog.getByTestId('payment-family')).toHaveValue(issued.account.name);
  await dialog.getByRole('textbox', { name: 'Amount' }).fill(typed(part));
  await dialog.getByRole('combobox', { name: 'Method' }).click();
  await page.getByRole('option', { name: 'Cash', exact: true }).click();
  await expect(dialog.getByTestId('payment-plan')).toContainText(issued.number ?? '');
  await expectNoSeriousViolations(page, 'the record-payment dialog');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  const saved = page.getByRole('dialog', { name: 'Payment recorded' });
  await expect(saved).toContainText(/Receipt RCT-\d{4}-\d{5}:/);
  const receipt = /Receipt (RCT-\d{4}-\d{5}):/.exec((await saved.textContent()) ?? '')?.[1] ?? '';
  await saved.getByTestId('download-receipt').click();
  const link = saved.getByTestId('receipt-link');
  await expect(link).toBeVisible({ timeout: 60_000 });
  const pdf = await request.get((await link.getAttribute('href')) ?? '');
  expect(pdf.ok()).toBe(true);
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await saved.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const paid = await feeInvoice(request, scene.admin, issued._id);
  expect(paid.paid).toBe(part);
  expect(paid.outstanding).toBe(issued.total - part);
  expect(paid.payment_state).toBe('partly_paid');
  await expect(page.getByText('Partly paid', { exact: true })).toBeVisible();
  await expect(footRow(page, 'Outstanding')).toContainText(await shown(page, issued.total - part, issued.currency));

  // Rohan reloads: the receipt is listed and the family owes less by what was paid.
  await family.reload();
  await expect(family.getByTestId('family-receipt-row').filter({ hasText: receipt })).toContainText(
    await shown(family, part, issued.currency),
  );
  await expect(familyRow).toContainText('Partly paid');
  const after = (await familyAccount(request)).find((a) => a._id === before?._id);
  expect(after?.outstanding).toBe((before?.outstanding ?? 0) - part);
  const account = family
    .getByTestId('family-account')
    .filter({ has: family.getByTestId('family-invoice-row').filter({ hasText: issued.number ?? '' }) });
  await expect(account.getByLabel('Outstanding', { exact: true })).toContainText(
    await shown(family, after?.outstanding ?? 0, issued.currency),
  );
  await expectNoSeriousViolations(family, 'the family fees page');
  await family.close();
});

test('a correction issues revision 2 under the same number, the first superseded, and the family owes the new total', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const scene = await feeScene(request, SHELL_PHONES.admin, tag);
  const month = freshFeeMonth();
  const { runId, invoices } = await previewFeeRun(request, scene.admin, month.wire, [scene.nurseryA]);
  await issueFeeRun(request, scene.admin, runId);
  const draft = invoices.find((d) => d.student.name === 'Aarav Sharma') as FeeInvoice;
  const original = await feeInvoice(request, scene.admin, draft._id);
  const before = (await familyAccount(request)).find((a) => a.invoices.some((i) => i._id === original._id));

  await openAs(page, request, SHELL_PHONES.admin, pagePath.invoice(original._id));
  await expect(page.getByRole('heading', { level: 1, name: original.number ?? '' })).toBeVisible();
  await page.getByRole('button', { name: 'Correct' }).click();
  const dialog = page.getByRole('dialog', { name: `Correct ${original.number}` });
  await dialog.getByRole('button', { name: 'Add line' }).click();
  const n = original.lines.length + 1;
  await dialog.getByRole('textbox', { name: `Line ${n} description` }).fill(`Art materials ${tag}`);
  await dialog.getByRole('textbox', { name: `Line ${n} unit amount` }).fill('450.00');
  const newTotal = original.total + 45_000;
  await expect(dialog.getByTestId('revise-total')).toContainText(await shown(page, newTotal, original.currency));
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(`Art materials were left out ${tag}`);
  await dialog.getByRole('button', { name: 'Issue the correction' }).click();
  await expect(dialog).toBeHidden();

  const old = await feeInvoice(request, scene.admin, original._id);
  expect(old.status).toBe('superseded');
  const after = (await familyAccount(request)).find((a) => a._id === before?._id);
  // Credit the account held may pay part of the new revision at once, so what the family owes net of
  // its credit is what grows by the new line.
  const net = (a?: { outstanding: number; credit: number }) => (a?.outstanding ?? 0) - (a?.credit ?? 0);
  expect(net(after)).toBe(net(before) + 45_000);
  const revisedId = after?.invoices.find((i) => i._id !== original._id && !before?.invoices.some((b) => b._id === i._id))?._id;
  expect(revisedId, 'the new revision is on the account').toBeTruthy();
  const revised = await feeInvoice(request, scene.admin, revisedId ?? '');
  expect(revised.number).toBe(original.number);
  expect(revised.revision).toBe(2);
  expect(revised.total).toBe(newTotal);

  await page.goto(pagePath.invoice(revised._id));
  await expect(page.getByRole('heading', { level: 1, name: revised.number ?? '' })).toBeVisible();
  await expect(page.getByText('Revision 2', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Revision 1 · Superseded' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Revision 2 · Issued' })).toBeVisible();
  await expect(page.getByRole('cell', { name: `Art materials ${tag}`, exact: true })).toBeVisible();
  expect(revised.paid + revised.outstanding).toBe(newTotal);
  await expect(footRow(page, 'Outstanding')).toContainText(await shown(page, revised.outstanding, original.currency));
});

test("Rohan's fees in Arabic on a phone: right to left, Arabic words, amounts in the language's format, no sideways scroll", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const scene = await feeScene(request, SHELL_PHONES.admin, tag);
  const month = freshFeeMonth();
  const { runId, invoices } = await previewFeeRun(request, scene.admin, month.wire, [scene.nurseryA]);
  await issueFeeRun(request, scene.admin, runId);
  const aarav = await feeInvoice(
    request,
    scene.admin,
    (invoices.find((d) => d.student.name === 'Aarav Sharma') as FeeInvoice)._id,
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('cue.language', 'ar'));
  await openAs(page, request, SHELL_PHONES.parent, FEES);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const row = page.getByTestId('family-invoice-row').filter({ hasText: aarav.number ?? '' });
  await expect(row).toBeVisible();
  await expect(row).toContainText(await shown(page, aarav.total, aarav.currency, 'ar'));
  const headings = await page.getByRole('heading').allTextContents();
  expect(headings.join(' '), 'the headings are in Arabic').toMatch(/[\u0600-\u06FF]/);
  expect(headings).not.toContain('Invoices');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page, 'the family fees page in Arabic');
  await page.screenshot({ path: test.info().outputPath('family-fees-ar.png'), fullPage: true });
});

/** A family downloads its receipt: the document is made by a job as the parent, who follows it to its link. */
test("Rohan downloads his family's receipt as a PDF", async ({ page, request }) => {
  test.setTimeout(120_000);
  const scene = await feeScene(request, SHELL_PHONES.admin, runTag());
  const month = freshFeeMonth();
  const { runId, invoices } = await previewFeeRun(request, scene.admin, month.wire, [scene.nurseryA]);
  await issueFeeRun(request, scene.admin, runId);
  const aarav = invoices.find((d) => d.student.name === 'Aarav Sharma') as FeeInvoice;
  const res = await request.post('/api/fees/payments', {
    headers: { authorization: `Bearer ${scene.admin}` },
    data: { account_id: aarav.account._id, amount: 10_000, method: 'cash', received_on: todayWire(), invoice_ids: [aarav._id] },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const receipt = ((await res.json()) as { result: { number: string } }).result.number;
  await openAs(page, request, SHELL_PHONES.parent, FEES);
  await page.getByRole('button', { name: `Download receipt ${receipt}` }).click();
  await expect(page.getByTestId('receipt-pdf-link')).toBeVisible({ timeout: 60_000 });
});

/** Today as DD-MM-YYYY (the server's wire format). */
function todayWire(): string {
  const d = new Date();
  return `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`;
}
