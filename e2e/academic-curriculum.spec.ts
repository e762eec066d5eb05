import { CURRICULUM_MESSAGES, pagePath } from '@cue/contract';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import {
  archiveFrameworkCoded,
  classFrameworkIds,
  curriculumCsv,
  expectNoSeriousViolationsIn,
  frameworkByCode,
  frameworkTree,
  observationsTagged,
  setClassFrameworks,
  statementOf,
} from './support/academic.js';
import { makeCurrentChild, staffToken } from './support/api.js';
import { sidewaysOverflow, toastsGone } from './support/assessment.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { toastWith } from './support/carelog.js';
import { runTag } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';
import { nurseryA } from './support/stories.js';

/*
 * The curriculum from the admin's tree to the child's record: Anita adds a statement of the school's own
 * under EYFS's Speaking, Tara tags Aarav's observation with it through the statement picker, and Rohan
 * sees it on Aarav's portfolio; archived, it stays on that observation, marked, and is no longer offered.
 * A framework of the school's own comes from a CSV file (a broken row shown first) and becomes Nursery A's
 * second framework. The list and EYFS's tree read right to left in Arabic on a phone. Every journey file
 * shares the database: what these make carries the run's word, and Nursery A's frameworks are put back.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility. The demo school keeps UTC.
test.use({ bypassCSP: true, timezoneId: 'UTC', actionTimeout: 15_000 });
// The archive journey continues the first one's statement and observation.
test.describe.configure({ mode: 'serial' });

const tag = runTag();
/** The statement Anita adds under Communication and Language → Speaking. */
const added = { code: `CL-SP-${tag}`, text: `Retells a story about the ${tag} kite in their own words` };
const observationTitle = `Kite story ${tag}`;

/** A browser of its own for one person, in the journey's language, time zone and screen. */
async function personPage(
  browser: Browser,
  phone: string,
  path: string,
  options: { language?: 'ar'; width?: number } = {},
): Promise<Page> {
  const { baseURL, viewport } = test.info().project.use;
  const context = await browser.newContext({
    baseURL,
    viewport: options.width ? { width: options.width, height: 844 } : viewport,
    locale: 'en-US',
    timezoneId: 'UTC',
    bypassCSP: true,
  });
  const page = await context.newPage();
  if (options.language) await page.addInitScript((lang) => localStorage.setItem('cue.language', lang), options.language);
  await openAs(page, page.request, phone, path);
  return page;
}

/** The observation editor opened from the daily observations page, with a child chosen. */
async function newObservation(page: Page, child: string): Promise<Locator> {
  await page.getByRole('button', { name: 'New observation' }).click();
  const modal = page.getByRole('dialog', { name: 'New observation' });
  await expect(modal).toBeVisible();
  await modal.getByRole('combobox', { name: 'Children' }).fill(child.split(' ')[0] ?? child);
  await page.getByRole('option', { name: child }).click();
  return modal;
}

/** The statement picker's dialog, opened from the editor. */
async function openPicker(page: Page, modal: Locator): Promise<Locator> {
  await modal.getByTestId('statement-picker-open').click();
  const picker = page.getByRole('dialog', { name: 'Choose curriculum statements' });
  await expect(picker).toBeVisible();
  return picker;
}

const observationCard = (page: Page, title: string) => page.getByTestId('observation-card').filter({ hasText: title });
const chipOf = (scope: Locator, statementId: string) =>
  scope.getByTestId('statement-chip').and(scope.locator(`[data-statement-id="${statementId}"]`));

let statementId = '';

