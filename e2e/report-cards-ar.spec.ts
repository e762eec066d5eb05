import { readFileSync, writeFileSync } from 'node:fs';
import { learningAreaName } from '@cue/contract';
import { expect, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { toastWith } from './support/carelog.js';
import { runTag } from './support/media.js';
import { sidewaysOverflow } from './support/planning-more.js';
import {
  createSet,
  currentPeriod,
  dayInPeriod,
  defaultTemplate,
  download,
  entryOfChild,
  finishedExport,
  firstPagePng,
  kindergartenB,
  lockSet,
  NEHA,
  observe,
  pdfHolds,
  pdfText,
  quietestArea,
  readEntry,
  setOf,
  unlockSet,
} from './support/report-cards.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

/*
 * An Arabic report card: Kindergarten B's report cards of the current period in Arabic; Neha, in an
 * Arabic interface, drafts one area's comment of Zara Ali with Cue from an observation and types another
 * in Arabic; the set is locked and Zara's PDF prepared. Its first page is rendered as an image (attached
 * to the test for a person to look at) and its text layer holds her name, the Arabic she wrote (her name
 * in Arabic letters among it) and the report's Arabic words, the product's learning areas named in
 * Arabic. Names the school wrote (the class, the children) stay as written.
 *
 * Re-runs: the set is left locked; a later run on the same database unlocks it through the API first.
 */

test.use({ bypassCSP: true, timezoneId: 'UTC', actionTimeout: 15_000 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cue.language', 'ar'));
});

/** Kindergarten B's set of the period in Arabic and in draft, made or unlocked through the API. */
async function arabicSet(request: Parameters<typeof kindergartenB>[0]) {
  const cls = await kindergartenB(request);
  const admin = await staffToken(request, SHELL_PHONES.admin);
  const period = await currentPeriod(request, admin);
  let set = await setOf(request, admin, cls.id, period._id);
  if (set?.status === 'shared')
    throw new Error("Kindergarten B's report cards were shared: this database cannot run the journey again");
  if (set?.status === 'locked') set = await unlockSet(request, admin, set._id);
  if (!set) {
    const template = await defaultTemplate(request, admin);
    set = await createSet(request, admin, { class_id: cls.id, period_id: period._id, template_id: template._id, language: 'ar' });
  }
  return { cls, admin, period, set };
}

test("in Arabic: a child's report card written right to left, locked, and its PDF's first page looked at as an image", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const { cls, admin, period, set } = await arabicSet(request);
  const zara = cls.child('Zara');
  const entryId = entryOfChild(set, zara)._id;
  const before = await readEntry(request, cls.token, entryId);
  const drafted = quietestArea(before);
  const typed = before.comments.find((c) => c.area_id !== drafted.id);
  if (!typed) throw new Error('Kindergarten B has one learning area only');
  await observe(request, cls.token, {
    classId: cls.id,
    studentId: zara,
    dayIso: dayInPeriod(period),
    title: `Shells ${tag}`,
    note: `Zara counted the shells on the tray to fifteen ${tag}.`,
    areaIds: [drafted.id],
  });
  // Her name in Arabic letters, in the teacher's own words (no vowel marks: the words are compared letter by letter).
  const arabic = `زارا علي تحب القصص وتعيد حكايتها لأصدقائها ${tag}`;

  await openAs(page, request, NEHA, `/assessment/report-card/entry/${entryId}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'بطاقة تقرير Zara Ali' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'صياغة الكل مع Cue' })).toBeVisible();

  // Cue drafts one area from the observation; every sentence with its evidence.
  // The product's learning areas are named in Arabic.
  const draftedName = learningAreaName(drafted.name, 'ar');
  const typedName = learningAreaName(typed.area_name, 'ar');
  expect(draftedName).not.toBe(drafted.name);
  const draftedSection = page.getByRole('region', { name: draftedName, exact: true });
  await draftedSection.getByRole('button', { name: `صياغة مع Cue (${draftedName})` }).click();
  await expect(toastWith(page, 'تمت صياغة التعليقات من الأدلة')).toBeVisible();
  await expect(draftedSection.getByRole('textbox', { name: `تعليق على ${draftedName}` })).toHaveValue(new RegExp(tag));
  await expect(draftedSection.getByText('مصاغ من الأدلة')).toBeVisible();
  await expect(draftedSection.getByTestId('report-sentence').first().getByTestId('report-evidence-chip').first()).toBeVisible();

  // Neha types another area's comment in Arabic and saves; it reads right to left.
  const typedSection = page.getByRole('region', { name: typedName, exact: true });
  const box = typedSection.getByRole('textbox', { name: `تعليق على ${typedName}` });
  await box.fill(arabic);
  await page.getByRole('button', { name: 'حفظ', exact: true }).click();
  await expect(toastWith(page, 'تم حفظ الشهادة')).toBeVisible();
  await expect(box).toHaveValue(arabic);
  // The box lays each paragraph out in the direction of its own words.
  expect(await box.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('plaintext');
  await expectNoSeriousViolations(page, "a child's report card in Arabic");

  // On a phone's screen nothing runs off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(box).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('report-entry-ar-phone.png'), fullPage: true });

  // Locked in Arabic: every child's PDF prepared.
  const job = await lockSet(request, admin, set._id, 'ar');
  await finishedExport(request, admin, job.id);
  const entry = await readEntry(request, cls.token, entryId);
  expect(entry.status).toBe('locked');
  expect(entry.pdf_link).toBeTruthy();
  const pdf = await download(request, entry.pdf_link ?? '');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The first page as an image, attached for a person to look at.
  const png = firstPagePng(pdf, testInfo.outputPath('report-ar-page1'));
  const image = readFileSync(png);
  expect(image.subarray(1, 4).toString('latin1')).toBe('PNG');
  await testInfo.attach('report-ar-page1.png', { body: image, contentType: 'image/png' });
  const kept = testInfo.outputPath('report-ar.pdf');
  writeFileSync(kept, pdf);
  await testInfo.attach('report-ar.pdf', { path: kept, contentType: 'application/pdf' });

  // Its text layer: the child's name, her name in Arabic letters among Neha's words, the report's Arabic.
  const text = pdfText(pdf);
  expect(pdfHolds(text, 'Zara Ali'), 'the PDF names the child').toBe(true);
  expect(pdfHolds(text, 'زارا علي'), 'her name in Arabic letters').toBe(true);
  expect(pdfHolds(text, arabic.replace(` ${tag}`, '')), "the teacher's Arabic words").toBe(true);
  for (const words of ['بطاقة التقرير', 'الحضور', 'التعلم والنمو', 'التوقيعات', typedName])
    expect(pdfHolds(text, words), `the report's Arabic: ${words}`).toBe(true);
  // The letters are shaped: the text layer holds Arabic presentation forms (joined letters), or plain letters in order.
  expect(/[\u0600-\u06FF\uFB50-\uFDFF\uFE70-\uFEFF]/.test(text)).toBe(true);

  // The locked entry in Arabic: read only, the PDF to download.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(page.getByTestId('report-entry-locked')).toContainText('بطاقات التقارير هذه مقفلة');
  await expect(page.getByRole('link', { name: 'تنزيل PDF' })).toBeVisible();
  await expectNoSeriousViolations(page, 'a locked report card in Arabic');
});
