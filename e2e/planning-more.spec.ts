import { addDays, ERROR_CODES, PLANNING_MESSAGES, pagePath } from '@cue/contract';
import { expect, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { toastWith } from './support/carelog.js';
import { runTag } from './support/media.js';
import {
  AREAS,
  archiveLibraryUnit,
  createUnit,
  dayColumn,
  deleteActivity,
  deleteResource,
  deleteUnit,
  findResources,
  libraryUnit,
  mondayIn,
  pickFutureDate,
  readUnit,
  tinyPdf,
  unitTitles,
  weeklyPlan,
  wireDay,
} from './support/planning-more.js';
import { openAs, SHELL_PHONES } from './support/shell.js';
import { nurseryA } from './support/stories.js';

/*
 * Planning beyond the journey: the organization's unit library (added and edited by those who
 * manage resources, copied by teachers, a copy told when its library unit has a newer version; the global
 * library read only), the resource library (links with tags, areas and ages, found by words and filters,
 * used by a unit and an activity; a PDF uploaded and opened), project planning, and the refusals a teacher
 * sees. These journeys work in weeks 10 to 12 from now; what they make carries the run's word.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility. The demo school keeps UTC.
// A step that cannot happen fails in seconds, not at the end of the journey's time.
test.use({ bypassCSP: true, timezoneId: 'UTC', actionTimeout: 15_000 });

test("the organization's library: Anita adds a unit, Tara finds and copies it, Anita's edit shows Tara a newer version; the global library has no edit", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const title = `Rain and puddles ${tag}`;
  const intention = `Splash, measure and compare puddles ${tag}`;
  const cls = await nurseryA(request);
  const anita = await staffToken(request, SHELL_PHONES.admin);
  const monday = mondayIn(10);
  let libraryId: string | null = null;
  let copyId: string | null = null;
  try {
    // Anita, who manages resources, adds a unit to the organization's library with areas and fields.
    await openAs(page, request, SHELL_PHONES.admin, '/planning/unit-library');
    await expect(page.getByRole('heading', { level: 1, name: 'Unit library' })).toBeVisible();
    await page.getByRole('button', { name: 'New library unit' }).first().click();
    const form = page.getByRole('dialog', { name: 'New library unit' });
    await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await form.getByLabel('Summary').fill('Weather walks after the rain: what puddles are and where they go.');
    await form.getByLabel('Age range').fill('3-4 years');
    await form.getByLabel('Length in weeks').fill('2');
    await form.getByRole('checkbox', { name: AREAS.UW.name }).check();
    await form.getByRole('checkbox', { name: AREAS.M.name }).check();
    await form.getByRole('button', { name: 'Add to Intentions' }).click();
    await form.getByLabel('Intentions, item 1').fill(intention);
    await form.getByRole('textbox', { name: 'Next steps', exact: true }).fill('Make a rain gauge for the garden.');
    await expectNoSeriousViolations(page, 'the library unit form');
    await form.getByRole('button', { name: 'Add to library' }).click();
    await expect(toastWith(page, 'Unit added to the library')).toBeVisible();
    // It opens on the organization's tab, with its editor's actions.
    await expect(page.getByRole('tab', { name: 'Our organization' })).toHaveAttribute('aria-selected', 'true');
    let drawer = page.getByRole('dialog', { name: title });
    await expect(drawer.getByText('Version 1', { exact: true })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Archive' })).toBeVisible();
    await expect(drawer).toContainText(intention);
    libraryId = (await libraryUnit(request, anita, title, 'organization'))._id;

    // Tara cannot add to the library; she finds the unit by its words under "Our organization".
    await openAs(page, request, SHELL_PHONES.teacher, '/planning/unit-library');
    await expect(page.getByRole('heading', { level: 1, name: 'Unit library' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New library unit' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Our organization' }).click();
    await page.getByLabel('Search the library').fill(tag);
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    await expect(page.getByTestId('library-card')).toHaveCount(1);
    await expect(page.getByTestId('library-card')).toContainText(title);
    await expectNoSeriousViolations(page, "the organization's library");
    await page.getByRole('button', { name: `Open ${title}`, exact: true }).click();
    drawer = page.getByRole('dialog', { name: title });
    await expect(drawer.getByText('Version 1', { exact: true })).toBeVisible();
    // A teacher reads and copies; she does not edit nor archive the library's units.
    await expect(drawer.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: 'Archive' })).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Use in my class' }).click();
    const copy = page.getByRole('dialog', { name: `Use “${title}” in a class` });
    await pickFutureDate(page, copy.getByLabel('Start date'), monday);
    await copy.getByRole('button', { name: 'Copy into class' }).click();
    await expect(toastWith(page, 'Unit copied into the class')).toBeVisible();
    await expect(page).toHaveURL(/\/planning\/unit-planning\/[A-Za-z0-9_-]+$/);
    copyId = new URL(page.url()).pathname.split('/').pop() ?? null;
    await expect(page.getByTestId('unit-source')).toContainText(`Copied from “${title}”, version 1`);
    await expect(page.getByTestId('unit-source-newer')).toHaveCount(0);
    // The copy carries the library unit's areas and fields.
    await expect(page.getByLabel('Intentions, item 1')).toHaveValue(intention);
    await expect(page.getByRole('checkbox', { name: AREAS.UW.name })).toBeChecked();
    const copied = await readUnit(request, cls.token, copyId ?? '');
    expect(copied.start_date).toBe(wireDay(monday));
    expect(copied.areas.map((a) => a._id).sort()).toEqual([AREAS.UW.id, AREAS.M.id].sort());

    // Anita edits the library unit: it becomes version 2.
    await openAs(page, request, SHELL_PHONES.admin, `/planning/unit-library?tab=organization&unit=${libraryId}`);
    drawer = page.getByRole('dialog', { name: title });
    await drawer.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit library unit' });
    await edit.getByLabel('Summary').fill('Weather walks after the rain, and a rain gauge we read every morning.');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toastWith(page, 'Library unit saved')).toBeVisible();
    await expect(drawer.getByText('Version 2', { exact: true })).toBeVisible();

    // Tara's copy says the library has moved on (her plan itself is unchanged).
    await openAs(page, request, SHELL_PHONES.teacher, pagePath.unit(copyId ?? ''));
    await expect(page.getByTestId('unit-source')).toContainText(`Copied from “${title}”, version 1`);
    await expect(page.getByTestId('unit-source-newer')).toContainText('The library has a newer version (2).');
    await expectNoSeriousViolations(page, 'a copy of a library unit with a newer version');

    // The global library is read only, even for Anita: no edit, no archive; the server refuses a change.
    const global = await libraryUnit(request, anita, 'All about me', 'global');
    await openAs(page, request, SHELL_PHONES.admin, `/planning/unit-library?unit=${global._id}`);
    drawer = page.getByRole('dialog', { name: 'All about me' });
    await expect(drawer.getByRole('button', { name: 'Use in my class' })).toBeVisible();
    await expect(drawer.getByText('Units of the global library are read only', { exact: false })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: 'Archive' })).toHaveCount(0);
    const refused = await request.put(`/api/unit_library/${global._id}`, {
      headers: { authorization: `Bearer ${anita}` },
      data: { kind: 'unit', framework: 'eyfs', title: 'All about me', weeks: 3 },
    });
    expect(refused.ok()).toBe(false);
    expect(await refused.text()).toContain(PLANNING_MESSAGES.globalReadOnly);
  } finally {
    if (copyId) await deleteUnit(request, cls.token, copyId);
    if (libraryId) await archiveLibraryUnit(request, anita, libraryId);
  }
});

test('the resource library: a link with tags, an area and ages found by words and filters, used by a unit and an activity; a PDF uploaded and opened', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const linkTitle = `Puddle science ${tag}`;
  const fileTitle = `Rain chart ${tag}`;
  const monday = mondayIn(11);
  const unit = await createUnit(request, cls.token, {
    title: `Weather ${tag}`,
    classIds: [cls.id],
    start: monday,
    end: addDays(monday, 4),
    areaIds: [AREAS.UW.id],
  });
  let activityId: string | null = null;
  try {
    await openAs(page, request, SHELL_PHONES.teacher, '/planning/resource-library');
    await expect(page.getByRole('heading', { level: 1, name: 'Resource library' })).toBeVisible();

    // A link: a wrong address is refused with its message, then the right one is added.
    await page.getByRole('button', { name: 'Add resource' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add resource' });
    await form.getByText('Link', { exact: true }).click();
    await form.getByRole('textbox', { name: 'Title', exact: true }).fill(linkTitle);
    await form.getByLabel('Web address').fill('puddles dot example');
    await form.getByLabel('Tags').fill('weather');
    await form.getByLabel('Tags').press('Enter');
    await form.getByLabel('Tags').fill(`wet${tag}`);
    await form.getByLabel('Tags').press('Enter');
    await form.getByRole('combobox', { name: 'Learning areas' }).click();
    await page.getByRole('option', { name: AREAS.UW.name, exact: true }).click();
    await form.getByLabel('Suits ages from: Years').fill('2');
    await form.getByLabel('Suits ages up to: Years').fill('4');
    await form.getByRole('button', { name: 'Add resource' }).click();
    await expect(form.getByText('Enter a link starting with http:// or https://')).toBeVisible();
    await form.getByLabel('Web address').fill(`https://example.org/puddles-${tag}`);
    await form.getByRole('button', { name: 'Add resource' }).click();
    await expect(toastWith(page, 'Resource added')).toBeVisible();
    await expect(form).toBeHidden();

    // Found by its words, with its tags, area and ages.
    const cards = page.getByTestId('resource-card');
    await page.getByLabel('Search resources').fill(tag);
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    await expect(cards).toHaveCount(1);
    const card = cards.filter({ hasText: linkTitle });
    await expect(card).toContainText('#weather');
    await expect(card).toContainText(AREAS.UW.name);
    await expect(card).toContainText('2 years');
    await expect(card.getByRole('link', { name: `Open ${linkTitle}` })).toHaveAttribute(
      'href',
      `https://example.org/puddles-${tag}`,
    );
    await expectNoSeriousViolations(page, 'the resource library');

    // And by its filters: a tag, an area, an age it suits; not by an age it does not.
    await page.getByLabel('Search resources').fill('');
    await card.getByRole('button', { name: `Show resources tagged wet${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`tag=wet${tag}`));
    await expect(cards).toHaveCount(1);
    await page.getByRole('combobox', { name: 'Learning area' }).click();
    await page.getByRole('option', { name: AREAS.UW.name, exact: true }).click();
    await expect(page).toHaveURL(/area=/);
    await expect(cards.filter({ hasText: linkTitle })).toHaveCount(1);
    await page.getByRole('combobox', { name: "Child's age" }).click();
    await page.getByRole('option', { name: '3 years', exact: true }).click();
    await expect(page).toHaveURL(/age=36/);
    await expect(cards.filter({ hasText: linkTitle })).toHaveCount(1);
    await page.getByRole('combobox', { name: "Child's age" }).click();
    await page.getByRole('option', { name: '5 years', exact: true }).click();
    await expect(page).toHaveURL(/age=60/);
    await expect(page.getByText('No resources match these filters')).toBeVisible();
    const [link] = await findResources(request, cls.token, linkTitle);
    expect(link).toMatchObject({ kind: 'link', age_from_months: 24, age_to_months: 48 });
    expect(link?.tags.sort()).toEqual(['weather', `wet${tag}`].sort());

    // Used by a unit, from its planner (saved with the unit).
    await page.goto(pagePath.unit(unit._id));
    await page.getByRole('combobox', { name: 'Library resources' }).fill(tag);
    await page.getByRole('option', { name: new RegExp(linkTitle) }).click();
    await expect(page.getByRole('button', { name: `Remove ${linkTitle}` })).toBeVisible();
    await page.getByRole('combobox', { name: 'Library resources' }).blur();
    await expect(page.getByTestId('unit-save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
    await expect
      .poll(async () => (await readUnit(request, cls.token, unit._id)).resources.map((r) => r._id))
      .toEqual([link?._id]);

    // And by an activity of the week.
    await page.goto(pagePath.weeklyPlan({ classId: cls.id, week: monday }));
    await dayColumn(page, monday).getByTestId('week-add').click();
    const activity = page.getByRole('dialog', { name: 'New activity' });
    await activity.getByRole('textbox', { name: 'Title', exact: true }).fill(`Puddle jumping ${tag}`);
    await activity.getByRole('combobox', { name: 'Resources' }).fill(tag);
    await page.getByRole('option', { name: new RegExp(linkTitle) }).click();
    await expect(activity.getByRole('button', { name: `Remove ${linkTitle}` })).toBeVisible();
    await activity.getByRole('button', { name: 'Add activity' }).click();
    await expect(toastWith(page, 'Activity added')).toBeVisible();
    const placed = dayColumn(page, monday)
      .getByTestId('week-activity')
      .filter({ hasText: `Puddle jumping ${tag}` });
    await expect(placed.getByLabel('1 resource')).toBeVisible();
    const week = await weeklyPlan(request, cls.token, cls.id, monday);
    const made = week.days.flatMap((d) => d.activities).find((a) => a.title === `Puddle jumping ${tag}`);
    activityId = made?._id ?? null;
    expect(made?.resources.map((r) => r._id)).toEqual([link?._id]);
    expect((await findResources(request, cls.token, linkTitle))[0]?.uses).toBe(2);

    // A small PDF uploaded, described, then opened.
    await page.goto('/planning/resource-library');
    await page.getByRole('button', { name: 'Upload a file' }).first().click();
    const upload = page.getByRole('dialog', { name: 'Upload a file' });
    await upload.locator('input[type="file"]').setInputFiles({
      name: `rain-chart-${tag}.pdf`,
      mimeType: 'application/pdf',
      buffer: tinyPdf(`Rain chart ${tag}`),
    });
    await expect(toastWith(page, 'Resource added')).toBeVisible();
    const describe = page.getByRole('dialog', { name: 'Edit resource' });
    await expect(describe.getByText(`rain-chart-${tag}.pdf`)).toBeVisible();
    await describe.getByRole('textbox', { name: 'Title', exact: true }).fill(fileTitle);
    await describe.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toastWith(page, 'Resource saved')).toBeVisible();
    await page.getByLabel('Search resources').fill(fileTitle);
    const fileCard = cards.filter({ hasText: fileTitle });
    await expect(fileCard).toHaveCount(1);
    await expect(fileCard).toContainText('File');
    const open = fileCard.getByRole('link', { name: `Open ${fileTitle}` });
    const href = await open.getAttribute('href');
    expect(href).toBeTruthy();
    const [tab] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
    await tab.close();
    const pdf = await request.get(href ?? '');
    expect(pdf.ok()).toBe(true);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  } finally {
    if (activityId) await deleteActivity(request, cls.token, activityId);
    await deleteUnit(request, cls.token, unit._id);
    for (const r of await findResources(request, cls.token, tag)) await deleteResource(request, cls.token, r._id);
  }
});

test('project planning: a project with its driving question lists among projects, not among units', async ({ page, request }) => {
  test.setTimeout(90_000);
  const tag = runTag();
  const title = `Where do puddles go? ${tag}`;
  const question = `Where does the water go when the sun comes out? ${tag}`;
  const cls = await nurseryA(request);
  const monday = mondayIn(12);
  let projectId: string | null = null;
  try {
    await openAs(page, request, SHELL_PHONES.teacher, '/planning/project-planning');
    await expect(page.getByRole('heading', { level: 1, name: 'Project planning' })).toBeVisible();
    await page.getByRole('button', { name: 'New project' }).first().click();
    const form = page.getByRole('dialog', { name: 'New project' });
    await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await pickFutureDate(page, form.getByLabel('Start date'), monday);
    await pickFutureDate(page, form.getByLabel('End date'), addDays(monday, 4));
    await form.getByRole('button', { name: 'Create project' }).click();
    await expect(toastWith(page, 'Project created')).toBeVisible();
    await expect(page).toHaveURL(/\/planning\/unit-planning\/[A-Za-z0-9_-]+$/);
    projectId = new URL(page.url()).pathname.split('/').pop() ?? null;
    await expect(page.getByText('Project planner (EYFS class)')).toBeVisible();

    // The driving question, saved after a pause in typing.
    await page.getByRole('textbox', { name: 'Driving question', exact: true }).fill(question);
    await expect(page.getByTestId('unit-save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
    await expect.poll(async () => (await readUnit(request, cls.token, projectId ?? '')).fields.driving_question).toBe(question);
    await expectNoSeriousViolations(page, 'the project planner');

    // Listed among the class's projects…
    await page.goto(`/planning/project-planning?search=${encodeURIComponent(tag)}`);
    await expect(page.getByTestId('unit-card').filter({ hasText: title })).toHaveCount(1);
    // …and not among its units.
    await page.goto(`/planning/unit-planning?search=${encodeURIComponent(tag)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Unit planning' })).toBeVisible();
    await expect(page.getByTestId('units-empty')).toBeVisible();
    await expect(page.getByTestId('unit-card').filter({ hasText: title })).toHaveCount(0);
    expect(await unitTitles(request, cls.token, { classId: cls.id, search: tag, kind: 'project' })).toEqual([title]);
    expect(await unitTitles(request, cls.token, { classId: cls.id, search: tag, kind: 'unit' })).toEqual([]);
  } finally {
    if (projectId) await deleteUnit(request, cls.token, projectId);
  }
});

test('refusals a teacher sees: an activity outside the class day, no day at the weekend, a unit without a title', async ({
  page,
  request,
}) => {
  const cls = await nurseryA(request);
  const monday = mondayIn(12);
  const saturday = addDays(monday, 5);
  await openAs(page, request, SHELL_PHONES.teacher, pagePath.weeklyPlan({ classId: cls.id, week: monday }));
  await expect(page.getByRole('heading', { level: 1, name: 'Weekly plan' })).toBeVisible();

  // After the class's day ends (09:00 AM – 03:00 PM): refused with the message, nothing saved.
  const tuesday = addDays(monday, 1);
  const before = (await weeklyPlan(request, cls.token, cls.id, monday)).days.flatMap((d) => d.activities).length;
  await dayColumn(page, tuesday).getByTestId('week-add').click();
  const form = page.getByRole('dialog', { name: 'New activity' });
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill('Late story');
  await form.getByLabel('Start time').fill('15:30');
  await form.getByLabel('End time').fill('16:00');
  await form.getByRole('button', { name: 'Add activity' }).click();
  await expect(form.getByRole('alert')).toHaveText("The activity must fall within the class's day");
  // An end before the start has its own message.
  await form.getByLabel('Start time').fill('11:00');
  await form.getByLabel('End time').fill('10:00');
  await expect(form.getByRole('alert')).toHaveText('The end time must be after the start time');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  expect((await weeklyPlan(request, cls.token, cls.id, monday)).days.flatMap((d) => d.activities)).toHaveLength(before);

  // The weekend is not a column of the week to add to; the server refuses it with its message.
  await expect(dayColumn(page, saturday)).toHaveCount(0);
  await expect(page.getByTestId('week-day')).toHaveCount(5);
  const weekend = await request.post('/api/plan_activities/', {
    headers: { authorization: `Bearer ${cls.token}` },
    data: { class_id: cls.id, date: wireDay(saturday), start_time: '10:00 AM', end_time: '10:30 AM', title: 'Saturday club' },
  });
  expect(weekend.status()).toBe(400);
  const answer = (await weekend.json()) as { message: string; code?: string };
  expect(answer.message).toBe(PLANNING_MESSAGES.outsideClassDay);
  expect(JSON.stringify(answer)).toContain(ERROR_CODES.outsideClassDay);

  // A unit without a title.
  await page.goto('/planning/unit-planning');
  await page.getByRole('button', { name: 'New unit' }).first().click();
  const unit = page.getByRole('dialog', { name: 'New unit' });
  await unit.getByRole('button', { name: 'Create unit' }).click();
  await expect(unit.getByText('Give the unit a title')).toBeVisible();
  await expect(unit).toBeVisible();
});
