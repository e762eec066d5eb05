import { OBSERVATION_DATE_DISPLAY } from '@cue/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { makeCurrentChild, staffToken } from './support/api.js';
import { makePng } from './support/png.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

dayjs.extend(customParseFormat);

// Unique words, so the journeys hold when run after others in the same database.
const stamp = Date.now().toString(36);
const word = `tower${stamp}`;
const sharedTitle = `Sandpit tower ${stamp}`;
const staffOnlyTitle = `Staff-only note ${stamp}`;
const otherChildTitle = `Meera alone ${stamp}`;
const reportTitle = `Term 1 summary ${stamp}`;
const reportNoteTitle = `Counting to ten ${stamp}`;

const today = () => dayjs().format('DD-MM-YYYY');

interface Roster {
  classId: string;
  ids: Record<string, string>;
}

/** Nursery A's id and its children's ids, as Tara sees them. */
async function nurseryA(request: APIRequestContext, token: string): Promise<Roster> {
  const auth = { authorization: `Bearer ${token}` };
  const classes = (await (await request.get('/api/staff_classes/', { headers: auth })).json()) as {
    result: { id: string; class_name: string }[];
  };
  const cls = classes.result.find((c) => c.class_name === 'Nursery A');
  if (!cls) throw new Error('Tara has no Nursery A');
  const detail = (await (await request.get(`/api/classes/${cls.id}`, { headers: auth })).json()) as {
    result: { my_class: { student_list: { id: string; first_name: string; last_name: string }[] } };
  };
  const ids = Object.fromEntries(detail.result.my_class.student_list.map((s) => [`${s.first_name} ${s.last_name}`, s.id]));
  return { classId: cls.id, ids };
}

const cards = (page: Page, title: string) => page.getByTestId('observation-card').filter({ hasText: title });

async function pickChild(page: Page, name: string) {
  const modal = page.getByRole('dialog');
  await modal.getByRole('combobox', { name: 'Children' }).fill(name.split(' ')[0] ?? name);
  await page.getByRole('option', { name }).click();
}

