import { addDays, ddmmyyyyFromIso, type Story, type StoryTag } from '@cue/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { makeCurrentChild, staffToken } from './support/api.js';
import { todayUtc } from './support/attendance.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { plainJpeg, runTag, writeFiles } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';
import { createStory, nurseryA, parentToken, readStory, type StoryClass, sendFamilyStory } from './support/stories.js';

/*
 * Stories beyond the teacher's own: a family's story from home that the class accepts into the
 * child's record, the school's story tags, and the library's search and filters. The journeys share
 * one database: everything made here carries the run's own word, and only that is counted.
 */

// bypassCSP: axe-core is injected into the page to check its accessibility.
test.use({ timezoneId: 'UTC', bypassCSP: true });
// Two people in two browsers per journey, on a machine shared with other runs.
test.describe.configure({ timeout: 90_000 });

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Waits for the toasts to go before a page's accessibility is checked: their close button has no name
 * yet (the app's toasts, lib/notify.ts), which is not these pages' own.
 */
const toastsGone = (page: Page) => expect(page.locator('.mantine-Notification-root')).toHaveCount(0);

/** A story of Nursery A published by its teacher over the API, some days ago. */
async function publishStory(
  request: APIRequestContext,
  cls: StoryClass,
  story: { title: string; body: string; children: string[]; daysAgo: number },
): Promise<Story> {
  const made = await createStory(request, cls.token, {
    class_id: cls.id,
    title: story.title,
    body: `<p>${story.body}</p>`,
    story_date: ddmmyyyyFromIso(addDays(todayUtc(), -story.daysAgo)),
    student_ids: story.children.map(cls.child),
    action: 'publish',
  });
  expect(made.status).toBe('published');
  return made;
}

/** The library's rows whose text holds a word. */
const libraryRows = (page: Page, word: string) => page.getByTestId('story-library').getByRole('row').filter({ hasText: word });

test('a parent shares a story from home about Aarav; his teacher accepts it from "From families"; the parent sees it added to his timeline', async ({
  page,
  browser,
  request,
}) => {
  const tag = runTag();
  const title = `Baking bread with Grandma ${tag}`;
  const note = `Aarav kneaded the dough for ten minutes and shaped three rolls ${tag}.`;
  const [photo] = writeFiles(test.info().outputPath('family'), [
    { name: `bread-${tag}.jpg`, bytes: await plainJpeg([210, 160, 90], 640, 480) },
  ]);

  // Rohan, with Aarav as his current child, sends a photo, a title and a note.
  await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
  await openAs(page, request, SHELL_PHONES.parent, '/communication/stories');
  await expect(page.getByText('Learning stories of Aarav Sharma')).toBeVisible();
  await page.getByRole('button', { name: 'Share a story from home' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share a story from home' });
  // Nothing chosen: the form says what is missing and sends nothing.
  await dialog.getByRole('button', { name: 'Send to the class' }).click();
  await expect(dialog.locator('.mantine-FileInput-error')).toHaveText('Choose a photo');
  await expect(dialog.getByText('Write a few words about the photo')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: /^Photo/ }).click();
  await (await chooser).setFiles(photo as string);
  await expect(dialog).toContainText(`bread-${tag}.jpg`);
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('What happened').fill(note);
  await expectNoSeriousViolations(page, 'sharing a story from home');
  await dialog.getByRole('button', { name: 'Send to the class' }).click();
  await expect(page.getByText('Thank you! Your story was sent to the class')).toBeVisible();
  await expect(dialog).toBeHidden();
  const sent = page.getByTestId('stories-sent').getByTestId('sent-story').filter({ hasText: title });
  await expect(sent).toHaveAttribute('data-status', 'submitted');
  await expect(sent).toContainText('Sent: waiting for the class');
  // Not on the timeline until the class accepts it.
  await expect(page.getByTestId('story-card').filter({ hasText: title })).toHaveCount(0);

  // Tara finds it under "From families" on Nursery A's stories, and accepts it.
  const staff = await browser.newContext({ timezoneId: 'UTC', bypassCSP: true });
  const tara = await staff.newPage();
  await openAs(tara, request, SHELL_PHONES.teacher, '/communication/stories');
  const fromFamilies = tara.getByTestId('stories-from-families');
  const card = fromFamilies.getByTestId('story-card').filter({ hasText: title });
  await expect(card).toHaveAttribute('data-kind', 'family');
  await expect(card).toContainText('Aarav Sharma');
  await expect(card).toContainText('by Rohan Sharma');
  await expectNoSeriousViolations(tara, "the class's stories with one from a family");
  await tara.screenshot({ path: test.info().outputPath('stories-from-families.png'), fullPage: true });
  await card.getByRole('button', { name: `Accept ${title}` }).click();
  await expect(tara.getByText("Added to the child's record")).toBeVisible();
  await expect(fromFamilies.getByTestId('story-card').filter({ hasText: title })).toHaveCount(0);
  // It stays among the class's family stories, accepted.
  // (The segmented control's radios are hidden under their labels: a person clicks the label.)
  await tara
    .locator('label')
    .filter({ hasText: /^From families$/ })
    .click();
  await expect(tara.getByRole('radio', { name: 'From families' })).toBeChecked();
  await expect(tara.getByTestId('stories-list').getByTestId('story-card').filter({ hasText: title })).toHaveAttribute(
    'data-status',
    'accepted',
  );
  await staff.close();

  // Rohan sees it accepted, and on Aarav's timeline.
  await page.reload();
  await expect(sent).toHaveAttribute('data-status', 'accepted');
  await expect(sent).toContainText("Added to Aarav Sharma's record");
  const onTimeline = page.getByTestId('stories-timeline-list').getByTestId('story-card').filter({ hasText: title });
  await expect(onTimeline).toContainText('From home');
  await onTimeline.getByRole('link', { name: `Open ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(note)).toBeVisible();
});

test('a story from home that the class declines stays off the timeline, marked as not added; no other family can open it', async ({
  page,
  browser,
  request,
}) => {
  const tag = runTag();
  const cls = await nurseryA(request);
  const title = `Our cat had kittens ${tag}`;
  const rohan = await parentToken(request, SHELL_PHONES.parent);
  const sent = await sendFamilyStory(request, rohan, {
    student_id: cls.child('Aarav'),
    title,
    note: `Aarav counted five kittens and named them all ${tag}.`,
  });
  expect(sent).toMatchObject({ kind: 'family', status: 'submitted', children: [{ name: 'Aarav Sharma' }] });
  // Diya's mother (Neha, on her parent side) cannot open another family's story.
  expect(await readStory(request, await parentToken(request, SHELL_PHONES.dualRole), sent._id)).toBe(404);

  // Tara declines it from "From families".
  const staff = await browser.newContext({ timezoneId: 'UTC', bypassCSP: true });
  const tara = await staff.newPage();
  await openAs(tara, request, SHELL_PHONES.teacher, '/communication/stories');
  const card = tara.getByTestId('stories-from-families').getByTestId('story-card').filter({ hasText: title });
  await card.getByRole('button', { name: `Decline ${title}` }).click();
  await expect(tara.getByText('Family story declined')).toBeVisible();
  await expect(card).toHaveCount(0);
  await staff.close();

  // Rohan sees it was not added, and it is not on Aarav's timeline.
  await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
  await openAs(page, request, SHELL_PHONES.parent, '/communication/stories');
  const mine = page.getByTestId('stories-sent').getByTestId('sent-story').filter({ hasText: title });
  await expect(mine).toHaveAttribute('data-status', 'declined');
  await expect(mine).toContainText('Not added by the class');
  await expect(page.getByRole('heading', { level: 2, name: 'Timeline' })).toBeVisible();
  await expect(page.getByTestId('story-card').filter({ hasText: title })).toHaveCount(0);
  expect(await readStory(request, rohan, sent._id)).toMatchObject({ status: 'declined' });
});

test('an admin creates two story tags, puts them in order, renames one, merges it into the other and archives that; a taken name is refused; a teacher cannot manage tags', async ({
  page,
  browser,
  request,
}) => {
  const tag = runTag();
  const first = `Curious minds ${tag}`;
  const renamed = `Asking questions ${tag}`;
  const second = `Finding out ${tag}`;
  const rows = page.getByTestId('story-tags').getByRole('row');
  const row = (name: string) => rows.filter({ has: page.getByText(name, { exact: true }) });

  await openAs(page, request, SHELL_PHONES.admin, '/admin/academic-setup/story-tags');
  await expect(page.getByRole('heading', { level: 1, name: 'Story tags' })).toBeVisible();
  await expect(page.getByTestId('side-menu').locator('[data-menu-key="academic-setup.story-tags"]')).toBeVisible();

  const create = async (name: string) => {
    await page.getByRole('button', { name: 'New tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'New tag' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(name)).toHaveCount(1);
  };
  await create(first);
  await create(second);

  // Put in order: the second moves above the first (new tags come last, so the two are neighbours).
  const ours = rows.filter({ hasText: tag });
  await expect(ours).toHaveText([new RegExp(first), new RegExp(second)]);
  await page.getByRole('button', { name: `Move ${second} up`, exact: true }).click();
  await expect(ours).toHaveText([new RegExp(second), new RegExp(first)]);
  await page.getByRole('button', { name: 'Save order' }).click();
  await expect(page.getByText('Order saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save order' })).toHaveCount(0);
  const admin = await staffToken(request, SHELL_PHONES.admin);
  const ordered = await request.get('/api/story_tags/', { headers: auth(admin) });
  expect(
    ((await ordered.json()) as { result: StoryTag[] }).result.filter((x) => x.name.includes(tag)).map((x) => x.name),
  ).toEqual([second, first]);

  // The same name again is refused, in the server's words.
  await page.getByRole('button', { name: 'New tag' }).click();
  const duplicate = page.getByRole('dialog', { name: 'New tag' });
  await duplicate.getByLabel('Name').fill(first);
  await duplicate.getByRole('button', { name: 'Create' }).click();
  await expect(duplicate.getByTestId('form-error')).toHaveText('A tag with this name already exists');
  await duplicate.getByRole('button', { name: 'Cancel' }).click();
  await expect(duplicate).toBeHidden();
  await expect(row(first)).toHaveCount(1);

  // Renamed.
  await page.getByRole('button', { name: `Rename ${first}`, exact: true }).click();
  const rename = page.getByRole('dialog', { name: `Rename ${first}` });
  await rename.getByLabel('Name').fill(renamed);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  await expect(row(renamed)).toHaveCount(1);
  await expect(row(first)).toHaveCount(0);

  // Merged into the second: it leaves the tags in use.
  await page.getByRole('button', { name: `Merge ${renamed}`, exact: true }).click();
  const merge = page.getByRole('dialog', { name: `Merge ${renamed} into another tag` });
  await merge.getByRole('combobox', { name: 'Merge into' }).click();
  await page.getByRole('option', { name: second, exact: true }).click();
  await expect(merge).toContainText(`will be tagged ${second}`);
  await merge.getByRole('button', { name: 'Merge' }).click();
  await expect(page.getByText('Tags merged')).toBeVisible();
  await expect(merge).toBeHidden();
  await expect(row(renamed)).toHaveCount(0);

  // The second is archived.
  await page.getByRole('button', { name: `Archive ${second}`, exact: true }).click();
  await expect(page.getByText(`${second} archived`)).toBeVisible();
  await expect(row(second)).toHaveCount(0);

  // Both show among the archived tags.
  await page.getByRole('switch', { name: 'Show archived tags' }).check({ force: true });
  for (const name of [renamed, second]) {
    await expect(row(name)).toHaveAttribute('data-archived', 'true');
    await expect(row(name)).toContainText('Archived');
  }
  const all = await request.get('/api/story_tags/?include_archived=true', { headers: auth(admin) });
  const mine = ((await all.json()) as { result: StoryTag[] }).result.filter((x) => x.name.includes(tag));
  expect(mine.map((x) => [x.name, x.archived]).sort()).toEqual([
    [renamed, true],
    [second, true],
  ]);
  await toastsGone(page);
  await expectNoSeriousViolations(page, 'story tags, archived shown');
  await page.screenshot({ path: test.info().outputPath('story-tags.png'), fullPage: true });

  // Tara, a teacher, has no entry for the page, and the page itself tells her it is not hers.
  const staff = await browser.newContext({ timezoneId: 'UTC', bypassCSP: true });
  const tara = await staff.newPage();
  await openAs(tara, request, SHELL_PHONES.teacher, '/admin/academic-setup/story-tags');
  await expect(tara.getByTestId('no-access')).toBeVisible();
  await expect(tara.getByRole('button', { name: 'New tag' })).toHaveCount(0);
  await expect(tara.locator('[data-menu-key="academic-setup.story-tags"]')).toHaveCount(0);
  await staff.close();
  // And the server refuses her a tag.
  const taraToken = await staffToken(request, SHELL_PHONES.teacher);
  const refused = await request.post('/api/story_tags/', { headers: auth(taraToken), data: { name: `Mine ${tag}` } });
  expect(refused.status()).toBe(403);
});

test('the library finds a story by a word of it, filters by child with the filters in the address, and opens the story', async ({
  page,
  request,
}) => {
  const tag = runTag();
  const cls = await nurseryA(request);
  const { id, child } = cls;
  const kite = `kite${tag}`;
  const puddle = `puddle${tag}`;
  const flying = await publishStory(request, cls, {
    title: `Flying the kite ${tag}`,
    body: `Aarav held the string of the ${kite} and ran against the wind.`,
    children: ['Aarav'],
    daysAgo: 6,
  });
  const splashing = await publishStory(request, cls, {
    title: `Jumping in puddles ${tag}`,
    body: `Diya and Vihaan measured the ${puddle} with a stick.`,
    children: ['Diya', 'Vihaan'],
    daysAgo: 5,
  });

  await openAs(page, request, SHELL_PHONES.teacher, '/all-stories');
  await expect(page.getByRole('heading', { level: 1, name: 'Stories library' })).toBeVisible();
  const filters = page.getByRole('search', { name: 'Filter the stories' });
  const search = filters.getByRole('searchbox', { name: 'Search' });

  // One story's own word: only that story.
  await search.fill(kite);
  await expect(page).toHaveURL(new RegExp(`search=${kite}`));
  await expect(libraryRows(page, tag)).toHaveCount(1);
  await expect(libraryRows(page, tag)).toContainText(flying.title);
  await expect(page.getByText('1 story', { exact: true })).toBeVisible();

  // The word both share, then Diya: only the puddles.
  await search.fill(tag);
  await expect(page).toHaveURL(new RegExp(`search=${tag}(&|$)`));
  await expect(libraryRows(page, tag)).toHaveCount(2);
  await filters.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: 'Nursery A', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`class_id=${id}`));
  await filters.getByRole('combobox', { name: 'Child' }).click();
  await page.getByRole('option', { name: 'Diya Patel', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`student_id=${child('Diya')}`));
  await expect(libraryRows(page, tag)).toHaveCount(1);
  await expect(libraryRows(page, tag)).toContainText(splashing.title);
  await expect(libraryRows(page, tag)).toContainText('Diya Patel, Vihaan Gupta');
  // Aarav: only the kite.
  await filters.getByRole('combobox', { name: 'Child' }).click();
  await page.getByRole('option', { name: 'Aarav Sharma', exact: true }).click();
  await expect(libraryRows(page, tag)).toHaveCount(1);
  await expect(libraryRows(page, tag)).toContainText(flying.title);

  // The address keeps the filters: a reload shows the same list and the same choices.
  await page.reload();
  await expect(search).toHaveValue(tag);
  await expect(filters.getByRole('combobox', { name: 'Class' })).toHaveValue('Nursery A');
  await expect(filters.getByRole('combobox', { name: 'Child' })).toHaveValue('Aarav Sharma');
  await expect(libraryRows(page, tag)).toHaveCount(1);
  await expect(libraryRows(page, tag)).toContainText(flying.title);
  await expectNoSeriousViolations(page, 'the stories library, filtered');
  await page.screenshot({ path: test.info().outputPath('library-filtered.png'), fullPage: true });

  // On a phone, the filters other than the search fold behind one button that counts those on.
  await page.setViewportSize({ width: 390, height: 844 });
  const more = filters.getByRole('button', { name: 'Filters (2 on)' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(filters.getByRole('combobox', { name: 'Child' })).toBeHidden();
  await expect(libraryRows(page, tag)).toHaveCount(1);
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(filters.getByRole('combobox', { name: 'Child' })).toHaveValue('Aarav Sharma');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('library-phone.png'), fullPage: true });

  // The result opens the story.
  await libraryRows(page, tag).getByRole('link', { name: flying.title }).click();
  await expect(page).toHaveURL(new RegExp(`/communication/stories/${flying._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: flying.title })).toBeVisible();
  await expect(page.getByText(`Aarav held the string of the ${kite}`)).toBeVisible();
});
