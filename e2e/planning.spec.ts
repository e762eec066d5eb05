import { addDays } from '@cue/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { todayUtc } from './support/attendance.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { expectSocket, socketJoined, toastWith } from './support/carelog.js';
import { runTag } from './support/media.js';
import {
  createActivity,
  createHoliday,
  createUnit,
  dayColumn,
  deleteEvent,
  EYFS,
  libraryUnit,
  mondayIn,
  observeInAreas,
  pickDate,
  planningInsights,
  readUnit,
  weeklyPlan,
  wireDay,
} from './support/planning.js';
import { openAs, SHELL_PHONES } from './support/shell.js';
import { nurseryA } from './support/stories.js';

/*
 * Planning in Nursery A: Tara copies a unit of the global library into her class, plans its week and
 * sees on insights what the observations evidence; two people edit one unit at once; a week is copied
 * over a holiday; a unit is moved on the term plan; a week becomes a PDF. The journeys share one database
 * with the others: each works in weeks of its own (3 to 6 weeks from now: another file takes 8 to 12),
 * names what it makes with the run's word, and deletes the holidays it adds.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility. The demo school keeps UTC.
test.use({ bypassCSP: true, timezoneId: 'UTC' });

/** Toasts are gone (they close by themselves), so that a page is checked as it stays. */
const toastsGone = (page: Page) => expect(page.locator('.mantine-Notification-root')).toHaveCount(0);

/** A second browser for another member of staff, in the journey's language and time zone. */
async function secondBrowser(browser: Browser) {
  const { baseURL, viewport } = test.info().project.use;
  return browser.newContext({ baseURL, viewport, locale: 'en-US', timezoneId: 'UTC', bypassCSP: true });
}