test("an admin adds a statement to EYFS's Speaking; a teacher tags Aarav's observation with it; his father sees it", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const cls = await nurseryA(request);
  const anitaToken = await staffToken(request, SHELL_PHONES.admin);
  const eyfs = await frameworkByCode(request, anitaToken, 'EYFS');
  expect(await classFrameworkIds(request, anitaToken, cls.id)).toContain(eyfs._id);

  // Anita: the curriculum list → EYFS → Communication and Language → Speaking → Add statement.
  const anita = await personPage(browser, SHELL_PHONES.admin, '/admin/academic-setup/curriculum');
  try {
    await expect(anita.getByRole('heading', { level: 1, name: 'Curriculum' })).toBeVisible();
    const frameworks = anita.getByTestId('curriculum-frameworks');
    await expect(frameworks.locator('tr[data-code="EYFS"]')).toBeVisible();
    await expectNoSeriousViolations(anita, 'the curriculum frameworks');
    await frameworks.getByRole('link', { name: 'EYFS', exact: true }).click();
    await expect(anita).toHaveURL(new RegExp(`${pagePath.curriculumFramework(eyfs._id)}$`));
    await expect(anita.getByRole('heading', { level: 1, name: 'EYFS' })).toBeVisible();
    const cl = anita.locator('[data-testid="curriculum-area"][data-code="CL"]');
    await cl.getByRole('button', { name: /^Communication and Language CL/ }).click();
    const speaking = cl.getByRole('region', { name: 'Speaking', exact: true });
    await expect(speaking).toBeVisible();
    await expectNoSeriousViolations(anita, "EYFS's tree with an area open");
    await speaking.getByRole('button', { name: 'Add statement to Speaking' }).click();
    const dialog = anita.getByRole('dialog', { name: 'Add statement to Speaking' });
    await dialog.getByRole('textbox', { name: 'Code' }).fill(added.code);
    await dialog.getByRole('textbox', { name: 'Statement' }).fill(added.text);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toastWith(anita, CURRICULUM_MESSAGES.nodeCreated)).toBeVisible();
    await expect(dialog).toBeHidden();
    // In the tree, under Speaking, with its code and no lock (the school's own).
    const row = speaking.locator(`[data-testid="curriculum-statement"][data-code="${added.code}"]`);
    await expect(row).toContainText(added.code);
    await expect(row).toContainText(added.text);
    await expect(row.getByRole('img', { name: 'Included with Cue: read only' })).toHaveCount(0);
  } finally {
    await anita.context().close();
  }
  const found = statementOf(await frameworkTree(request, anitaToken, eyfs._id), added.code);
  expect(found?.aspect.code).toBe('CL-SP');
  expect(found?.statement).toMatchObject({ text: added.text, shipped: false, archived: false });
  statementId = found?.statement._id ?? '';

  // Tara: a new observation of Aarav, the statement found by its words in the picker and ticked.
  const tara = await personPage(browser, SHELL_PHONES.teacher, '/assessment/observation?type=daily');
  try {
    await expect(tara.getByRole('heading', { level: 1, name: 'Observations' })).toBeVisible();
    const modal = await newObservation(tara, 'Aarav Sharma');
    await modal.getByRole('textbox', { name: 'Title', exact: true }).fill(observationTitle);
    await modal.getByRole('textbox', { name: /What did you observe/ }).fill(`Aarav retold the ${tag} kite story to a friend.`);
    // Family visibility is the editor's default: Rohan will see it.
    await expect(modal.getByRole('radio', { name: 'Shared with family' })).toBeChecked();
    const picker = await openPicker(tara, modal);
    await picker.getByRole('searchbox', { name: 'Search statements' }).fill(added.text);
    const box = picker.getByRole('checkbox', { name: `${added.code} ${added.text}`, exact: true });
    await expect(box).toBeVisible();
    await expect(picker.getByTestId('picker-statement')).toHaveCount(1);
    await box.check();
    await expect(picker.getByRole('list', { name: 'Chosen statements' })).toContainText(added.code);
    await expectNoSeriousViolationsIn(picker, 'the statement picker');
    await picker.getByTestId('statement-picker-done').click();
    await expect(picker).toBeHidden();
    await expect(modal.getByRole('button', { name: 'Curriculum statements, 1 chosen' })).toBeVisible();
    await expect(chipOf(modal, statementId)).toBeVisible();
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(tara.getByText('Observation saved!')).toBeVisible();
    await expect(modal).toBeHidden();
    const card = observationCard(tara, observationTitle);
    await expect(card).toHaveCount(1);
    const chip = chipOf(card, statementId);
    await expect(chip).toContainText(added.code);
    await expect(chip).toContainText(added.text);
    await expect(chip).not.toHaveAttribute('data-archived', 'true');
  } finally {
    await tara.context().close();
  }
  const tagged = await observationsTagged(request, cls.token, statementId);
  expect(tagged.map((o) => o.title)).toEqual([observationTitle]);

  // Rohan: Aarav's portfolio shows the observation with its statement.
  await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
  const rohan = await personPage(browser, SHELL_PHONES.parent, '/assessment/portfolio');
  try {
    await expect(rohan.getByRole('heading', { level: 1 })).toHaveText("Aarav Sharma's portfolio");
    const card = observationCard(rohan, observationTitle);
    await expect(card).toHaveCount(1);
    await expect(chipOf(card, statementId)).toContainText(added.code);
    await expect(card.getByRole('list', { name: 'Curriculum statements' })).toBeVisible();
  } finally {
    await rohan.context().close();
  }
});

