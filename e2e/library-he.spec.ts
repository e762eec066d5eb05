import { pagePath } from '@cue/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.js';
import {
  arrangeItem,
  expectNoHorizontalOverflow,
  giveBack,
  libraryScene,
  openLoans,
  runBarcode,
  shownDay,
  toastsGone,
  typeBarcode,
} from './support/library.js';
import { runTag } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

/*
 * The library's loan in Hebrew, right to left, on a phone: Tara lends Aarav a Hebrew picture book by
 * typing its barcode on the student-wise desk, and his father reads it on Aarav's record in Hebrew. The
 * children's names and the book's title stay as the school wrote them; everything else is in Hebrew.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility.
test.use({ bypassCSP: true, viewport: { width: 390, height: 844 } });

const toastWith = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test('in Hebrew, right to left, at 390 px: a book lent by its typed barcode, and the family reads it on the child’s record', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const scene = await libraryScene(request);
  const aarav = scene.child('Aarav');
  const title = `הזחל הרעב ${tag}`;
  const barcode = runBarcode(tag, 1);
  await arrangeItem(request, scene.librarian, { title, authors: ['אריק קארל'], language: 'he' }, [barcode]);
  await page.addInitScript(() => localStorage.setItem('cue.language', 'he'));

  try {
    // Tara's student-wise desk in Hebrew: the class's children, nothing wider than the phone.
    await openAs(page, request, SHELL_PHONES.teacher, '/housekeeping/library/student-wise');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'he');
    await expect(page.getByRole('heading', { level: 1, name: 'ספרייה: לפי ילד' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'ילדים' })).toHaveAttribute('aria-selected', 'true');
    const children = page.getByRole('list', { name: 'ילדים' });
    await expect(children.getByRole('button', { name: /Aarav Sharma/ })).toBeVisible();
    await expectNoHorizontalOverflow(page, 'the student-wise list in Hebrew at 390 px');
    await expectNoSeriousViolations(page, 'the student-wise list in Hebrew');

    // She chooses Aarav (on a phone his panel takes the screen) and types the barcode, then Enter.
    await children.getByRole('button', { name: /Aarav Sharma/ }).click();
    const panel = page.getByTestId('library-child-panel');
    await expect(panel.getByRole('heading', { level: 2, name: 'Aarav Sharma' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'כל הילדים' })).toBeVisible();
    await typeBarcode(page, panel.getByRole('textbox', { name: 'סרקו או הקלידו ברקוד להשאלה' }), barcode);
    const toast = toastWith(page, /^הושאל: להחזרה עד \d{2}-\d{2}-\d{4}$/);
    await expect(toast).toBeVisible();
    const loan = (await openLoans(request, scene.librarian, aarav)).find((l) => l.copy.barcode === barcode);
    expect(loan, 'the loan is open on the server').toBeTruthy();
    await expect(toast).toHaveText(`הושאל: להחזרה עד ${loan?.due_on}`);
    const onLoan = panel.getByRole('region', { name: 'מושאלים כעת' });
    await expect(onLoan.getByTestId('library-loan').filter({ hasText: title })).toHaveAttribute('data-barcode', barcode);
    await toastsGone(page);
    await expectNoHorizontalOverflow(page, "Aarav's panel in Hebrew at 390 px");
    await expectNoSeriousViolations(page, "Aarav's panel in Hebrew");
    await page.screenshot({ path: test.info().outputPath('library-he-student-wise.png'), fullPage: true });

    // Rohan, his father, reads it on Aarav's record in Hebrew, with the due date in Hebrew.
    await openAs(page, request, SHELL_PHONES.parent, pagePath.childRecord(aarav));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const card = page.getByRole('region', { name: 'ספרייה', exact: true });
    const row = card.getByRole('region', { name: 'מושאל עכשיו' }).getByTestId('library-loan').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row).toContainText(`להחזיר עד ${shownDay(loan?.due_on ?? '', 'he')}`);
    await expect(row).toContainText('אריק קארל');
    await expectNoHorizontalOverflow(page, "the child's record in Hebrew at 390 px");
    await expectNoSeriousViolations(page, "the family's library card in Hebrew");
    await page.screenshot({ path: test.info().outputPath('library-he-family-card.png'), fullPage: true });
  } finally {
    // The book goes back to the shelf, so that the journeys sharing the database find Aarav as he was.
    if ((await openLoans(request, scene.librarian, aarav)).some((l) => l.copy.barcode === barcode))
      await giveBack(request, scene.librarian, barcode);
  }
});
