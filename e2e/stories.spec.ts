import { pagePath } from '@cue/contract';
import { expect, type Page, test } from '@playwright/test';
import { makeCurrentChild, staffToken } from './support/api.js';
import { todayUtc, wire } from './support/attendance.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { runTag } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';
import {
  chooseOption,
  commentOn,
  createObservation,
  createStory,
  createTag,
  fillStory,
  galleryPhoto,
  insightCounts,
  insightsOf,
  listedIds,
  nurseryA,
  parentToken,
  pastDay,
  readStory,
  STORY_WORDS_EN,
  setApproval,
} from './support/stories.js';

/*
 * Learning stories of Nursery A: Tara writes them, the families of the children named read and answer
 * them, and the insights count them. The journeys share one database with the others: each story carries
 * the run's own word, is dated in the past, and counts are compared with what was there before.
 */

const words = STORY_WORDS_EN;

/** Toasts are gone (they close by themselves), so that a page is checked as it stays. */
const toastsGone = (page: Page) => expect(page.locator('.mantine-Notification-root')).toHaveCount(0);

// bypassCSP: axe-core is injected into the pages to check their accessibility.
test.use({ bypassCSP: true });

/** A row of one of the insights' tables holding every one of these texts. */
const insightRow = (page: Page, table: string, ...texts: string[]) =>
  texts.reduce((rows, text) => rows.filter({ hasText: text }), page.getByTestId(table).getByRole('row'));