test('an archived statement stays on the observation tagged with it, marked, and is no longer offered', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  expect(statementId, 'the first journey made the statement').not.toBe('');
  const anitaToken = await staffToken(request, SHELL_PHONES.admin);
  const eyfs = await frameworkByCode(request, anitaToken, 'EYFS');

  // Anita finds it by its code in EYFS's tree and archives it.
  const anita = await personPage(browser, SHELL_PHONES.admin, pagePath.curriculumFramework(eyfs._id));
  try {
    await expect(anita.getByRole('heading', { level: 1, name: 'EYFS' })).toBeVisible();
    await anita.getByRole('searchbox', { name: 'Search the framework' }).fill(added.code);
    await expect(anita.getByTestId('curriculum-search-count')).toHaveText('1 statement found');
    const row = anita.locator(`[data-testid="curriculum-statement"][data-code="${added.code}"]`);
    await expect(row).toContainText('Used on 1 record');
    await row.getByRole('button', { name: `Actions for statement ${added.code}` }).click();
    await anita.getByRole('menuitem', { name: 'Archive' }).click();
    await expect(toastWith(anita, CURRICULUM_MESSAGES.nodeArchived)).toBeVisible();
    // The live tree no longer holds it; with the archived ones shown it is there, marked.
    await expect(row).toHaveCount(0);
    await anita.getByRole('switch', { name: 'Show archived' }).check();
    await expect(row).toHaveAttribute('data-archived', 'true');
    await expect(row.getByTestId('archived-badge')).toBeVisible();
  } finally {
    await anita.context().close();
  }

  // Tara: the observation keeps the statement, marked archived; the picker no longer offers it.
  const tara = await personPage(browser, SHELL_PHONES.teacher, '/assessment/observation?type=daily');
  try {
    const card = observationCard(tara, observationTitle);
    await expect(card).toHaveCount(1);
    const chip = chipOf(card, statementId);
    await expect(chip).toHaveAttribute('data-archived', 'true');
    await expect(chip).toContainText(added.text);
    await expect(chip.getByTestId('statement-archived')).toHaveText('Archived');
    const modal = await newObservation(tara, 'Aarav Sharma');
    const picker = await openPicker(tara, modal);
    await picker.getByRole('searchbox', { name: 'Search statements' }).fill(added.text);
    await expect(picker.getByText('No statement matches the search')).toBeVisible();
    await expect(picker.getByRole('checkbox', { name: `${added.code} ${added.text}` })).toHaveCount(0);
    await picker.getByRole('searchbox', { name: 'Search statements' }).fill(added.code);
    await expect(picker.getByText('No statement matches the search')).toBeVisible();
    await picker.getByRole('button', { name: 'Cancel' }).click();
    await expect(picker).toBeHidden();
    await expect(modal).toBeVisible();
  } finally {
    await tara.context().close();
  }
  const tagged = await observationsTagged(request, await staffToken(request, SHELL_PHONES.teacher), statementId);
  expect(tagged).toHaveLength(1);
  expect(tagged[0]?.statements.find((s) => s._id === statementId)).toMatchObject({ archived: true, text: added.text });
});

