import { addDays, ddmmyyyyFromIso, type MediaItem, type Story } from '@cue/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { makeCurrentChild } from './support/api.js';
import { todayUtc } from './support/attendance.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { plainJpeg, runTag, waitReady } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';
import { createStory, nurseryA, parentToken } from './support/stories.js';

/*
 * The class journal of Nursery A: one entry per class and day, written by its teacher (by hand or from
 * Cue's draft of the day's evidence) and read, answered and reacted to by its families. The journeys
 * share one database: each takes a past day of its own that has no entry yet, and names what it makes
 * with the run's own word.
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

/** The class's journal entry of a day ('YYYY-MM-DD'), or null, as its staff read it. */
async function journalOf(request: APIRequestContext, token: string, cls: string, iso: string): Promise<Story | null> {
  const res = await request.get(`/api/journal/?class_id=${cls}&date=${ddmmyyyyFromIso(iso)}`, { headers: auth(token) });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { result: { entry: Story | null } }).result.entry;
}

/** How many items of the class's gallery were taken on a day. */
async function galleryOfDay(request: APIRequestContext, token: string, cls: string, iso: string): Promise<number> {
  const day = ddmmyyyyFromIso(iso);
  const res = await request.get(`/api/class_media/${cls}?from_date=${day}&to_date=${day}`, { headers: auth(token) });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { result: { total: number } }).result.total;
}

/**
 * A past day ('YYYY-MM-DD') without a journal entry and without photos in the class's gallery, at least
 * `from` days ago (a retry, or another journey, may have taken the nearer ones): what is written and
 * drafted there is this journey's alone.
 */
async function freeDay(request: APIRequestContext, token: string, cls: string, from: number): Promise<string> {
  for (let back = from; back < from + 120; back++) {
    const iso = addDays(todayUtc(), -back);
    if (!(await journalOf(request, token, cls, iso)) && (await galleryOfDay(request, token, cls, iso)) === 0) return iso;
  }
  throw new Error('No free journal day in four months');
}

