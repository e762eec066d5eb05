import { pagePath } from '@cue/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.js';
import {
  arrangeItem,
  cancelReservation,
  giveBack,
  lend,
  libraryScene,
  loanCounts,
  openLoans,
  reserve,
  runBarcode,
  runIsbn,
  shownDay,
  toastsGone,
  typeBarcode,
} from './support/library.js';
import { runTag } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

/*
 * The school library (issue 24): Tara lends a book to Aarav by typing its barcode (a USB scanner types
 * the same way) and his father sees it on Aarav's record; she takes it back book-wise and it leaves his
 * card. The desk's refusals, and Anita's library management: an item by its ISBN-10, a CSV import with
 * a refused row, and a PDF sheet of barcode labels. Journeys share one database: every title and
 * barcode carries the run's own word, and counts are taken relative to what was there.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility.
test.use({ bypassCSP: true });

const STUDENT_WISE = '/housekeeping/library/student-wise';
const BOOK_WISE = '/housekeeping/library/book-wise';
const MANAGEMENT = '/admin/academic-setup/library-management';

const toastWith = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/** Tara's student-wise desk with a child of Nursery A chosen from the list. */
async function openChild(page: Page, request: Parameters<typeof openAs>[1], name: string) {
  await openAs(page, request, SHELL_PHONES.teacher, STUDENT_WISE);
  await expect(page.getByRole('heading', { level: 1, name: 'Library: student-wise' })).toBeVisible();
  await page
    .getByRole('list', { name: 'Children' })
    .getByRole('button', { name: new RegExp(name) })
    .click();
  const panel = page.getByTestId('library-child-panel');
  await expect(panel.getByRole('heading', { level: 2, name })).toBeVisible();
  return panel;
}