test('a teacher writes a story of Aarav and Diya with a gallery photo; both families read and answer it; she sees their comments, who opened it, and the insights count it', async ({
  page,
  request,
}) => {
  // A whole day of the class in one journey, on a machine shared with other runs.
  test.setTimeout(180_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const admin = await staffToken(request, SHELL_PHONES.admin);
  const day = pastDay();
  const title = `Water wall ${tag}`;
  const caption = `Pouring at the water wall ${tag}`;
  // Arranged over the API: a photo of the day in the class gallery, and a learning tag of the school.
  await galleryPhoto(request, cls, caption);
  const learningTag = (await createTag(request, admin, `Investigating ${tag}`)).name;
  // The insights from that day on, before: the story must add one to what is there.
  const query = { class_id: cls.id, from_date: day.wire };
  const families = [
    { name: 'Rohan Sharma', child: 'Aarav Sharma' },
    { name: 'Neha Patel', child: 'Diya Patel' },
  ];
  const before = insightCounts(await insightsOf(request, cls.token, query), 'Aarav Sharma', families);

  // Tara writes it and publishes it.
  await openAs(page, request, SHELL_PHONES.teacher, '/communication/stories');
  await expect(page.getByRole('heading', { level: 1, name: 'Stories' })).toBeVisible();
  await expect(page.getByText('Learning stories of Nursery A')).toBeVisible();
  await page.getByRole('link', { name: 'New story' }).click();
  await expect(page).toHaveURL(/\/communication\/stories\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New story' })).toBeVisible();
  await fillStory(page, words, {
    title,
    day: day.wire,
    children: ['Aarav Sharma', 'Diya Patel'],
    body: 'Aarav held the funnel while Diya poured, and they watched the water race down the pipes.',
    tags: [learningTag],
    photos: [caption],
  });
  await expectNoSeriousViolations(page, 'story editor');
  await page.getByRole('button', { name: words.publish, exact: true }).click();
  await expect(page.getByText(words.published)).toBeVisible();
  await expect(page).toHaveURL(/\/communication\/stories\/[^/]+$/);
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const read = page.getByTestId('story-read');
  await expect(read.getByText('Published', { exact: true })).toBeVisible();
  await expect(read.getByRole('list', { name: 'Children' }).getByRole('listitem')).toHaveText(['Aarav Sharma', 'Diya Patel']);
  await expect(read.getByRole('list', { name: 'Learning tags' })).toHaveText(learningTag);
  await expect(read.getByTestId('story-media').getByRole('button', { name: `Open ${caption}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Seen by' }).getByText('Not opened yet')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('story-published.png'), fullPage: true });

  // Rohan, Aarav's father: the story is on Aarav's timeline, with its photo; he opens it and answers.
  const rohanSays = `Aarav showed us how the funnel works at bath time ${tag}`;
  await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
  await openAs(page, request, SHELL_PHONES.parent, '/communication/stories');
  await expect(page.getByText('Learning stories of Aarav Sharma')).toBeVisible();
  const card = page.getByTestId('story-card').filter({ has: page.getByRole('link', { name: words.open(title) }) });
  await expect(card.locator('img')).toHaveCount(1);
  await expect(card).toContainText('Aarav Sharma, Diya Patel');
  await commentOn(page, words, title, rohanSays);
  await expect(page.getByText(words.commentAdded)).toBeVisible();
  // And a heart: his reaction, pressed, counted.
  const reactions = page.getByRole('group', { name: 'Reactions' });
  await reactions.getByRole('button', { name: 'Heart: 0' }).click();
  await expect(reactions.getByRole('button', { name: 'Heart: 1' })).toHaveAttribute('aria-pressed', 'true');
  // Families get no staff controls: no status, no "Seen by", no edit.
  await expect(page.getByRole('region', { name: 'Seen by' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await toastsGone(page);
  await expectNoSeriousViolations(page, "a family's story page");

  // Neha, a teacher elsewhere, on her parent side as Diya's mother: the same story, and her answer.
  const nehaSays = `Diya wants a water wall at home now ${tag}`;
  await openAs(page, request, SHELL_PHONES.dualRole, '/communication/stories?as=parent');
  await expect(page.getByText('Learning stories of Diya Patel')).toBeVisible();
  await commentOn(page, words, title, nehaSays);
  await expect(page).toHaveURL(/\?as=parent$/);
  await expect(page.getByTestId('story-comment').filter({ hasText: rohanSays })).toBeVisible();

  // Tara opens it again: both comments, and who of the families opened it.
  await openAs(page, request, SHELL_PHONES.teacher, `/communication/stories/${id}`);
  const comments = page.getByTestId('story-comment');
  await expect(comments.filter({ hasText: rohanSays })).toContainText('Rohan Sharma');
  await expect(comments.filter({ hasText: nehaSays })).toContainText('Neha Patel');
  const seen = page.getByRole('region', { name: 'Seen by' }).getByTestId('story-viewers');
  await expect(seen.getByText(/^Rohan Sharma \(Aarav Sharma\): opened (once|\d+ times)$/)).toBeVisible();
  await expect(seen.getByText(/^Neha Patel \(Diya Patel\): opened (once|\d+ times)$/)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Reactions' }).getByRole('button', { name: 'Heart: 1' })).toBeVisible();
  // She answers on the same page.
  const taraSays = `Thank you both, we will build it again next week ${tag}`;
  await page.getByRole('textbox', { name: words.comment }).fill(taraSays);
  await page.getByRole('button', { name: words.send }).click();
  await expect(comments.filter({ hasText: taraSays })).toContainText('School');
  await toastsGone(page);
  await expectNoSeriousViolations(page, "the staff's story page");
  await page.screenshot({ path: test.info().outputPath('story-comments.png'), fullPage: true });

  // The insights of Nursery A count it: one more published story, one more of Aarav's, the two families' views and comments.
  const after = insightCounts(await insightsOf(request, cls.token, query), 'Aarav Sharma', families);
  expect(after.published).toBe(before.published + 1);
  expect(after.childStories).toBe(before.childStories + 1);
  expect(after.reactions).toBe(before.reactions + 1);
  for (const [i, family] of after.families.entries()) {
    expect(family.views).toBeGreaterThan(before.families[i]?.views ?? 0);
    expect(family.comments).toBe((before.families[i]?.comments ?? 0) + 1);
  }
  await page.goto(`/story-insights?from_date=${day.wire}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Story insights' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Class', exact: true }).click();
  await page.getByRole('option', { name: 'Nursery A', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`class_id=${cls.id}`));
  await expect(page.getByTestId('stat-stories')).toContainText(`${after.published} published`);
  const aarav = insightRow(page, 'insights-children', 'Aarav Sharma');
  await expect(aarav.getByRole('cell').nth(2)).toHaveText(String(after.childStories));
  for (const [i, family] of families.entries()) {
    const row = insightRow(page, 'insights-families', family.name, family.child);
    await expect(row.getByRole('cell').nth(3)).toHaveText(String(after.families[i]?.views));
    await expect(row.getByRole('cell').nth(4)).toHaveText(String(after.families[i]?.comments));
    await expect(row.getByText('Never opened')).toHaveCount(0);
  }
  await page.screenshot({ path: test.info().outputPath('story-insights.png'), fullPage: true });
});

test('with approval on, a published story waits for the admin: the family does not see it until she approves it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const admin = await staffToken(request, SHELL_PHONES.admin);
  const rohan = await parentToken(request, SHELL_PHONES.parent);
  const title = `Puddle jumping ${tag}`;
  const draft = await createStory(request, cls.token, {
    class_id: cls.id,
    story_date: pastDay().wire,
    title,
    body: '<p>Aarav measured the biggest puddle with his boots.</p>',
    student_ids: [cls.child('Aarav')],
  });
  const before = await setApproval(request, admin, true);
  try {
    // Tara publishes her draft: the school asks for approval, so the button says so and the story waits.
    await openAs(page, request, SHELL_PHONES.teacher, `/communication/stories/${draft._id}/edit`);
    await expect(page.getByText('Your school reviews stories before families see them')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Send for approval' }).click();
    await expect(page.getByText('Story sent for approval')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/communication/stories/${draft._id}$`));
    await expect(page.getByTestId('story-read').getByText('Waiting for approval', { exact: true })).toBeVisible();
    // Tara cannot approve her own story.
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    // Rohan does not see it: not on Aarav's timeline, and not by its address.
    await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
    expect(await listedIds(request, rohan, { student_id: cls.child('Aarav') })).not.toContain(draft._id);
    expect(await readStory(request, rohan, draft._id)).toBe(404);
    await openAs(page, request, SHELL_PHONES.parent, '/communication/stories');
    await expect(page.getByTestId('stories-timeline-list').or(page.getByTestId('empty-state'))).toBeVisible();
    await expect(page.getByRole('link', { name: words.open(title) })).toHaveCount(0);

    // Anita, the admin, finds it waiting in Nursery A's stories and approves it.
    await openAs(page, request, SHELL_PHONES.admin, '/communication/stories');
    await page.getByTestId('class-selector').click();
    await page.getByRole('menuitem', { name: 'Nursery A' }).click();
    await expect(page.getByText('Learning stories of Nursery A')).toBeVisible();
    const waiting = page.getByRole('region', { name: /^Waiting for approval/ });
    await waiting.getByRole('link', { name: words.open(title) }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Story approved and published')).toBeVisible();
    await expect(page.getByTestId('story-read').getByText('Published', { exact: true })).toBeVisible();
    await expect(page.getByText('Approved by Anita Desai')).toBeVisible();

    // Now Aarav's family has it.
    await openAs(page, request, SHELL_PHONES.parent, '/communication/stories');
    await page.getByRole('link', { name: words.open(title) }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('story-body')).toContainText('measured the biggest puddle');
    // Only the families of the children it names: Diya's mother does not get it.
    const neha = await parentToken(request, SHELL_PHONES.dualRole);
    expect(await readStory(request, neha, draft._id)).toBe(404);
    expect(await listedIds(request, neha)).not.toContain(draft._id);
  } finally {
    await setApproval(request, admin, before);
  }
});

test("Cue drafts a story of Vihaan from the day's observation: the editor opens on it with its source linked, and the teacher publishes it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const vihaan = cls.child('Vihaan');
  const day = pastDay(3);
  const note = `Vihaan sorted the shells ${tag} into three piles by size`;
  await createObservation(request, cls.token, {
    class_id: cls.id,
    student_id: vihaan,
    date: day.wire,
    title: `Shells ${tag}`,
    note,
  });

  await openAs(page, request, SHELL_PHONES.teacher, '/communication/stories');
  await page.getByRole('button', { name: 'Draft a story with Cue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Draft a story with Cue' });
  const date = dialog.getByRole('textbox', { name: 'Day', exact: true });
  await expect(date).toHaveValue(wire(todayUtc()));
  await date.fill(day.wire);
  await date.press('Tab');
  await expect(date).toHaveValue(day.wire);
  await dialog.getByRole('combobox', { name: 'Children', exact: true }).fill('Vihaan');
  await page.getByRole('option', { name: 'Vihaan Gupta', exact: true }).click();
  // The list stays open for more children; leaving the field closes it.
  await dialog.getByRole('combobox', { name: 'Children', exact: true }).press('Tab');
  await dialog.getByRole('button', { name: 'Write the draft' }).click();
  await expect(page.getByText('Draft ready: check it, then publish')).toBeVisible();
  await expect(page).toHaveURL(/\/communication\/stories\/[^/]+\/edit$/);

  // The draft: Vihaan, that day, the observation's sentence in its text and among its sources with a link.
  await expect(page.getByRole('heading', { level: 1, name: 'Edit story' })).toBeVisible();
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toHaveValue(`Vihaan, ${day.wire}`);
  await expect(page.getByRole('textbox', { name: 'Story date', exact: true })).toHaveValue(day.wire);
  await expect(page.getByRole('textbox', { name: 'Story', exact: true })).toContainText(`${note}.`);
  const sources = page.getByRole('region', { name: 'Sources' });
  const item = sources.getByRole('listitem').filter({ hasText: note });
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('link', { name: 'Observation' })).toHaveAttribute('href', pagePath.childObservations(vihaan));
  await page.screenshot({ path: test.info().outputPath('story-cue-draft.png'), fullPage: true });

  // She names it and publishes; the story keeps its sources.
  const named = `Shells by size ${tag}`;
  await title.fill(named);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Story published')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: named })).toBeVisible();
  await expect(page.getByTestId('story-read').getByText('Published', { exact: true })).toBeVisible();
  await expect(page.getByTestId('story-body')).toContainText(note);
  await expect(page.getByRole('region', { name: 'Sources' }).getByRole('listitem').filter({ hasText: note })).toHaveCount(1);
});

test("a story published while a family has Aarav's timeline open reaches it at once, without reloading", async ({
  page,
  request,
}) => {
  const tag = runTag();
  const cls = await nurseryA(request);
  const title = `Snail trail ${tag}`;
  // The app's socket is in the family's room once the server acknowledged its connection (Socket.IO's "40").
  let connected = false;
  page.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.startsWith('40')) connected = true;
    }),
  );
  await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
  await openAs(page, request, SHELL_PHONES.parent, '/communication/stories');
  await expect(page.getByText('Learning stories of Aarav Sharma')).toBeVisible();
  await expect(page.getByTestId('stories-timeline-list').or(page.getByTestId('empty-state'))).toBeVisible();
  await expect(page.getByRole('link', { name: words.open(title) })).toHaveCount(0);
  await expect.poll(() => connected).toBe(true);

  // Tara publishes a story of Aarav (over the API: the journey is about the family's side).
  await createStory(request, cls.token, {
    class_id: cls.id,
    story_date: pastDay().wire,
    title,
    body: '<p>Aarav followed a snail across the yard and drew its silver trail.</p>',
    student_ids: [cls.child('Aarav')],
    action: 'publish',
  });
  await expect(page.getByText(`New story: ${title}`)).toBeVisible();
  await expect(page.getByRole('link', { name: words.open(title) })).toBeVisible();
});

test('a story cannot be published without a title and a child; saved as a draft it stays with the school', async ({
  page,
  request,
}) => {
  const tag = runTag();
  const rohan = await parentToken(request, SHELL_PHONES.parent);
  await openAs(page, request, SHELL_PHONES.teacher, '/communication/stories/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New story' })).toBeVisible();
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  // Publishing an empty story says what is missing, field by field, and saves nothing.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveAccessibleDescription('Give the story a title');
  await expect(page.getByText('Choose at least one child')).toBeVisible();
  await expect(page).toHaveURL(/\/communication\/stories\/new$/);

  // With a title and a child, "Save draft" keeps it a draft: the school sees it, the family does not.
  const named = `Leaf rubbings ${tag}`;
  await title.fill(named);
  await chooseOption(page, 'Children', 'Aarav Sharma');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Story saved as draft')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: named })).toBeVisible();
  await expect(page.getByTestId('story-read').getByText('Draft', { exact: true })).toBeVisible();
  // A draft has no conversation or "Seen by" yet.
  await expect(page.getByRole('region', { name: 'Seen by' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: words.comment })).toHaveCount(0);
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  expect(await readStory(request, rohan, id)).toBe(404);
});

test('a published story edited by its teacher reaches the family changed, and its first version is kept', async ({
  page,
  request,
}) => {
  const tag = runTag();
  const cls = await nurseryA(request);
  const first = `Rain gauge ${tag}`;
  const second = `Our rain gauge ${tag}`;
  const story = await createStory(request, cls.token, {
    class_id: cls.id,
    story_date: pastDay().wire,
    title: first,
    body: '<p>Aarav put a jar outside to catch the rain.</p>',
    student_ids: [cls.child('Aarav')],
    action: 'publish',
  });
  expect(story).toMatchObject({ status: 'published', version: 1 });

  await openAs(page, request, SHELL_PHONES.teacher, `/communication/stories/${story._id}`);
  await expect(page.getByTestId('story-version')).toHaveText('Version 1');
  await expect(page.getByRole('button', { name: 'Earlier versions' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit story' })).toBeVisible();
  await expect(page.getByText('This story is published: your changes reach the families at once')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(second);
  const body = page.getByRole('textbox', { name: 'Story', exact: true });
  await body.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' The next morning it held two fingers of water.');
  await page.getByRole('button', { name: 'Publish changes' }).click();
  await expect(page.getByText('Story published')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
  await expect(page.getByTestId('story-version')).toHaveText('Version 2');
  await expect(page.getByTestId('story-read').getByText('Published', { exact: true })).toBeVisible();

  // The earlier version, with its title and text.
  await page.getByRole('button', { name: 'Earlier versions' }).click();
  const versions = page.getByRole('dialog', { name: 'Earlier versions' });
  await versions.getByRole('button', { name: new RegExp(`^Version 1: ${first}`) }).click();
  await expect(versions.getByTestId('version-body')).toHaveText('Aarav put a jar outside to catch the rain.');

  // Aarav's family reads the new text.
  await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
  await openAs(page, request, SHELL_PHONES.parent, '/communication/stories');
  await page.getByRole('link', { name: words.open(second) }).click();
  await expect(page.getByTestId('story-body')).toContainText('two fingers of water');
  await expect(page.getByRole('link', { name: words.open(first) })).toHaveCount(0);
});

test('with approval on, the admin returns a story with a note: it is a draft again and its teacher reads the note in the editor', async ({
  page,
  request,
}) => {
  const tag = runTag();
  const cls = await nurseryA(request);
  const admin = await staffToken(request, SHELL_PHONES.admin);
  const title = `Bean sprouts ${tag}`;
  const note = `Please add what Kabir said about the roots ${tag}`;
  const before = await setApproval(request, admin, true);
  try {
    const sent = await createStory(request, cls.token, {
      class_id: cls.id,
      story_date: pastDay(6).wire,
      title,
      body: '<p>Kabir watered the beans and looked at the roots through the jar.</p>',
      student_ids: [cls.child('Kabir')],
      action: 'publish',
    });
    expect(sent.status).toBe('pending');

    await openAs(page, request, SHELL_PHONES.admin, `/communication/stories/${sent._id}`);
    await page.getByRole('button', { name: 'Return with note' }).click();
    const dialog = page.getByRole('dialog', { name: 'Return to the author' });
    await dialog.getByRole('textbox', { name: 'What should change?' }).fill(note);
    await dialog.getByRole('button', { name: 'Return with note' }).click();
    await expect(page.getByText('Story returned to its author')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('story-read').getByText('Draft', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    // Tara finds the note where she edits the story, and can send it again.
    await openAs(page, request, SHELL_PHONES.teacher, `/communication/stories/${sent._id}/edit`);
    await expect(page.getByText('Returned by the reviewer')).toBeVisible();
    await expect(page.getByTestId('return-note')).toHaveText(note);
    await expect(page.getByRole('button', { name: 'Send for approval' })).toBeEnabled();
  } finally {
    await setApproval(request, admin, before);
  }
});