/** A photo of the whole class in its gallery, taken on a given day, ready to be chosen. */
async function classPhoto(
  request: APIRequestContext,
  token: string,
  cls: string,
  iso: string,
  caption: string,
): Promise<MediaItem> {
  const res = await request.post(`/api/class_media/${cls}`, {
    headers: auth(token),
    multipart: {
      privacy: 'class',
      caption,
      taken_on: ddmmyyyyFromIso(iso),
      file: { name: `${caption.replace(/\W+/g, '-')}.jpg`, mimeType: 'image/jpeg', buffer: await plainJpeg([90, 170, 120]) },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const item = ((await res.json()) as { result: MediaItem }).result;
  return waitReady(request, token, item._id);
}

/** The page's journal of a day, as staff or family see it. */
const journalPath = (iso: string) => `/communication/journal?date=${ddmmyyyyFromIso(iso)}`;

/** Rohan (Aarav's father, Nursery A) on the journal of a day. */
async function openAsRohan(page: Page, request: APIRequestContext, iso: string) {
  await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
  await openAs(page, request, SHELL_PHONES.parent, journalPath(iso));
  await expect(page.getByRole('heading', { level: 1, name: 'Class journal' })).toBeVisible();
}

test('a teacher goes back to a day without a journal, writes it with a photo and publishes it; a parent reads it, reacts and comments, and the teacher sees both', async ({
  page,
  browser,
  request,
}) => {
  const tag = runTag();
  const { token, id } = await nurseryA(request);
  const day = await freeDay(request, token, id, 3);
  const caption = `Sand tray ${tag}`;
  await classPhoto(request, token, id, day, caption);
  const title = `Digging for shells ${tag}`;

  // Tara opens the day after, then moves one day back with the arrow: no journal there yet.
  await openAs(page, request, SHELL_PHONES.teacher, journalPath(addDays(day, 1)));
  await expect(page.getByRole('heading', { level: 1, name: 'Class journal' })).toBeVisible();
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(page).toHaveURL(new RegExp(`date=${ddmmyyyyFromIso(day)}`));
  await expect(page.getByTestId('journal-empty')).toContainText('No journal for this day');

  // She writes what the class did, picks the day's photo and a note for home, and publishes.
  await page.getByRole('button', { name: "Write this day's journal" }).click();
  const editor = page.getByRole('form', { name: "The day's journal" });
  await editor.getByLabel('Title').fill(title);
  await editor
    .getByRole('textbox', { name: 'What the class did' })
    .fill(`We dug for shells in the sand tray and counted twelve ${tag}.`);
  // The picker offers that day's photos of the class gallery.
  await editor.getByRole('checkbox', { name: `Choose ${caption}` }).check();
  await expect(editor.getByText('1 chosen')).toBeVisible();
  await editor.getByLabel('Notes for families').fill('Ask your child how many shells they found.');
  await expectNoSeriousViolations(page, "the journal's editor");
  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Journal published')).toBeVisible();
  const entry = page.getByTestId('journal-entry');
  await expect(entry.getByRole('heading', { name: title })).toBeVisible();
  await expect(entry.locator('[data-status="published"]')).toHaveText('Published');
  await expect(entry.getByTestId('story-media').getByRole('button', { name: caption })).toBeVisible();
  expect((await journalOf(request, token, id, day))?.status).toBe('published');

  // Rohan, Aarav's father, opens the journal on that day: the entry, its photo and the note for home.
  const family = await browser.newContext({ timezoneId: 'UTC', bypassCSP: true });
  const rohan = await family.newPage();
  await openAsRohan(rohan, request, day);
  const read = rohan.getByTestId('journal-entry');
  await expect(read.getByRole('heading', { name: title })).toBeVisible();
  await expect(read.getByTestId('journal-body')).toContainText('counted twelve');
  await expect(read.getByTestId('story-media').getByRole('button', { name: caption })).toBeVisible();
  await expect(read).toContainText('Ask your child how many shells they found.');
  // Families see no state badge and no staff buttons.
  await expect(read.locator('[data-status]')).toHaveCount(0);
  await expect(rohan.getByRole('button', { name: 'Edit the journal' })).toHaveCount(0);

  // He reacts with a heart, and comments.
  const heart = rohan.getByTestId('story-reactions').getByRole('button', { name: /^Heart: / });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toHaveAccessibleName('Heart: 1');
  const comment = `Aarav told us about the shells at dinner ${tag}`;
  await rohan.getByLabel('Your comment').fill(comment);
  await rohan.getByRole('button', { name: 'Send comment' }).click();
  await expect(rohan.getByText('Comment added')).toBeVisible();
  await expect(rohan.getByTestId('story-comments')).toContainText(comment);
  await toastsGone(rohan);
  await expectNoSeriousViolations(rohan, 'the journal, for a family');
  await rohan.screenshot({ path: test.info().outputPath('journal-family.png'), fullPage: true });
  await family.close();

  // Tara sees his heart and his comment under the entry, and answers.
  await page.reload();
  await expect(page.getByTestId('story-reactions').getByRole('button', { name: 'Heart: 1' })).toBeVisible();
  const comments = page.getByTestId('story-comments');
  await expect(comments.getByTestId('story-comment').filter({ hasText: comment })).toContainText('Rohan Sharma');
  await page.getByLabel('Your comment').fill(`Twelve is a lot of shells! ${tag}`);
  await page.getByRole('button', { name: 'Send comment' }).click();
  await expect(comments.getByTestId('story-comment').filter({ hasText: `Twelve is a lot of shells! ${tag}` })).toContainText(
    'School',
  );
  await toastsGone(page);
  await expectNoSeriousViolations(page, "the journal's published entry, for staff");
});

test("Cue drafts a day's journal from the class's photo of that day, with its source; the teacher publishes it and the family reads it in Arabic", async ({
  page,
  browser,
  request,
}) => {
  const tag = runTag();
  const { token, id } = await nurseryA(request);
  const day = await freeDay(request, token, id, 3);
  const caption = `Painting the big cardboard box ${tag}`;
  const photo = await classPhoto(request, token, id, day, caption);

  await openAs(page, request, SHELL_PHONES.teacher, journalPath(day));
  await expect(page.getByTestId('journal-empty')).toContainText('No journal for this day');
  await page.getByRole('button', { name: 'Draft with Cue' }).click();
  await expect(page.getByText('Draft ready: check it, then publish')).toBeVisible();
  const editor = page.getByRole('form', { name: "The day's journal" });
  // The draft states the photo's caption, and names it as its source, a link away.
  await expect(editor.getByRole('textbox', { name: 'What the class did' })).toContainText(caption);
  const sources = editor.getByTestId('story-sources');
  await expect(sources.getByRole('heading', { name: 'Sources' })).toBeVisible();
  const source = sources.getByRole('listitem').filter({ hasText: caption });
  await expect(source.getByRole('link', { name: 'Photo' })).toHaveAttribute('href', new RegExp(photo._id));
  // The draft comes with the photo already chosen.
  await expect(editor.getByRole('checkbox', { name: `Choose ${caption}` })).toBeChecked();
  const drafted = await journalOf(request, token, id, day);
  expect(drafted).toMatchObject({ status: 'draft', media: [{ _id: photo._id }] });
  expect(drafted?.sources.map((s) => s.id)).toContain(photo._id);

  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Journal published')).toBeVisible();
  await expect(page.getByTestId('journal-entry').locator('[data-status="published"]')).toBeVisible();
  const title = (await journalOf(request, token, id, day))?.title ?? '';
  expect(title).not.toBe('');

  // Rohan reads it in Arabic, right to left.
  const family = await browser.newContext({ timezoneId: 'UTC', bypassCSP: true });
  const rohan = await family.newPage();
  await rohan.addInitScript(() => localStorage.setItem('cue.language', 'ar'));
  await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
  await openAs(rohan, request, SHELL_PHONES.parent, journalPath(day));
  await expect(rohan.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(rohan.getByRole('heading', { level: 1, name: 'يوميات الصف' })).toBeVisible();
  const read = rohan.getByTestId('journal-entry');
  await expect(read.getByRole('heading', { name: title })).toBeVisible();
  await expect(read.getByTestId('journal-body')).toContainText(caption);
  await expect(read.getByTestId('story-media').getByRole('button', { name: caption })).toBeVisible();
  await expectNoSeriousViolations(rohan, 'the journal, for a family, in Arabic');
  await rohan.screenshot({ path: test.info().outputPath('journal-family-ar.png'), fullPage: true });
  await family.close();
});

test('a journal draft stays with the staff: the family sees no journal that day until the teacher publishes it', async ({
  page,
  browser,
  request,
}) => {
  const tag = runTag();
  const { token, id } = await nurseryA(request);
  const day = await freeDay(request, token, id, 3);
  const title = `Music with pots and pans ${tag}`;
  await createStory(request, token, {
    kind: 'journal',
    class_id: id,
    story_date: ddmmyyyyFromIso(day),
    title,
    body: '<p>We drummed on pots and pans, loud and soft.</p>',
  });
  // Over the API, a family gets no entry for that day.
  const rohan = await parentToken(request, SHELL_PHONES.parent);
  const asFamily = await request.get(`/api/journal/?class_id=${id}&date=${ddmmyyyyFromIso(day)}`, { headers: auth(rohan) });
  expect(((await asFamily.json()) as { result: { entry: Story | null } }).result.entry).toBeNull();

  // Nor on the page.
  const family = await browser.newContext({ timezoneId: 'UTC', bypassCSP: true });
  const parent = await family.newPage();
  await openAsRohan(parent, request, day);
  await expect(parent.getByTestId('journal-empty')).toHaveText('There is no journal for this day.');
  await expect(parent.getByText(title)).toHaveCount(0);

  // Tara sees her draft, and publishes it from its editor.
  await openAs(page, request, SHELL_PHONES.teacher, journalPath(day));
  const entry = page.getByTestId('journal-entry');
  await expect(entry.getByRole('heading', { name: title })).toBeVisible();
  await expect(entry.locator('[data-status="draft"]')).toHaveText('Draft');
  await page.getByRole('button', { name: 'Edit the journal' }).click();
  const editor = page.getByRole('form', { name: "The day's journal" });
  await expect(editor.getByLabel('Title')).toHaveValue(title);
  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Journal published')).toBeVisible();
  await expect(entry.locator('[data-status="published"]')).toBeVisible();

  // The family's page shows it now.
  await parent.reload();
  await expect(parent.getByTestId('journal-entry').getByRole('heading', { name: title })).toBeVisible();
  await family.close();
});

test("on a phone, a family with the day's journal open sees the entry appear as the teacher publishes it, without reloading", async ({
  page,
  request,
}) => {
  const tag = runTag();
  const { token, id } = await nurseryA(request);
  const day = await freeDay(request, token, id, 3);
  const title = `Leaf rubbings ${tag}`;
  await page.setViewportSize({ width: 390, height: 844 });
  // The app's socket is in the family's room once the server acknowledged its connection (Socket.IO's "40").
  let connected = false;
  page.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.startsWith('40')) connected = true;
    }),
  );
  await openAsRohan(page, request, day);
  await expect(page.getByTestId('journal-empty')).toHaveText('There is no journal for this day.');
  await expect.poll(() => connected).toBe(true);

  // Tara publishes that day's journal (over the API: the journey is about the family's side).
  await createStory(request, token, {
    kind: 'journal',
    class_id: id,
    story_date: ddmmyyyyFromIso(day),
    title,
    body: '<p>We laid paper over leaves and rubbed crayons until their veins appeared.</p>',
    action: 'publish',
  });
  const entry = page.getByTestId('journal-entry');
  await expect(entry.getByRole('heading', { name: title })).toBeVisible();
  await expect(entry.getByTestId('journal-body')).toContainText('until their veins appeared');
  await expect(page.getByLabel('Your comment')).toBeVisible();
  // Nothing runs off the side of the phone's screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('journal-family-phone.png'), fullPage: true });
});