test("an admin imports the school's own framework from CSV after a broken row is shown, and gives it to Nursery A as a second framework", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const cls = await nurseryA(request);
  const anitaToken = await staffToken(request, SHELL_PHONES.admin);
  const before = await classFrameworkIds(request, anitaToken, cls.id);
  const name = `Forest school ${tag}`;
  const code = `FOREST-${tag}`;
  const rows = [
    ['FOR', 'Outdoors', 'Forest school', 'FOR-SH', 'Shelters', 'FOR-SH-1', `Builds a shelter from sticks ${tag}`, '36', '60'],
    ['FOR', '', '', 'FOR-SH', '', 'FOR-SH-2', `Ties a knot to hold a tarp ${tag}`, '48', '60'],
    ['SEN', 'Senses', 'Forest school', 'SEN-LI', 'Listening', 'SEN-LI-1', `Names three bird calls ${tag}`, '', ''],
  ];
  // The broken file: the second statement's age band runs backwards (60 to 48 months).
  const broken = curriculumCsv([
    rows[0] ?? [],
    ['FOR', '', '', 'FOR-SH', '', 'FOR-SH-2', `Ties a knot to hold a tarp ${tag}`, '60', '48'],
    rows[2] ?? [],
  ]);

  const anita = await personPage(browser, SHELL_PHONES.admin, '/admin/academic-setup/curriculum');
  try {
    await anita.getByRole('button', { name: 'Import from CSV' }).click();
    const dialog = anita.getByRole('dialog', { name: 'Import a framework from CSV' });
    await dialog.getByRole('textbox', { name: 'Framework name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Framework code' }).fill(code);
    const file = dialog.getByTestId('curriculum-import-file').locator('input[type="file"]');
    await file.setInputFiles({ name: 'forest.csv', mimeType: 'text/csv', buffer: broken });
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    const errors = dialog.getByTestId('curriculum-import-errors');
    await expect(errors).toBeVisible();
    await expect(dialog.getByText('1 row must be corrected before the import.')).toBeVisible();
    // The statement's line (the header is line 1), its column and why.
    const refused = errors.getByRole('row').filter({ hasText: 'age_to_months' });
    await expect(refused).toHaveCount(1);
    await expect(refused.getByRole('cell').first()).toHaveText('3');
    await expect(errors.getByRole('row')).toHaveCount(2);
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);

    // The corrected file: checked, counted, then imported; the framework's page opens.
    await file.setInputFiles({ name: 'forest-fixed.csv', mimeType: 'text/csv', buffer: curriculumCsv(rows) });
    await expect(errors).toBeHidden();
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    await expect(dialog.getByText('The file is ready to import.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(toastWith(anita, CURRICULUM_MESSAGES.imported)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(anita.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(anita.getByTestId('origin-own')).toBeVisible();
    const areas = anita.getByTestId('curriculum-area');
    await expect(areas).toHaveCount(2);
    await anita.getByRole('button', { name: 'Open all areas' }).click();
    for (const [rowCode, text] of rows.map((r) => [r[5], r[6]] as const)) {
      const statement = anita.locator(`[data-testid="curriculum-statement"][data-code="${rowCode}"]`);
      await expect(statement).toContainText(text ?? '');
    }
    await expect(anita.getByRole('region', { name: 'Shelters' })).toBeVisible();
    await expect(anita.getByRole('region', { name: 'Listening' })).toBeVisible();
    await toastsGone(anita);
    await expectNoSeriousViolations(anita, "an imported framework's tree");
    const imported = await frameworkByCode(request, anitaToken, code);
    expect(imported).toMatchObject({ name, shipped: false, area_count: 2, statement_count: 3 });

    // The Classes tab: Nursery A gets it after its own framework(s).
    await anita.goto('/admin/academic-setup/curriculum');
    await anita.getByRole('tab', { name: 'Classes' }).click();
    await expect(anita).toHaveURL(/tab=classes/);
    const classes = anita.getByTestId('curriculum-classes');
    await classes.getByRole('button', { name: 'Edit frameworks Nursery A' }).click();
    const edit = anita.getByRole('dialog', { name: 'Frameworks of Nursery A' });
    await edit.getByRole('combobox', { name: 'Frameworks' }).click();
    await anita.getByRole('option', { name: `${name} (${code})` }).click();
    await edit.getByRole('combobox', { name: 'Frameworks' }).press('Escape');
    await expect(edit.getByTestId('class-main-framework')).not.toContainText(name);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toastWith(anita, CURRICULUM_MESSAGES.classFrameworksSaved)).toBeVisible();
    await expect(edit).toBeHidden();
    const row = classes.getByRole('row').filter({ hasText: 'Nursery A' });
    await expect(row.getByTestId('class-frameworks')).toContainText(name);
    expect(await classFrameworkIds(request, anitaToken, cls.id)).toEqual([...before, imported._id]);
  } finally {
    await anita.context().close();
  }

  // Tara's picker: a tab per framework, the new one's statements in its own.
  const tara = await personPage(browser, SHELL_PHONES.teacher, '/assessment/observation?type=daily');
  try {
    const modal = await newObservation(tara, 'Aarav Sharma');
    const picker = await openPicker(tara, modal);
    const tabs = picker.getByRole('tab');
    await expect(tabs).toHaveCount(before.length + 1);
    await expect(tabs.first()).toHaveText('EYFS');
    await picker.getByRole('tab', { name }).click();
    await picker.getByRole('searchbox', { name: 'Search statements' }).fill(tag);
    await expect(picker.getByTestId('picker-statement')).toHaveCount(3);
    await expect(picker.getByRole('checkbox', { name: `FOR-SH-2 Ties a knot to hold a tarp ${tag}` })).toBeVisible();
    await expectNoSeriousViolationsIn(picker, 'the statement picker with two frameworks');
    await picker.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    await tara.context().close();
    // Nursery A's frameworks as they were, for the journeys that follow.
    await setClassFrameworks(request, anitaToken, cls.id, before);
    // …and the run's framework archived, so the school's list keeps only what other journeys expect.
    await archiveFrameworkCoded(request, anitaToken, code);
  }
});

test('in Arabic on a phone: the curriculum list and EYFS’s tree read right to left, fit the screen and pass axe', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const eyfs = await frameworkByCode(request, await staffToken(request, SHELL_PHONES.admin), 'EYFS');
  const page = await personPage(browser, SHELL_PHONES.admin, '/admin/academic-setup/curriculum', { language: 'ar', width: 390 });
  try {
    const html = page.locator('html');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(html).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1, name: 'المنهج' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'الأطر' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'الصفوف' })).toBeVisible();
    await expect(page.getByTestId('curriculum-frameworks').locator('tr[data-code="EYFS"]')).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page, 'the curriculum frameworks in Arabic on a phone');

    await page.goto(pagePath.curriculumFramework(eyfs._id));
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'EYFS' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'البحث في الإطار' })).toBeVisible();
    await page.getByRole('button', { name: 'فتح كل المجالات' }).click();
    await expect(page.getByRole('button', { name: 'إغلاق كل المجالات' })).toBeVisible();
    await expect(page.locator('[data-testid="curriculum-aspect"][data-code="CL-SP"]')).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page, "EYFS's tree in Arabic on a phone");
  } finally {
    await page.context().close();
  }
});