// One story in order (later journeys read what earlier ones wrote); whole journeys on a machine shared with
// other runs get more time.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.describe('observations', () => {
  test('a teacher records one observation for two children with a photo and a learning area, and finds it by day, by child and by a word', async ({
    page,
    request,
  }) => {
    await openAs(page, request, SHELL_PHONES.teacher, '/assessment/observation?type=daily');
    await expect(page.getByRole('heading', { level: 1, name: 'Observations' })).toBeVisible();
    // Date view by default: the day in 'ddd, MMM DD, YYYY'.
    await expect(page.getByTestId('observation-date-heading')).toHaveText(dayjs().format(OBSERVATION_DATE_DISPLAY));

    await page.getByRole('button', { name: 'New observation' }).click();
    const modal = page.getByRole('dialog', { name: 'New observation' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Observation');
    await pickChild(page, 'Aarav Sharma');
    await pickChild(page, 'Meera Nair');
    await modal.getByRole('textbox', { name: 'Title', exact: true }).fill(sharedTitle);
    await modal
      .getByRole('textbox', { name: /What did you observe/ })
      .fill(`Built a ${word} in the sandpit and counted five buckets.`);
    await modal.getByText('Mathematics', { exact: true }).click();
    await expect(modal.getByRole('checkbox', { name: 'Mathematics' })).toBeChecked();
    await modal
      .getByTestId('photo-dropzone')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'sandpit.png', mimeType: 'image/png', buffer: makePng() });
    await expect(modal.getByTestId('upload-progress')).toContainText('sandpit.png');
    await page.screenshot({ path: test.info().outputPath('editor.png') });
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Observation saved!')).toBeVisible();
    await expect(modal).toBeHidden();

    // Date view: one entry per child, each with the tag and the photo.
    const entries = cards(page, sharedTitle);
    await expect(entries).toHaveCount(2);
    await expect(entries.filter({ hasText: 'Aarav Sharma' })).toHaveCount(1);
    await expect(entries.filter({ hasText: 'Meera Nair' })).toHaveCount(1);
    for (const card of await entries.all()) {
      await expect(card.getByTestId('area-badge')).toHaveText(['Mathematics']);
      const photo = card.getByRole('img', { name: `Photo 1 of ${sharedTitle}` });
      await expect(photo).toBeVisible();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    await page.screenshot({ path: test.info().outputPath('date-view.png'), fullPage: true });

    // Student view of each child, from the card; the back button returns to the day.
    for (const name of ['Aarav Sharma', 'Meera Nair']) {
      await entries.filter({ hasText: name }).getByRole('link', { name }).click();
      await expect(page).toHaveURL(/view=studentView/);
      await expect(page).toHaveURL(/[?&]id=[0-9a-f]{24}/);
      await expect(page.getByTestId('student-heading')).toHaveText(name);
      await expect(cards(page, sharedTitle)).toHaveCount(1);
      const maths = page.locator('[data-testid="coverage-area"][data-area="M"]');
      await expect(maths).not.toHaveAttribute('data-count', '0');
      await expect(maths).not.toContainText('No evidence yet');
      if (name === 'Aarav Sharma') await page.screenshot({ path: test.info().outputPath('student-view.png'), fullPage: true });
      await page.goBack();
      await expect(page).toHaveURL(/type=daily$/);
      await expect(page.getByTestId('observation-date-heading')).toHaveText(dayjs().format(OBSERVATION_DATE_DISPLAY));
    }

    // Search by a word of the note: the URL carries it, and both entries are found.
    await page.getByRole('searchbox', { name: 'Search observations' }).fill(word);
    await expect(page).toHaveURL(new RegExp(`search=${word}`));
    await expect(page.getByTestId('search-summary')).toHaveText(`2 observations match “${word}”`);
    await expect(cards(page, sharedTitle)).toHaveCount(2);
    // A word nobody wrote finds nothing.
    await page.getByRole('searchbox', { name: 'Search observations' }).fill(`${word}zz`);
    await expect(page.getByTestId('observations-empty')).toBeVisible();
    await expect(cards(page, sharedTitle)).toHaveCount(0);

    // The URL is the state: opening it again shows the same student view.
    const { ids } = await nurseryA(request, await staffToken(request, SHELL_PHONES.teacher));
    await page.goto(`/assessment/observation?type=daily&view=studentView&id=${ids['Meera Nair']}&search=${word}`);
    await expect(page.getByTestId('student-heading')).toHaveText('Meera Nair');
    await expect(page.getByRole('searchbox', { name: 'Search observations' })).toHaveValue(word);
    await expect(cards(page, sharedTitle)).toHaveCount(1);
  });

  test("a parent sees the shared observation with its photo in the child's portfolio, not staff-only ones nor another child's", async ({
    page,
    request,
  }) => {
    const tara = await staffToken(request, SHELL_PHONES.teacher);
    const { classId, ids } = await nurseryA(request, tara);
    const create = async (studentIds: string[], title: string, visibility: 'family' | 'staff') => {
      const res = await request.post('/api/observations/', {
        headers: { authorization: `Bearer ${tara}` },
        data: {
          class_id: classId,
          visibility,
          observation_entries: studentIds.map((student_id) => ({
            student_id,
            date: today(),
            title,
            general_note: `${title} note`,
          })),
        },
      });
      expect(res.ok()).toBe(true);
    };
    await create([ids['Aarav Sharma'] as string], staffOnlyTitle, 'staff');
    await create([ids['Meera Nair'] as string], otherChildTitle, 'family');

    await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
    await openAs(page, request, SHELL_PHONES.parent, '/assessment/portfolio');
    await expect(page.getByTestId('no-access')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Aarav Sharma's portfolio");
    const shared = cards(page, sharedTitle);
    await expect(shared).toHaveCount(1);
    await expect(shared).toContainText(word);
    await expect(shared.getByTestId('area-badge')).toHaveText(['Mathematics']);
    const photo = shared.getByRole('img', { name: `Photo 1 of ${sharedTitle}` });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId('portfolio-timeline')).toBeVisible();
    await expect(page.getByText(staffOnlyTitle)).toHaveCount(0);
    await expect(page.getByText(otherChildTitle)).toHaveCount(0);
    // Newest first: the timeline's days never go forward.
    const days = (await page.getByTestId('timeline-date').allTextContents()).map((d) =>
      dayjs(d, OBSERVATION_DATE_DISPLAY).valueOf(),
    );
    expect([...days].sort((a, b) => b - a)).toEqual(days);
    await page.screenshot({ path: test.info().outputPath('portfolio.png'), fullPage: true });

    // The staff observation page stays closed to the parent side.
    await page.goto('/assessment/observation');
    await expect(page.getByTestId('no-access')).toBeVisible();
  });

  test('a report-card observation carries its report title and is kept apart from daily ones', async ({ page, request }) => {
    await openAs(page, request, SHELL_PHONES.teacher, '/assessment/observation?type=report_card');
    await expect(page.getByRole('heading', { level: 1, name: 'Report-card observations' })).toBeVisible();
    await page.getByRole('button', { name: 'New report-card observation' }).click();
    const modal = page.getByRole('dialog', { name: 'New report-card observation' });
    await pickChild(page, 'Aarav Sharma');
    await modal.getByRole('textbox', { name: 'Title', exact: true }).fill(reportNoteTitle);
    await modal
      .getByRole('textbox', { name: /What did you observe/ })
      .fill('Counts objects to ten with one-to-one correspondence.');
    // The report title is required for this type.
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText('Give the report a title')).toBeVisible();
    await modal.getByRole('textbox', { name: /^Report title/ }).fill(reportTitle);
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Observation saved!')).toBeVisible();

    const card = cards(page, reportNoteTitle);
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('report-title-badge')).toHaveText(reportTitle);

    // Filtering by report title goes into the URL.
    await page.getByRole('textbox', { name: 'Report title' }).fill(reportTitle);
    await expect(page).toHaveURL(/report_title=Term/);
    await expect(card).toHaveCount(1);
    await page.getByRole('textbox', { name: 'Report title' }).fill(`${reportTitle} other`);
    await expect(card).toHaveCount(0);

    // Not a daily observation.
    await page.getByTestId('type-switch').getByText('Daily', { exact: true }).click();
    await expect(page).toHaveURL(/type=daily/);
    await expect(page).not.toHaveURL(/report_title=/);
    await expect(page.getByTestId('observation-list')).toBeVisible();
    await expect(cards(page, reportNoteTitle)).toHaveCount(0);

    // The data is there for the term summary.
    const tara = await staffToken(request, SHELL_PHONES.teacher);
    const res = await request.get(`/api/observations/?type=report_card&report_title=${encodeURIComponent(reportTitle)}`, {
      headers: { authorization: `Bearer ${tara}` },
    });
    const { result } = (await res.json()) as { result: { items: { title: string; report_title: string; type: string }[] } };
    expect(result.items).toEqual([
      expect.objectContaining({ title: reportNoteTitle, report_title: reportTitle, type: 'report_card' }),
    ]);
  });

  test('a teacher edits an observation, adds a photo and another child, and deletes one with confirmation; the staff portfolio opens a child', async ({
    page,
    request,
  }) => {
    const tara = await staffToken(request, SHELL_PHONES.teacher);
    const { classId, ids } = await nurseryA(request, tara);
    const title = `Puddle jumping ${stamp}`;
    const res = await request.post('/api/observations/', {
      headers: { authorization: `Bearer ${tara}` },
      data: {
        class_id: classId,
        observation_entries: [{ student_id: ids['Kabir Khan'], date: today(), title, general_note: 'Jumped in puddles.' }],
      },
    });
    expect(res.ok()).toBe(true);

    await openAs(page, request, SHELL_PHONES.teacher, `/assessment/observation?type=daily&date=${today()}`);
    const kabir = cards(page, title).filter({ hasText: 'Kabir Khan' });
    await expect(kabir).toHaveCount(1);
    await kabir.getByRole('button', { name: `Actions for ${title} (Kabir Khan)` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit observation' });
    await expect(modal.getByRole('textbox', { name: /What did you observe/ })).toHaveValue('Jumped in puddles.');
    await modal
      .getByRole('textbox', { name: /What did you observe/ })
      .fill(`Jumped in puddles and measured the splash ${stamp}.`);
    await pickChild(page, 'Saanvi Reddy');
    await modal.getByText('Physical Development', { exact: true }).click();
    await modal
      .getByTestId('photo-dropzone')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'puddle.png', mimeType: 'image/png', buffer: makePng(20, 20, [40, 120, 220]) });
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Observation saved!')).toBeVisible();
    await expect(modal).toBeHidden();

    // The edited entry and the one recorded for the added child carry the new note, tag and photo.
    await expect(cards(page, title)).toHaveCount(2);
    for (const name of ['Kabir Khan', 'Saanvi Reddy']) {
      const card = cards(page, title).filter({ hasText: name });
      await expect(card).toContainText(`measured the splash ${stamp}`);
      await expect(card.getByTestId('area-badge')).toHaveText(['Physical Development']);
      await expect(card.getByRole('img', { name: `Photo 1 of ${title}` })).toBeVisible();
    }

    // Delete asks first; Cancel keeps it, Delete removes only that child's entry.
    await kabir.getByRole('button', { name: `Actions for ${title} (Kabir Khan)` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this observation?' });
    await expect(confirm).toContainText('Kabir Khan');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(kabir).toHaveCount(1);
    await kabir.getByRole('button', { name: `Actions for ${title} (Kabir Khan)` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this observation?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Observation deleted')).toBeVisible();
    await expect(kabir).toHaveCount(0);
    await expect(cards(page, title).filter({ hasText: 'Saanvi Reddy' })).toHaveCount(1);

    // The staff portfolio lists the class and opens a child's record.
    await page.goto('/assessment/portfolio');
    await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
    await expect(page.getByTestId('portfolio-student')).toHaveCount(12);
    // Each child opens their whole record; the link beside it opens their observations.
    await expect(page.getByRole('link', { name: "Open Saanvi Reddy's record" })).toHaveAttribute(
      'href',
      `/assessment/portfolio/${ids['Saanvi Reddy']}`,
    );
    await page.getByRole('link', { name: 'Observations – Saanvi Reddy' }).click();
    await expect(page).toHaveURL(new RegExp(`view=studentView&id=${ids['Saanvi Reddy']}`));
    await expect(page.getByTestId('student-heading')).toHaveText('Saanvi Reddy');
    await expect(cards(page, title)).toHaveCount(1);
  });

  test('the observation page and the portfolio read right to left in Arabic', async ({ page, request }) => {
    await page.addInitScript(() => localStorage.setItem('cue.language', 'ar'));
    await openAs(page, request, SHELL_PHONES.teacher, '/assessment/observation?type=daily');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'الملاحظات' })).toBeVisible();
    await expect(cards(page, sharedTitle)).toHaveCount(2);
    await expect(cards(page, sharedTitle).first().getByTestId('area-badge')).toHaveText(['الرياضيات']);
    await page.getByRole('button', { name: 'ملاحظة جديدة' }).click();
    await expect(page.getByRole('dialog', { name: 'ملاحظة جديدة' })).toBeVisible();
    await expect(page.getByRole('dialog').getByText('مجالات التعلّم')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('editor-ar.png') });
    await page.keyboard.press('Escape');
    await page.getByTestId('view-switch').getByText('حسب الطالب', { exact: true }).click();
    await expect(page).toHaveURL(/view=studentView/);
    await page.getByTestId('roster-child').filter({ hasText: 'Aarav Sharma' }).click();
    await expect(page.getByTestId('coverage')).toContainText('التغطية حسب مجال التعلّم');
    // The roster sits on the right in a right-to-left page.
    const roster = await page.getByRole('navigation', { name: 'الأطفال' }).boundingBox();
    const coverage = await page.getByTestId('coverage').boundingBox();
    expect(roster && coverage && roster.x > coverage.x).toBe(true);
    await page.screenshot({ path: test.info().outputPath('student-view-ar.png'), fullPage: true });

    // The family portfolio in Arabic: translated frame, the timeline's line on the right.
    await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
    await openAs(page, request, SHELL_PHONES.parent, '/assessment/portfolio');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ملف إنجاز Aarav Sharma');
    await expect(cards(page, sharedTitle)).toHaveCount(1);
    const timeline = await page.getByTestId('portfolio-timeline').boundingBox();
    const card = await cards(page, sharedTitle).boundingBox();
    expect(timeline && card && card.x + card.width < timeline.x + timeline.width).toBe(true);
    await page.screenshot({ path: test.info().outputPath('portfolio-ar.png'), fullPage: true });
  });
});