test("when today's journal of the class is published, the parent's dashboard shows it and opens it", async ({
  page,
  request,
}) => {
  const tag = runTag();
  const { token, id } = await nurseryA(request);
  // Today's entry is the class's only one of the day: where one exists already (written elsewhere),
  // this journey does not take it over.
  test.skip(!!(await journalOf(request, token, id, todayUtc())), "Nursery A already has today's journal");
  const title = `Today we planted beans ${tag}`;

  // Tara writes today's journal on the page and publishes it.
  await openAs(page, request, SHELL_PHONES.teacher, '/communication/journal');
  await expect(page.getByTestId('journal-empty')).toContainText('No journal for today yet');
  await page.getByRole('button', { name: "Write today's journal" }).click();
  const editor = page.getByRole('form', { name: "The day's journal" });
  await editor.getByLabel('Title').fill(title);
  await editor.getByRole('textbox', { name: 'What the class did' }).fill('Each child planted a bean in a cup and gave it water.');
  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Journal published')).toBeVisible();

  // Rohan's dashboard: "Today's journal" with Nursery A's entry, a link to it.
  await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
  const rohan = await parentToken(request, SHELL_PHONES.parent);
  const today = await request.get('/api/journal/today', { headers: auth(rohan) });
  expect(((await today.json()) as { result: Story[] }).result.map((s) => s.title)).toContain(title);
  await openAs(page, request, SHELL_PHONES.parent, '/dashboard');
  const card = page.getByTestId('journal-today');
  await expect(card.getByRole('heading', { level: 2, name: "Today's journal" })).toBeVisible();
  const article = card.getByRole('article', { name: title });
  await expect(article).toContainText('Each child planted a bean');
  await expect(article).toContainText('Nursery A');
  await expectNoSeriousViolations(page, "the family's dashboard with today's journal");
  await page.screenshot({ path: test.info().outputPath('journal-today-dashboard.png'), fullPage: true });
  await article.getByRole('link', { name: 'Read the journal of Nursery A' }).click();
  await expect(page).toHaveURL(/\/communication\/journal$/);
  await expect(page.getByTestId('journal-entry').getByRole('heading', { name: title })).toBeVisible();
});