test("a book lent by its typed barcode shows on the child's record for his father, and leaves it once returned book-wise", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const scene = await libraryScene(request);
  const aarav = scene.child('Aarav');
  const title = `The Very Hungry Caterpillar ${tag}`;
  const barcode = runBarcode(tag, 1);
  await arrangeItem(request, scene.librarian, { title, authors: ['Eric Carle'] }, [barcode]);

  // Tara picks Aarav and types the copy's barcode into the scan field, then Enter.
  const panel = await openChild(page, request, 'Aarav Sharma');
  const scan = panel.getByRole('textbox', { name: 'Scan or type a barcode to lend' });
  await expect(scan).toBeFocused();
  await typeBarcode(page, scan, barcode);
  const toast = toastWith(page, /^Checked out: due \d{2}-\d{2}-\d{4}$/);
  await expect(toast).toBeVisible();
  const loan = (await openLoans(request, scene.librarian, aarav)).find((l) => l.copy.barcode === barcode);
  expect(loan, 'the loan is open on the server').toBeTruthy();
  await expect(toast).toHaveText(`Checked out: due ${loan?.due_on}`);
  // The field is empty again, ready for the next book.
  await expect(scan).toHaveValue('');
  const onLoan = panel.getByRole('region', { name: 'On loan' });
  await expect(onLoan.getByTestId('library-loan').filter({ hasText: title })).toHaveAttribute('data-barcode', barcode);
  await toastsGone(page);
  await expectNoSeriousViolations(page, 'the student-wise desk');
  await page.screenshot({ path: test.info().outputPath('library-student-wise.png'), fullPage: true });

  // Rohan, Aarav's father, finds it on Aarav's record with its due date.
  const due = shownDay(loan?.due_on ?? '', 'en-US');
  await openAs(page, request, SHELL_PHONES.parent, pagePath.childRecord(aarav));
  const card = page.getByRole('region', { name: 'Library', exact: true });
  const borrowed = card.getByRole('region', { name: 'Borrowed now' });
  const row = borrowed.getByTestId('library-loan').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`Due back ${due}`);
  await expect(row).toContainText('Eric Carle');
  await expectNoSeriousViolations(page, "the family's library card");
  await page.screenshot({ path: test.info().outputPath('library-family-card.png'), fullPage: true });

  // Tara takes it back book-wise: the barcode typed, Return, in good condition.
  await openAs(page, request, SHELL_PHONES.teacher, BOOK_WISE);
  await expect(page.getByRole('heading', { level: 1, name: 'Library: book-wise' })).toBeVisible();
  await typeBarcode(page, page.getByRole('textbox', { name: 'Scan a book' }), barcode);
  const copy = page.getByTestId('library-scanned-copy');
  await expect(copy.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(copy.getByTestId('library-copy-holder')).toHaveText(`On loan to Aarav Sharma, due ${due}`);
  await toastsGone(page);
  await expectNoSeriousViolations(page, 'the book-wise desk with a scanned copy');
  await copy.getByRole('button', { name: 'Return' }).click();
  const dialog = page.getByRole('dialog', { name: `Return “${title}”` });
  await expect(dialog.getByRole('radio', { name: 'In good condition' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Return' }).click();
  await expect(toastWith(page, /^Returned$/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(copy).toHaveAttribute('data-status', 'available');
  expect((await openLoans(request, scene.librarian, aarav)).some((l) => l.copy.barcode === barcode)).toBe(false);

  // The item's page: its copy back on the shelf.
  await copy.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('library-copy').filter({ hasText: barcode })).toBeVisible();
  await toastsGone(page);
  await expectNoSeriousViolations(page, "an item's page");

  // Rohan's card, read again: the book is no longer out (it is among the returns).
  await openAs(page, request, SHELL_PHONES.parent, pagePath.childRecord(aarav));
  await page.reload();
  const again = page.getByRole('region', { name: 'Library', exact: true });
  await expect(again.getByRole('region', { name: 'Recently returned' })).toContainText(title);
  await expect(again.getByRole('region', { name: 'Borrowed now' })).not.toContainText(title);
});

test('the desk refuses an unknown barcode, a loan over the child’s limit and a copy kept for another child', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const scene = await libraryScene(request);
  const aarav = scene.child('Aarav');
  const vihaan = scene.child('Vihaan');
  // A third child of the class, lent up to their limit over the API.
  const other = scene.pupils.find((p) => p.id !== aarav && p.id !== vihaan);
  if (!other) throw new Error('Nursery A needs a third child');
  const otherName = `${other.first_name} ${other.last_name}`;
  const counts = (await loanCounts(request, scene.librarian, scene.classId)).get(other.id);
  if (!counts) throw new Error(`${otherName} is not on the student-wise list`);
  const lent: string[] = [];
  let reservation: string | null = null;
  try {
    for (let i = 0; i < counts.max - counts.open; i++) {
      const item = await arrangeItem(request, scene.librarian, { title: `Limit book ${i + 1} ${tag}` }, [
        runBarcode(tag, 10 + i),
      ]);
      await lend(request, scene.librarian, item.barcodes[0] ?? '', other.id);
      lent.push(item.barcodes[0] ?? '');
    }
    const oneMore = await arrangeItem(request, scene.librarian, { title: `One too many ${tag}` }, [runBarcode(tag, 20)]);
    // Vihaan reserved the only copy of a book that was on the shelf: it is kept for him.
    const kept = await arrangeItem(request, scene.librarian, { title: `Kept for Vihaan ${tag}` }, [runBarcode(tag, 30)]);
    const r = await reserve(request, scene.librarian, kept.id, vihaan);
    reservation = r.id;
    expect(r.status).toBe('ready');

    // Aarav: a barcode no copy has.
    let panel = await openChild(page, request, 'Aarav Sharma');
    let scan = panel.getByRole('textbox', { name: 'Scan or type a barcode to lend' });
    await typeBarcode(page, scan, runBarcode(tag, 99));
    await expect(toastWith(page, 'No copy has this barcode')).toBeVisible();
    // Aarav: the copy kept for Vihaan.
    await typeBarcode(page, scan, kept.barcodes[0] ?? '');
    await expect(toastWith(page, 'This copy is kept for another child who reserved it')).toBeVisible();
    await expect(panel.getByRole('region', { name: 'On loan' })).not.toContainText(kept.title);

    // The third child, at their limit: one more book is refused.
    panel = await openChild(page, request, otherName);
    await expect(panel).toContainText(`${counts.max} of ${counts.max} on loan`);
    scan = panel.getByRole('textbox', { name: 'Scan or type a barcode to lend' });
    await typeBarcode(page, scan, oneMore.barcodes[0] ?? '');
    await expect(toastWith(page, 'This child already has as many loans as the rules allow')).toBeVisible();
    expect((await openLoans(request, scene.librarian, other.id)).some((l) => l.copy.barcode === oneMore.barcodes[0])).toBe(false);
  } finally {
    for (const barcode of lent) await giveBack(request, scene.librarian, barcode);
    if (reservation) await cancelReservation(request, scene.librarian, reservation);
  }
});

test('library management: an item added by its ISBN-10 with two copies, a CSV import with a refused row, and labels for the copies', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const isbn = runIsbn();
  const title = `Where the Wild Things Are ${tag}`;

  await openAs(page, request, SHELL_PHONES.admin, MANAGEMENT);
  await expect(page.getByRole('heading', { level: 1, name: 'Library management' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Catalogue' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'The library catalogue' })).toBeVisible();
  await expectNoSeriousViolations(page, 'library management: the catalogue');

  // An item by its ISBN-10: the form shows it as ISBN-13, hyphenated.
  await page.getByRole('button', { name: 'Add item' }).click();
  const add = page.getByRole('dialog', { name: 'Add an item to the catalogue' });
  await add.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await add.getByRole('textbox', { name: 'ISBN', exact: true }).fill(isbn.isbn10);
  await expect(add.getByTestId('isbn-check')).toContainText(`ISBN-13 ${isbn.isbn13h}`);
  await add.getByRole('textbox', { name: 'Number of copies' }).fill('2');
  await expectNoSeriousViolations(page, 'library management: the new item form');
  await add.getByRole('button', { name: 'Add item' }).click();
  await expect(toastWith(page, 'Item added to the catalogue')).toBeVisible();
  const panel = page.getByRole('dialog', { name: title });
  await expect(panel.getByRole('textbox', { name: 'ISBN', exact: true })).toHaveValue(isbn.isbn13h);
  await expect(panel.getByRole('table', { name: "The item's copies" }).getByRole('row')).toHaveCount(3);
  await panel.getByRole('button', { name: 'Close' }).first().click();
  await expect(panel).toBeHidden();

  // A CSV of one good row and one with a bad ISBN: the preview says what is imported and what is refused.
  const imported = `Goodnight Moon ${tag}`;
  const csv = ['title,authors,isbn,copies', `${imported},Margaret Wise Brown,,1`, `Broken ISBN ${tag},Nobody,12345,1`, ''].join(
    '\n',
  );
  await page.getByRole('tab', { name: 'Import' }).click();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: `books-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const preview = page.getByTestId('import-preview');
  await expect(preview.getByTestId('import-valid')).toContainText('1');
  await expect(preview.getByTestId('import-refused')).toContainText('1');
  const refusal = preview
    .getByTestId('import-refusals')
    .getByRole('row')
    .filter({ hasText: `Broken ISBN ${tag}` });
  await expect(refusal.getByRole('cell')).toHaveText([
    '2',
    'isbn',
    'Enter a valid ISBN-10 or ISBN-13 (12345)',
    new RegExp(`Broken ISBN ${tag}`),
  ]);
  await expectNoSeriousViolations(page, 'library management: an import preview');
  await preview.getByRole('button', { name: 'Import 1 record' }).click();
  await expect(page.getByTestId('import-done')).toContainText('New items: 1. New copies: 1.');

  // The imported item is in the catalogue's search.
  await page.getByRole('tab', { name: 'Catalogue' }).click();
  await page.getByRole('searchbox', { name: 'Search the catalogue' }).fill(imported);
  const table = page.getByRole('table', { name: 'The library catalogue' });
  await expect(table.getByRole('row').filter({ hasText: imported })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: `Broken ISBN ${tag}` })).toHaveCount(0);

  // Labels for the first item's two copies: a PDF sheet.
  await page.getByRole('tab', { name: 'Labels' }).click();
  const item = page.getByRole('combobox', { name: 'Item' });
  await item.fill(tag);
  await page.getByRole('option', { name: new RegExp(`^${title}.*\\(2\\)$`) }).click();
  await expectNoSeriousViolations(page, 'library management: labels');
  await page.getByRole('button', { name: 'Prepare the labels' }).click();
  const link = page.getByRole('link', { name: 'Open the PDF' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const pdf = await request.get((await link.getAttribute('href')) ?? '');
  expect(pdf.ok()).toBe(true);
  expect((await pdf.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
});
