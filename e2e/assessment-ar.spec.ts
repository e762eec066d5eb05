import { expect, type Page, test } from '@playwright/test';
import { createTask, gradebookOf, hpcCard, scaleOf, sidewaysOverflow } from './support/assessment.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { runTag } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';
import { nurseryA } from './support/stories.js';

/*
 * Tara's assessment pages in Arabic, right to left: Nursery A's progress cards, a child's card (its
 * self-assessment answered by a tap) and the gradebook's grid (a grade typed and saved). On a phone's
 * screen (390 px) nothing runs off the side: the grid scrolls inside its own box. Names the school wrote
 * (classes, children, tasks) stay as written; everything else is in Arabic.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility. The demo school keeps UTC.
test.use({ bypassCSP: true, timezoneId: 'UTC', actionTimeout: 15_000 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cue.language', 'ar'));
});

const CHILD = 'Meera Nair';

async function expectArabic(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
}

test('in Arabic, right to left: the class’s progress cards, a child’s card answered by a tap, and the gradebook’s grid', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const meera = cls.child('Meera');
  const before = await hpcCard(request, cls.token, meera);

  // The class's progress cards.
  await openAs(page, request, SHELL_PHONES.teacher, `/assessment/hpc/student-list?class_id=${cls.id}`);
  await expectArabic(page);
  await expect(page.getByRole('heading', { level: 1, name: 'بطاقات التقدّم الشاملة' })).toBeVisible();
  const row = page.locator(`a[data-student="${meera}"]`);
  await expect(row).toContainText(CHILD);
  await expect(row).toContainText(`قُيّم ${Object.keys(before.ratings).length} من 17`);
  await expectNoSeriousViolations(page, 'the progress cards in Arabic');

  // Meera's card: its domains, levels and self-assessment in Arabic.
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: `بطاقة التقدّم: ${CHILD}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'المجالات والمؤشرات' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'النمو المعرفي' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'التقييم الذاتي' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'وصف المعلّم' })).toBeVisible();
  const enjoy = page.getByRole('group', { name: 'أحب المجيء إلى المدرسة', exact: true });
  const yes = enjoy.getByRole('button', { name: 'نعم', exact: true });
  if ((await yes.getAttribute('aria-pressed')) !== 'true') await yes.click();
  await expect(yes).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await hpcCard(request, cls.token, meera)).self.enjoy_school).toBe('yes');
  await expectNoSeriousViolations(page, 'a progress card in Arabic');

  // The gradebook: a task of the run, its grade typed in the grid and saved.
  const book = await gradebookOf(request, cls.token, cls.id);
  const title = `عدّ الأصداف ${tag}`;
  const task = await createTask(request, cls.token, {
    class_id: cls.id,
    title,
    subject: 'Numeracy',
    scale_id: scaleOf(book, 'points')._id,
  });
  await page.goto(`/assessment/gradebook?class_id=${cls.id}`);
  await expectArabic(page);
  await expect(page.getByRole('heading', { level: 1, name: 'دفتر الدرجات' })).toBeVisible();
  await expect(page.getByText('مهام التقييم ودرجات Nursery A')).toBeVisible();
  await expect(page.getByRole('button', { name: 'تصدير CSV' })).toBeVisible();
  const input = page.getByLabel(`${title}: درجة ${CHILD}`, { exact: true });
  await input.click();
  await page.keyboard.type('7');
  await page.keyboard.press('Enter');
  await expect(page.locator(`td[data-task="${task._id}"][data-student="${meera}"]`)).toHaveAttribute('data-status', 'saved');
  const saved = await gradebookOf(request, cls.token, cls.id);
  expect(saved.grades.find((g) => g.task_id === task._id && g.student_id === meera)?.value).toBe('7');
  // The grid itself reads right to left: the children's names on the right, the tasks towards the left.
  const grid = page.getByTestId('gradebook-grid');
  await expect(grid.locator('table')).toHaveCSS('direction', 'rtl');
  await expectNoSeriousViolations(page, 'the gradebook in Arabic');
});

test('in Arabic on a phone (390 px), the progress card and the gradebook run off no side; the grid scrolls in its own box', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const cls = await nurseryA(request);
  const meera = cls.child('Meera');
  await page.setViewportSize({ width: 390, height: 844 });

  await openAs(page, request, SHELL_PHONES.teacher, `/assessment/hpc/card/${meera}`);
  await expectArabic(page);
  await expect(page.getByRole('heading', { level: 1, name: `بطاقة التقدّم: ${CHILD}` })).toBeVisible();
  await expect(page.getByTestId('hpc-card')).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page, 'a progress card on a phone in Arabic');
  await page.screenshot({ path: test.info().outputPath('hpc-card-ar-phone.png') });

  // Three tasks of the run: wider together than the phone, so that the grid has to scroll.
  const tag = runTag();
  const book = await gradebookOf(request, cls.token, cls.id);
  for (const n of [1, 2, 3])
    await createTask(request, cls.token, {
      class_id: cls.id,
      title: `نشاط ${n} ${tag}`,
      subject: 'Art',
      scale_id: scaleOf(book, 'levels')._id,
    });
  await page.goto(`/assessment/gradebook?class_id=${cls.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'دفتر الدرجات' })).toBeVisible();
  const grid = page.getByTestId('gradebook-grid');
  await expect(grid.getByTestId('grade-row').first()).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  const box = await grid.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
    overflowX: getComputedStyle(el).overflowX,
  }));
  expect(box.client).toBeLessThanOrEqual(390);
  expect(box.scroll).toBeGreaterThan(box.client);
  expect(['auto', 'scroll']).toContain(box.overflowX);
  await expectNoSeriousViolations(page, 'the gradebook on a phone in Arabic');
  await page.screenshot({ path: test.info().outputPath('gradebook-ar-phone.png') });
});