/** The weekly plan of a class for the week of a Monday (ISO), loaded. */
async function openWeek(page: Page, classId: string, monday: string) {
  await page.goto(`/planning/weekly-planning?class_id=${classId}&week=${monday}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Weekly plan' })).toBeVisible();
  await expect(page.getByTestId('week-grid')).toBeVisible();
  await expect(dayColumn(page, monday)).toBeVisible();
}

/** The cards of a day's column holding the run's word, top to bottom. */
const taggedCards = (page: Page, day: string, tag: string) =>
  dayColumn(page, day).getByTestId('week-activity').filter({ hasText: tag });

/** Adds an activity through the day's "Add activity" and the form: title, times (HH:mm), unit and areas. */
async function addActivity(
  page: Page,
  day: string,
  activity: { title: string; start: string; end: string; unit?: string; areas?: string[] },
) {
  await dayColumn(page, day)
    .getByRole('button', { name: /^Add activity on / })
    .click();
  const form = page.getByRole('dialog', { name: 'New activity' });
  await expect(form).toBeVisible();
  await form.getByRole('textbox', { name: 'Title' }).fill(activity.title);
  await form.getByLabel('Start time').fill(activity.start);
  await form.getByLabel('End time').fill(activity.end);
  if (activity.unit) {
    await form.getByLabel('Unit', { exact: true }).click();
    await page.getByRole('option', { name: activity.unit, exact: true }).click();
  }
  for (const area of activity.areas ?? []) await form.getByRole('checkbox', { name: area, exact: true }).check();
  await form.getByRole('button', { name: 'Add activity', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(toastWith(page, 'Activity added').first()).toBeVisible();
  await expect(taggedCards(page, day, activity.title)).toHaveCount(1);
}

test("the issue's journey: a library unit used in Nursery A, its week planned, an observation in its area counted on insights and the CSV downloaded", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const monday = mondayIn(3);
  const tuesday = addDays(monday, 1);
  const friday = addDays(monday, 4);
  const today = todayUtc();
  const library = await libraryUnit(request, cls.token, 'Under the sea');
  expect(library.areas.map((a) => a._id)).toContain(EYFS.UW.id);

  // The unit library: the global EYFS unit "Under the sea", opened beside the list and used in Nursery A.
  await openAs(page, request, SHELL_PHONES.teacher, '/planning/unit-library');
  await expect(page.getByRole('heading', { level: 1, name: 'Unit library' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search the library' }).fill('Under the sea');
  await expect(page).toHaveURL(/q=Under\+the\+sea|q=Under%20the%20sea/);
  await page.getByRole('button', { name: 'Open Under the sea', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Under the sea' });
  await expect(drawer.getByTestId('library-detail')).toContainText('Global library');
  await expect(drawer.getByText('Version 1', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Use in my class' }).click();
  const copy = page.getByRole('dialog', { name: 'Use “Under the sea” in a class' });
  await expect(copy.getByText('Nursery A')).toBeVisible();
  await pickDate(page, copy.getByLabel('Start date'), monday);
  await expect(copy.getByLabel('Start date')).toContainText(String(Number(monday.slice(8))));
  await copy.getByRole('button', { name: 'Copy into class' }).click();

  // Its planner: copied from the library with the version, the library's areas ticked.
  await expect(page).toHaveURL(/\/planning\/unit-planning\/[^/?]+$/);
  const unitId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByRole('heading', { level: 1, name: 'Under the sea' })).toBeVisible();
  await expect(page.getByTestId('unit-source')).toHaveText('Copied from “Under the sea”, version 1');
  await expect(page.getByRole('checkbox', { name: EYFS.UW.name, exact: true })).toBeChecked();
  const unit = await readUnit(request, cls.token, unitId);
  expect(unit.start_date).toBe(wireDay(monday));
  expect(unit.classes.map((c) => c._id)).toEqual([cls.id]);
  // The title is the run's own from here on, so that the week's unit list names it alone.
  const title = `Under the sea ${tag}`;
  const titleBox = page.getByTestId('unit-title');
  await titleBox.fill(title);
  await titleBox.press('Tab');
  await expect(page.getByTestId('unit-save-state')).toHaveAttribute('data-state', 'saved');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await toastsGone(page);
  await expectNoSeriousViolations(page, 'the unit planner');

  // "Plan this week" opens the week it starts (it does not run yet): two activities on Tuesday, the later
  // one first, one of the unit in Understanding the World.
  await page.getByRole('link', { name: 'Plan this week' }).click();
  await expect(page).toHaveURL(new RegExp(`/planning/weekly-planning\\?.*week=${monday}`));
  await expect(page).toHaveURL(new RegExp(`class_id=${cls.id}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Weekly plan' })).toBeVisible();
  await expect(dayColumn(page, tuesday)).toBeVisible();
  const seaTray = `Floating and sinking tray ${tag}`;
  const song = `Morning song ${tag}`;
  await addActivity(page, tuesday, { title: seaTray, start: '11:00', end: '11:45', unit: title, areas: [EYFS.UW.name] });
  await addActivity(page, tuesday, { title: song, start: '09:15', end: '09:30' });
  const cards = taggedCards(page, tuesday, tag);
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText(song);
  await expect(cards.nth(0)).toContainText('09:15 AM – 09:30 AM');
  await expect(cards.nth(1)).toContainText(seaTray);
  await expect(cards.nth(1)).toContainText('11:00 AM – 11:45 AM');
  await expect(cards.nth(1)).toContainText(title);
  await expect(cards.nth(1)).toContainText(EYFS.UW.code);
  const plan = await weeklyPlan(request, cls.token, cls.id, monday);
  const tray = plan.days[1]?.activities.find((a) => a.title === seaTray);
  expect(tray?.unit?._id).toBe(unitId);
  expect(tray?.areas.map((a) => a._id)).toEqual([EYFS.UW.id]);
  await toastsGone(page);
  await expectNoSeriousViolations(page, 'the week grid');

  // An observation of Aarav in Understanding the World, today; insights from today to the week's Friday count it.
  const before = await planningInsights(request, cls.token, cls.id, today, friday);
  const uwBefore = before.areas.find((a) => a._id === EYFS.UW.id);
  await observeInAreas(request, cls.token, {
    classId: cls.id,
    studentId: cls.child('Aarav'),
    dayIso: today,
    title: `Shells in the water tray ${tag}`,
    note: 'Aarav sorted the shells that float from those that sink.',
    areaIds: [EYFS.UW.id],
  });
  const after = await planningInsights(request, cls.token, cls.id, today, friday);
  const uw = after.areas.find((a) => a._id === EYFS.UW.id);
  expect(uw?.observations).toBe((uwBefore?.observations ?? 0) + 1);
  expect(uw?.coverage).toBe('planned_and_evidenced');
  expect(uw?.planned_units).toBeGreaterThanOrEqual(1);
  expect(uw?.planned_activities).toBeGreaterThanOrEqual(1);

  await page.goto(`/planning/planning-insights?class_id=${cls.id}&from=${wireDay(today)}&to=${wireDay(friday)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Planning insights' })).toBeVisible();
  await expect(page.getByTestId('stat-observations')).toContainText(String(after.totals.observations));
  const row = page.getByTestId('insights-area').filter({ hasText: EYFS.UW.name });
  await expect(row).toHaveAttribute('data-coverage', 'planned_and_evidenced');
  await expect(row).toContainText(`Observations: ${uw?.observations} · stories: ${uw?.stories}`);
  await expect(row).toContainText(`Units: ${uw?.planned_units} · activities: ${uw?.planned_activities}`);
  // Planned and evidenced: not among the planned areas never evidenced.
  await expect(page.getByTestId('insights-planned-unseen')).not.toContainText(EYFS.UW.name);
  await expectNoSeriousViolations(page, 'planning insights');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await (await import('node:fs/promises')).readFile((await file.path()) ?? '', 'utf8');
  expect(csv).toContain(EYFS.UW.name);
  expect(csv).toContain('Nursery A');
});

test('two people edit one unit at once: changes to different fields reach both pages live and stay; the same field shows the second a conflict to settle', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const monday = mondayIn(4);
  const unit = await createUnit(request, cls.token, {
    title: `Rock pools ${tag}`,
    classIds: [cls.id],
    start: monday,
    end: addDays(monday, 4),
    areaIds: [EYFS.UW.id],
    fields: { intentions: ['Name animals of the rock pool'], next_steps: '' },
  });
  const path = `/planning/unit-planning/${unit._id}`;
  const intention = (p: Page) => p.getByRole('textbox', { name: 'Intentions, item 1', exact: true });
  const nextSteps = (p: Page) => p.getByRole('textbox', { name: 'Next steps', exact: true });
  const saveState = (p: Page) => p.getByTestId('unit-save-state');

  // Tara, teacher of the class, and Anita, the admin, on the same planner; Tara's page listens for changes.
  const taraListens = socketJoined(page);
  await openAs(page, request, SHELL_PHONES.teacher, path);
  await expect(page.getByRole('heading', { level: 1, name: unit.title })).toBeVisible();
  await expectSocket(taraListens);
  const other = await secondBrowser(browser);
  try {
    const anita = await other.newPage();
    await openAs(anita, request, SHELL_PHONES.admin, path);
    await expect(anita.getByRole('heading', { level: 1, name: unit.title })).toBeVisible();
    await expect(intention(anita)).toHaveValue('Name animals of the rock pool');

    // Different fields: Tara's intention, then Anita's next steps, each saved on leaving the field.
    const taraIntends = `Name animals of the rock pool and what they eat ${tag}`;
    const anitaNext = `Visit the aquarium with the families ${tag}`;
    await intention(page).fill(taraIntends);
    await intention(page).press('Tab');
    await expect(saveState(page)).toHaveAttribute('data-state', 'saved');
    await nextSteps(anita).fill(anitaNext);
    await nextSteps(anita).press('Tab');
    await expect(saveState(anita)).toHaveAttribute('data-state', 'saved');
    // Both pages hold both changes without a reload: Tara's takes Anita's in, marked with her name.
    await expect(nextSteps(page)).toHaveValue(anitaNext);
    await expect(page.getByTestId('field-changed-by').filter({ hasText: 'Changed by Anita Desai' })).toBeVisible();
    await expect(intention(page)).toHaveValue(taraIntends);
    await expect(intention(anita)).toHaveValue(taraIntends);
    await expect(nextSteps(anita)).toHaveValue(anitaNext);
    const saved = await readUnit(request, cls.token, unit._id);
    expect(saved.fields.intentions).toEqual([taraIntends]);
    expect(saved.fields.next_steps).toBe(anitaNext);
    // And after a reload (Tara's page listening again once it is back).
    const taraListensAgain = socketJoined(page);
    for (const p of [page, anita]) {
      await p.reload();
      await expect(intention(p)).toHaveValue(taraIntends);
      await expect(nextSteps(p)).toHaveValue(anitaNext);
    }
    await expectSocket(taraListensAgain);

    // The same field at the same time: Anita is still typing (her save waits for a pause) when Tara's is saved.
    const anitaSays = `Ask the families for photos of the seaside ${tag}`;
    const taraSays = `Make a rock pool in the water tray ${tag}`;
    await nextSteps(anita).fill(anitaSays);
    await nextSteps(page).fill(taraSays);
    await nextSteps(page).press('Tab');
    await expect(saveState(page)).toHaveAttribute('data-state', 'saved');
    // Anita's save comes second: it is held back, and she sees both values side by side.
    const conflicts = anita.getByRole('region', { name: 'Changed by someone else while you were editing' });
    await expect(conflicts).toBeVisible();
    const row = conflicts.getByTestId('unit-conflict');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-key', 'next_steps');
    await expect(row).toContainText("Tara Menon's version");
    await expect(row.getByTestId('conflict-theirs')).toHaveText(taraSays);
    await expect(row.getByTestId('conflict-mine')).toHaveText(anitaSays);
    // Her words stay on screen, unsent; Tara's were saved; nothing else changed.
    await expect(nextSteps(anita)).toHaveValue(anitaSays);
    await expect(anita.getByText('1 change to review')).toBeVisible();
    expect((await readUnit(request, cls.token, unit._id)).fields.next_steps).toBe(taraSays);
    await toastsGone(anita);
    await expectNoSeriousViolations(anita, 'the unit planner with a conflict');
    // She keeps hers: saved, and Tara's page takes it in live.
    await conflicts.getByRole('button', { name: 'Use mine for Next steps' }).click();
    await expect(conflicts).toBeHidden();
    await expect(saveState(anita)).toHaveAttribute('data-state', 'saved');
    await expect(nextSteps(page)).toHaveValue(anitaSays);
    const settled = await readUnit(request, cls.token, unit._id);
    expect(settled.fields.next_steps).toBe(anitaSays);
    expect(settled.fields.intentions).toEqual([taraIntends]);
    await expect(page.getByTestId('unit-conflicts')).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test('a week copied into a week with a holiday: the holiday is shaded with nothing to add, and the copy skips its day, says so and brings the rest', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const admin = await staffToken(request, SHELL_PHONES.admin);
  const from = mondayIn(4);
  const to = mondayIn(6);
  const holidayDay = addDays(to, 2);
  const painting = `Painting shells ${tag}`;
  const water = `Water play ${tag}`;
  const story = `Story of the sea ${tag}`;
  await createActivity(request, cls.token, { classId: cls.id, date: from, start: '10:00 AM', end: '10:30 AM', title: painting });
  await createActivity(request, cls.token, {
    classId: cls.id,
    date: addDays(from, 2),
    start: '10:00 AM',
    end: '10:45 AM',
    title: water,
  });
  await createActivity(request, cls.token, {
    classId: cls.id,
    date: addDays(from, 3),
    start: '02:00 PM',
    end: '02:30 PM',
    title: story,
  });
  const holidayTitle = `Founders day ${tag}`;
  const holiday = await createHoliday(request, admin, holidayDay, holidayTitle);
  try {
    // The holiday's week: Wednesday shaded with its title and no way to add; the other days open.
    await openAs(page, request, SHELL_PHONES.teacher, `/planning/weekly-planning?class_id=${cls.id}&week=${to}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Weekly plan' })).toBeVisible();
    const wednesday = dayColumn(page, holidayDay);
    await expect(wednesday).toHaveAttribute('data-holiday', 'true');
    await expect(wednesday.getByTestId('week-holiday')).toHaveText(`Holiday: ${holidayTitle}`);
    await expect(wednesday.getByRole('button', { name: /^Add activity/ })).toHaveCount(0);
    const background = await wednesday.evaluate((el) => getComputedStyle(el).backgroundColor);
    const tuesdayBackground = await dayColumn(page, addDays(to, 1)).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe(tuesdayBackground);
    await expect(dayColumn(page, addDays(to, 1)).getByRole('button', { name: /^Add activity on / })).toBeVisible();
    await expectNoSeriousViolations(page, 'the week grid with a holiday');

    // The week with the three activities, copied into the holiday's week.
    await openWeek(page, cls.id, from);
    await expect(taggedCards(page, addDays(from, 2), tag)).toHaveCount(1);
    await page.getByRole('button', { name: 'Copy week', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy this week' });
    await pickDate(page, dialog.getByLabel('Copy into the week of'), to);
    await expect(dialog.getByTestId('week-copy-range')).toContainText('Into');
    await dialog.getByRole('button', { name: 'Copy week', exact: true }).click();
    const skippedDay = new Intl.DateTimeFormat('en', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date(`${holidayDay}T00:00:00Z`));
    const toast = toastWith(page, `${water} (${skippedDay}, holiday)`);
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('1 skipped');
    await expect(dialog).toBeHidden();
    // The page shows the target week: the other two copied on their weekdays and times, nothing on the holiday.
    await expect(page).toHaveURL(new RegExp(`week=${to}`));
    await expect(taggedCards(page, to, tag)).toHaveText([new RegExp(painting)]);
    await expect(taggedCards(page, addDays(to, 3), tag)).toHaveText([new RegExp(story)]);
    await expect(taggedCards(page, addDays(to, 3), tag)).toContainText('02:00 PM – 02:30 PM');
    await expect(taggedCards(page, holidayDay, tag)).toHaveCount(0);
    const plan = await weeklyPlan(request, cls.token, cls.id, to);
    expect(plan.days[2]?.holiday).toBe(holidayTitle);
    expect(plan.days.flatMap((d) => d.activities.map((a) => a.title)).filter((t) => t.includes(tag))).toEqual([painting, story]);
  } finally {
    await deleteEvent(request, admin, holiday);
  }
});

test('the term plan: a unit moved by a week lists where each activity goes, then its activities are in the new week', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const from = mondayIn(5);
  const to = mondayIn(6);
  const unit = await createUnit(request, cls.token, {
    title: `Minibeasts ${tag}`,
    classIds: [cls.id],
    start: from,
    end: addDays(from, 4),
    areaIds: [EYFS.UW.id],
  });
  const hunt = `Minibeast hunt ${tag}`;
  const hotel = `Bug hotel ${tag}`;
  for (const [day, title] of [
    [addDays(from, 1), hunt],
    [addDays(from, 3), hotel],
  ] as const)
    await createActivity(request, cls.token, {
      classId: cls.id,
      date: day,
      start: '10:00 AM',
      end: '10:30 AM',
      title,
      unitId: unit._id,
      areaIds: [EYFS.UW.id],
    });

  await openAs(page, request, SHELL_PHONES.teacher, `/planning/term-planning?class_id=${cls.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Term plan' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${unit.title}, `) }).click();
  const panel = page.getByTestId('term-unit-panel');
  await expect(panel.getByRole('heading', { name: unit.title })).toBeVisible();
  await expect(panel).toContainText('2 activities');
  await expectNoSeriousViolations(page, 'the term plan');
  await panel.getByRole('button', { name: 'Move', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Move ${unit.title}` });
  await pickDate(page, dialog.getByLabel('New start date'), to);
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  // The preview: each activity from its day to the same weekday a week on.
  const day = (iso: string) =>
    new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  const rows = dialog.getByTestId('term-move-row');
  await expect(rows).toHaveCount(2);
  for (const [title, offset] of [
    [hunt, 1],
    [hotel, 3],
  ] as const) {
    const row = rows.filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(1)).toHaveText(
      new RegExp(`^${day(addDays(from, offset))}.*${day(addDays(to, offset))}$`),
    );
  }
  // Nothing moved before confirming.
  expect((await readUnit(request, cls.token, unit._id)).start_date).toBe(wireDay(from));
  await dialog.getByRole('button', { name: 'Move unit', exact: true }).click();
  await expect(toastWith(page, 'Unit moved')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect((await readUnit(request, cls.token, unit._id)).start_date).toBe(wireDay(to));

  await openWeek(page, cls.id, to);
  await expect(taggedCards(page, addDays(to, 1), tag)).toHaveText([new RegExp(hunt)]);
  await expect(taggedCards(page, addDays(to, 3), tag)).toHaveText([new RegExp(hotel)]);
  await expect(taggedCards(page, addDays(to, 1), tag)).toContainText(unit.title);
  await openWeek(page, cls.id, from);
  await expect(page.getByTestId('week-activity').filter({ hasText: tag })).toHaveCount(0);
});

test('a week as a PDF: made from the weekly plan, its link answers a PDF', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const monday = mondayIn(3);
  await createActivity(request, cls.token, {
    classId: cls.id,
    date: addDays(monday, 3),
    start: '01:00 PM',
    end: '01:30 PM',
    title: `Shell counting ${tag}`,
  });
  await openAs(page, request, SHELL_PHONES.teacher, `/planning/weekly-planning?class_id=${cls.id}&week=${monday}`);
  await expect(taggedCards(page, addDays(monday, 3), tag)).toHaveCount(1);
  await page.getByRole('button', { name: 'Download PDF', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Week as PDF' });
  await expect(dialog.getByRole('radio', { name: 'English' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Make PDF', exact: true }).click();
  const link = dialog.getByRole('link', { name: 'Open PDF' });
  await expect(link).toBeVisible({ timeout: 60_000 });
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  const res = await request.get(new URL(href ?? '', page.url()).toString());
  expect(res.ok()).toBe(true);
  const body = await res.body();
  expect(body.subarray(0, 4).toString('latin1')).toBe('%PDF');
});
