import { readFileSync } from 'node:fs';
import { ASSESSMENT_MESSAGES } from '@cue/contract';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { makeCurrentChild } from './support/api.js';
import {
  AREA_IDS,
  createFeedbackForm,
  currentPeriod,
  descriptorOf,
  feedbackDetail,
  gradebookOf,
  gradeCell,
  gradeInput,
  hpcCard,
  observeToday,
  scaleOf,
  toastsGone,
  untouchedChild,
} from './support/assessment.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { toastWith } from './support/carelog.js';
import { runTag } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';
import { nurseryA } from './support/stories.js';

/*
 * Assessment in Nursery A's current period: Tara fills a child's progress card from two observations
 * whose words propose two descriptors, enters grades in the gradebook's grid by keyboard and exports
 * them, makes a parent form that Rohan answers for Aarav, and collects a child's own answers in class.
 * Every journey file shares the database: what these make carries the run's word, and what they count
 * is counted relative to what was there.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility. The demo school keeps UTC.
// A step that cannot happen fails in seconds, not at the end of the journey's time.
test.use({ bypassCSP: true, timezoneId: 'UTC', actionTimeout: 15_000 });

/** A second browser for the family, in the same language and time zone as the journey's. */
async function familyBrowser(browser: Browser) {
  const { baseURL, viewport } = test.info().project.use;
  return browser.newContext({ baseURL, viewport, locale: 'en-US', timezoneId: 'UTC', bypassCSP: true });
}

/** Chooses an option of a Mantine select by its field's label, within a part of the page. */
async function choose(page: Page, field: Locator, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test("a teacher fills a child's progress card: two descriptors suggested from observations confirmed, one rated by hand, the child's faces and her narrative", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  await currentPeriod(request, cls.token);
  // Physical and cognitive development unrated: the summary's averages are the journey's own ratings.
  const child = await untouchedChild(
    request,
    cls,
    ['gross_motor', 'fine_motor', 'health_habits', 'inquiry', 'numeracy', 'problem_solving'],
    ['numeracy', 'fine_motor'],
    ['Aarav Sharma'],
  );
  const first = child.name.split(' ')[0] ?? child.name;
  const countTitle = `Shell counting ${tag}`;
  const cutTitle = `Cutting practice ${tag}`;
  await observeToday(request, cls, child.id, countTitle, `${first} counted twelve shells independently.`, [AREA_IDS.M]);
  await observeToday(request, cls, child.id, cutTitle, `${first} cut along the line with scissors, with help.`, [AREA_IDS.PD]);
  const arranged = await hpcCard(request, cls.token, child.id);
  expect(arranged.suggestions.find((s) => s.descriptor === 'numeracy')?.level).toBe('proficient');
  expect(arranged.suggestions.find((s) => s.descriptor === 'fine_motor')?.level).toBe('beginner');
  const ratedBefore = Object.keys(arranged.ratings).length;

  // The class's cards: the child waits with the suggestions from evidence.
  await openAs(page, request, SHELL_PHONES.teacher, `/assessment/hpc/student-list?class_id=${cls.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Holistic progress cards' })).toBeVisible();
  const row = page.getByRole('link').and(page.getByTitle(`Open the progress card of ${child.name}`, { exact: true }));
  await expect(row).toContainText(`Rated ${ratedBefore} of 17`);
  await expect(row).toContainText(`${arranged.suggestions.length} suggestions from evidence`);
  await expectNoSeriousViolations(page, 'the progress cards of the class');

  // The card: both descriptors proposed from their observation, with the evidence to look at.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/assessment/hpc/card/${child.id}`));
  await expect(page.getByRole('heading', { level: 1, name: `Progress card: ${child.name}` })).toBeVisible();
  const numeracy = descriptorOf(page, 'numeracy');
  const fine = descriptorOf(page, 'fine_motor');
  for (const [descriptor, level, title] of [
    [numeracy, 'proficient', countTitle],
    [fine, 'beginner', cutTitle],
  ] as const) {
    const suggestion = descriptor.getByTestId('hpc-suggestion');
    await expect(suggestion).toHaveAttribute('data-level', level);
    await expect(suggestion).toContainText('Suggested from evidence:');
    await expect(suggestion.getByTestId('evidence-item').filter({ hasText: title })).toBeVisible();
  }
  await expect(numeracy.getByTestId('hpc-suggestion')).toContainText('Sky');
  await expect(fine.getByTestId('hpc-suggestion')).toContainText('Stream');
  await expect(page.getByTestId('hpc-suggestions-note')).toBeVisible();
  await expectNoSeriousViolations(page, 'a progress card with suggestions');

  // The teacher confirms both rather than typing: each becomes a rating from evidence, its evidence linked.
  await numeracy.getByRole('button', { name: 'Confirm' }).click();
  await expect(numeracy).toHaveAttribute('data-level', 'proficient');
  await expect(numeracy.getByTestId('hpc-from-evidence')).toBeVisible();
  await expect(numeracy.getByTestId('evidence-item').filter({ hasText: countTitle })).toBeVisible();
  await fine.getByRole('button', { name: 'Confirm' }).click();
  await expect(fine).toHaveAttribute('data-level', 'beginner');
  await expect(fine.getByTestId('hpc-from-evidence')).toBeVisible();

  // One more by hand: Mountain for moving with balance.
  const gross = descriptorOf(page, 'gross_motor');
  if (await gross.getByTestId('hpc-suggestion').isVisible())
    await gross.getByRole('button', { name: 'Choose another level' }).click();
  await gross.getByTestId('level-control').getByText('Mountain', { exact: true }).click();
  await expect(gross).toHaveAttribute('data-level', 'progressing');
  await expect(gross.getByTestId('hpc-from-evidence')).toHaveCount(0);

  // The child's faces, read to them and tapped.
  const enjoy = page.getByRole('group', { name: 'I enjoy coming to school', exact: true });
  await enjoy.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(enjoy.getByRole('button', { name: 'Yes', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const count = page.getByRole('group', { name: 'I can count things', exact: true });
  await count.getByRole('button', { name: 'Sometimes', exact: true }).click();
  await expect(count.getByRole('button', { name: 'Sometimes', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // The narrative, saved with its button.
  const narrative = `${first} counts with confidence and is learning to use scissors ${tag}.`;
  await page.getByTestId('hpc-narrative').fill(narrative);
  await page.getByRole('button', { name: 'Save narrative' }).click();
  await expect(page.getByRole('button', { name: 'Save narrative' })).toBeDisabled();
  await expect(page.getByTestId('hpc-saved')).toHaveText('Saved');
  await expect(page.getByText(`Rated ${ratedBefore + 3} of 17`)).toBeVisible();

  // The server holds what the page shows.
  const saved = await hpcCard(request, cls.token, child.id);
  expect(saved.ratings.numeracy).toMatchObject({ level: 'proficient', from_evidence: true });
  expect(saved.ratings.fine_motor).toMatchObject({ level: 'beginner', from_evidence: true });
  expect(saved.ratings.numeracy?.evidence.length).toBeGreaterThanOrEqual(1);
  expect(saved.ratings.gross_motor).toMatchObject({ level: 'progressing', from_evidence: false });
  expect(saved.self).toMatchObject({ enjoy_school: 'yes', count_things: 'sometimes' });
  expect(saved.narrative).toBe(narrative);
  expect(saved.suggestions.find((s) => s.descriptor === 'numeracy' || s.descriptor === 'fine_motor')).toBeUndefined();

  // Back on the list, the child's card moved on.
  await page.getByRole('link', { name: 'All cards' }).click();
  const after = page.getByRole('link').and(page.getByTitle(`Open the progress card of ${child.name}`, { exact: true }));
  await expect(after).toContainText(`Rated ${ratedBefore + 3} of 17`);
  await expect(after).toContainText('Self-assessment');
  await expect(after).toContainText('Narrative');
  await expect(after.getByTestId('hpc-status')).toHaveAttribute('data-status', 'in_progress');

  // The progress over terms: the child's cognitive domain at Sky this term, the narrative below.
  await page.goto(`/assessment/hpc/progress-summary?class_id=${cls.id}&student_id=${child.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Progress over terms' })).toBeVisible();
  const progress = page.getByTestId('hpc-progress');
  await expect(progress.locator('tr[data-domain="cognitive"]')).toContainText('Sky');
  await expect(progress).toContainText(narrative);

  // The class summary: the child's row with the levels of the domains rated.
  await page.goto(`/assessment/hpc/all-student-summary?class_id=${cls.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Class summary' })).toBeVisible();
  const summaryRow = page.getByTestId('hpc-summary').getByRole('row').filter({ hasText: child.name });
  // Physical development: Stream (1) and Mountain (2) average 1.5; cognitive: Sky (3).
  await expect(summaryRow.getByRole('cell').nth(0)).toContainText('1.5');
  await expect(summaryRow.getByRole('cell').nth(2)).toContainText('Sky');
  await expect(summaryRow.getByTestId('hpc-status')).toHaveAttribute('data-status', 'in_progress');
  await expectNoSeriousViolations(page, 'the class summary of progress cards');
});

test('a teacher adds two tasks and types grades down their columns; a grade off the scale is refused on its cell, the rest kept, averaged and exported', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const before = await gradebookOf(request, cls.token, cls.id);
  const points = scaleOf(before, 'points');
  const levels = scaleOf(before, 'levels');
  const [s0, s1, s2] = before.students;
  if (!s0 || !s1 || !s2) throw new Error('Nursery A has fewer than three children');
  const pointsTitle = `Counting shells ${tag}`;
  const levelsTitle = `Threading beads ${tag}`;

  await openAs(page, request, SHELL_PHONES.teacher, `/assessment/gradebook?class_id=${cls.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Gradebook' })).toBeVisible();
  await expect(page.getByText('Assessment tasks and grades of Nursery A')).toBeVisible();

  // Two tasks through the "Add task" form: one on points, one on the standards' levels.
  for (const [title, scale, subject] of [
    [pointsTitle, points.name, 'Numeracy'],
    [levelsTitle, levels.name, 'Physical'],
  ] as const) {
    await page.getByRole('button', { name: 'Add task' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add assessment task' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Subject').press('Escape');
    await choose(page, form.getByLabel('Grade scale'), scale);
    await form.getByRole('button', { name: 'Add task' }).click();
    // The first task's toast may still be showing when the second is made.
    await expect(toastWith(page, ASSESSMENT_MESSAGES.taskCreated).last()).toBeVisible();
    await expect(form).toBeHidden();
    await expect(page.getByRole('button', { name: `Task ${title}: actions` })).toBeVisible();
  }
  const made = await gradebookOf(request, cls.token, cls.id);
  const pointsTask = made.tasks.find((t) => t.title === pointsTitle);
  const levelsTask = made.tasks.find((t) => t.title === levelsTitle);
  if (!pointsTask || !levelsTask) throw new Error('the tasks were not made');
  expect(pointsTask.scale_id).toBe(points._id);
  expect(levelsTask.scale_id).toBe(levels._id);
  const averageBefore = page
    .getByTestId('grade-row')
    .and(page.locator(`[data-student="${s0._id}"]`))
    .getByTestId('grade-average');
  const averageShown = await averageBefore.textContent();

  // Down the points column by keyboard: Enter saves the cell and goes to the child below.
  await gradeInput(page, pointsTitle, s0.name).click();
  await page.keyboard.type('8');
  await page.keyboard.press('Enter');
  await expect(gradeInput(page, pointsTitle, s1.name)).toBeFocused();
  await page.keyboard.type('6.5');
  await page.keyboard.press('Enter');
  await expect(gradeInput(page, pointsTitle, s2.name)).toBeFocused();
  // Eleven out of ten: refused on the cell, kept typed, not sent.
  await page.keyboard.type('11');
  await page.keyboard.press('Enter');
  const refused = gradeCell(page, pointsTask._id, s2._id);
  await expect(refused).toHaveAttribute('data-status', 'error');
  await expect(refused.getByTestId('grade-error')).toHaveText(ASSESSMENT_MESSAGES.gradeOutOfRange);
  await expect(gradeInput(page, pointsTitle, s2.name)).toHaveValue('11');
  await expect(gradeInput(page, pointsTitle, s2.name)).toHaveAttribute('aria-invalid', 'true');
  await expect(gradeCell(page, pointsTask._id, s0._id)).toHaveAttribute('data-status', 'saved');
  await expect(gradeCell(page, pointsTask._id, s1._id)).toHaveAttribute('data-status', 'saved');

  // Down the levels column: a level typed by its name is saved as its code.
  await gradeInput(page, levelsTitle, s0.name).click();
  await page.keyboard.type('Exceeding');
  await page.keyboard.press('Enter');
  await expect(gradeInput(page, levelsTitle, s1.name)).toBeFocused();
  await page.keyboard.type('expected');
  await page.keyboard.press('Enter');
  await expect(gradeCell(page, levelsTask._id, s0._id)).toHaveAttribute('data-status', 'saved');
  await expect(gradeCell(page, levelsTask._id, s1._id)).toHaveAttribute('data-status', 'saved');
  await expect(gradeInput(page, levelsTitle, s0.name)).toHaveValue('exceeding');

  // The server holds the four grades and not the refused one; the average column follows it.
  const graded = await gradebookOf(request, cls.token, cls.id);
  const value = (taskId: string, studentId: string) =>
    graded.grades.find((g) => g.task_id === taskId && g.student_id === studentId)?.value;
  expect(value(pointsTask._id, s0._id)).toBe('8');
  expect(value(pointsTask._id, s1._id)).toBe('6.5');
  expect(value(pointsTask._id, s2._id)).toBeUndefined();
  expect(value(levelsTask._id, s0._id)).toBe('exceeding');
  expect(value(levelsTask._id, s1._id)).toBe('expected');
  const average = graded.averages.find((a) => a.student_id === s0._id)?.average;
  expect(average).not.toBeNull();
  const averageText = String(Math.min(100, Math.max(0, Math.round(average ?? 0))));
  await expect(averageBefore).toHaveText(averageText);
  if (before.grades.every((g) => g.student_id !== s0._id)) {
    // Nothing else graded for this child: 80 and 100 make 90.
    expect(averageShown).toBe('–');
    expect(averageText).toBe('90');
  }
  await expectNoSeriousViolations(page, 'the gradebook');

  // Read again: the saved grades stay, the refused cell is empty.
  await page.reload();
  await expect(gradeInput(page, pointsTitle, s0.name)).toHaveValue('8');
  await expect(gradeInput(page, pointsTitle, s1.name)).toHaveValue('6.5');
  await expect(gradeInput(page, pointsTitle, s2.name)).toHaveValue('');
  await expect(gradeInput(page, levelsTitle, s1.name)).toHaveValue('expected');
  await expect(averageBefore).toHaveText(averageText);

  // Export CSV: the file holds the task's title and a grade typed.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const path = await file.path();
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(pointsTitle);
  expect(text).toContain(levelsTitle);
  const line = text.split(/\r?\n/).find((l) => l.includes(s1.name)) ?? '';
  expect(line).toContain('6.5');
});

test("a teacher makes a parent form; Aarav's father answers it in words, a face and stars; she reads it on the form and on Aarav's card, and collects a child's own answers in class", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const period = await currentPeriod(request, cls.token);
  const aarav = cls.child('Aarav');
  const title = `Our term at home ${tag}`;
  const questions = {
    text: 'What has your child enjoyed doing at home?',
    face: 'Is your child happy to come to school?',
    stars: 'How has the term gone?',
  };

  // Tara makes the form: three questions, one of each kind, open for answers.
  await openAs(page, request, SHELL_PHONES.teacher, `/assessment/feedback/parent?class_id=${cls.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  await page.getByRole('button', { name: 'New form' }).click();
  const editor = page.getByRole('dialog', { name: 'New feedback form (Parent)' });
  await editor.getByLabel('Title').fill(title);
  await expect(editor.getByTestId('form-classes')).toBeVisible();
  await expect(editor.getByText('Nursery A').first()).toBeVisible();
  const question = (n: number) => editor.getByTestId('form-question').nth(n);
  await question(0).getByRole('textbox', { name: 'Question 1' }).fill(questions.text);
  await editor.getByRole('button', { name: 'Add a question' }).click();
  await question(1).getByRole('textbox', { name: 'Question 2' }).fill(questions.face);
  await choose(page, question(1).getByLabel('Answer'), 'Picture (faces)');
  await editor.getByRole('button', { name: 'Add a question' }).click();
  await question(2).getByRole('textbox', { name: 'Question 3' }).fill(questions.stars);
  await choose(page, question(2).getByLabel('Answer'), 'Stars (1 to 5)');
  await editor.getByText('Open', { exact: true }).click();
  await editor.getByRole('button', { name: 'Create form' }).click();
  await expect(toastWith(page, ASSESSMENT_MESSAGES.formCreated)).toBeVisible();
  await expect(editor).toBeHidden();
  const row = page.getByTestId('feedback-form').filter({ hasText: title });
  await expect(row).toHaveAttribute('data-status', 'open');
  const formId = (await row.getAttribute('data-form')) ?? '';
  await toastsGone(page);
  await expectNoSeriousViolations(page, 'the feedback forms');

  // Rohan answers it for Aarav in his own browser.
  await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
  const family = await familyBrowser(browser);
  const atHome = `Building a boat out of boxes ${tag}`;
  try {
    const father = await family.newPage();
    await openAs(father, father.request, SHELL_PHONES.parent, '/assessment/feedback/parent');
    const form = father.getByRole('region', { name: title });
    await expect(form).toContainText('About Aarav Sharma');
    await form.getByLabel(questions.text).fill(atHome);
    await form.getByRole('group', { name: questions.face }).getByRole('button', { name: 'Yes', exact: true }).click();
    await form.getByRole('group', { name: questions.stars }).getByRole('button', { name: '4 stars', exact: true }).click();
    await expect(form.getByRole('button', { name: '4 stars', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expectNoSeriousViolations(father, 'a family answering a feedback form');
    await form.getByRole('button', { name: 'Send answers' }).click();
    await expect(form.getByTestId('family-thanks')).toContainText(ASSESSMENT_MESSAGES.responseSaved);
  } finally {
    await family.close();
  }

  // Tara reads the answers on the form's page…
  await page.goto(`/assessment/feedback/form/${formId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const answered = page.locator(`[data-testid="form-child"][data-student="${aarav}"]`);
  await expect(answered).toContainText('Answered by Rohan Sharma');
  await expect(answered).toContainText(atHome);
  await expect(answered).toContainText('4 stars');
  await expect(answered).toContainText('Yes');
  await expect(page.getByText(/^1 of \d+ answered$/)).toBeVisible();
  await expectNoSeriousViolations(page, "a feedback form's answers");

  // …and on Aarav's progress card.
  await page.goto(`/assessment/hpc/card/${aarav}`);
  const item = page.getByTestId('hpc-feedback-item').filter({ hasText: title });
  await expect(item).toContainText(atHome);
  await expect(item).toContainText('4 stars');

  // In class: a self form collected from a child on the tablet, one question at a time.
  const selfTitle = `All about me ${tag}`;
  const self = await createFeedbackForm(request, cls.token, {
    kind: 'self',
    period_id: period._id,
    title: selfTitle,
    class_ids: [cls.id],
    questions: [
      { key: 'like_school', text: 'I like coming to school', answer: 'picture', required: true },
      { key: 'try_new', text: 'I try new things', answer: 'picture', required: false },
    ],
  });
  const diya = cls.child('Diya');
  await page.goto(`/assessment/feedback/form/${self._id}?mode=collect`);
  await expect(page.getByRole('heading', { level: 1, name: selfTitle })).toBeVisible();
  await page.getByTestId('collect-children').getByRole('button', { name: 'Diya Patel', exact: true }).click();
  const screen = page.getByTestId('collect-screen');
  await expect(screen).toContainText('Question 1 of 2');
  await expect(screen.getByTestId('collect-next')).toBeDisabled();
  await screen.getByRole('group', { name: 'I like coming to school' }).getByRole('button', { name: 'Yes', exact: true }).click();
  await screen.getByTestId('collect-next').click();
  await expect(screen).toContainText('Question 2 of 2');
  await screen.getByRole('group', { name: 'I try new things' }).getByRole('button', { name: 'Sometimes', exact: true }).click();
  // The face's tooltip, still fading in under the pointer, is not part of the screen being checked.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'collecting a child’s answers');
  await screen.getByTestId('collect-save').click();
  await expect(page.getByTestId('collect-saved')).toContainText('Diya Patel');
  await expect(page.getByRole('button', { name: 'Diya Patel, answered already' })).toBeVisible();
  const detail = await feedbackDetail(request, cls.token, self._id);
  expect(detail.students.find((s) => s._id === diya)?.response?.answers).toEqual({
    like_school: { choice: 'yes' },
    try_new: { choice: 'sometimes' },
  });
});
