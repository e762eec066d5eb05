import type { Story, StoryInsights, StoryRequest, StoryTag } from '@cue/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiSignIn, staffToken } from './api.js';
import { classId, pastWeekdays, roster, wire } from './attendance.js';
import { plainJpeg, uploadPhoto, waitReady } from './media.js';
import { SHELL_PHONES } from './shell.js';

/*
 * Stories arranged and read through the API, for the journeys of learning stories and the class journal.
 * The journeys share one database: whatever they make carries the run's own word (runTag), and counts are
 * taken relative to what was there before.
 */

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The answer's `result`, failing the journey on a refusal (with the server's words). */
async function resultOf<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: T }).result;
}

/** The parent token of a phone (a dual-role person's parent side). */
export async function parentToken(request: APIRequestContext, phone: string): Promise<string> {
  const token = (await apiSignIn(request, phone)).parent_user?.access_token;
  if (!token) throw new Error(`${phone} is not a parent`);
  return token;
}

export interface StoryClass {
  /** Tara's staff token. */
  token: string;
  id: string;
  /** A child's id by first name. */
  child: (first: string) => string;
}

/** Nursery A as its teacher Tara sees it: her token, the class id and its children by first name. */
export async function nurseryA(request: APIRequestContext): Promise<StoryClass> {
  const token = await staffToken(request, SHELL_PHONES.teacher);
  const id = await classId(request, token, 'Nursery A');
  const pupils = await roster(request, token, id);
  const child = (first: string) => {
    const found = pupils.find((p) => p.first_name === first);
    if (!found) throw new Error(`No ${first} in Nursery A`);
    return found.id;
  };
  return { token, id, child };
}

/**
 * A past weekday as the wire's DD-MM-YYYY and as ISO: stories are dated in the past, so that none lands
 * on a day another journey (the journal's today) works with. `back` 0 is the most recent weekday: a story
 * a family must find on its timeline (newest day first, a page of ten) is dated there, behind only
 * today's entries, however many older stories the shared database holds.
 */
export function pastDay(back = 0): { iso: string; wire: string } {
  const iso = pastWeekdays(back + 1)[back] ?? '';
  return { iso, wire: wire(iso) };
}

/** A plain photo of the run in the class's gallery (shared with the class), ready to be chosen for a story. */
export async function galleryPhoto(
  request: APIRequestContext,
  cls: StoryClass,
  caption: string,
  rgb: [number, number, number] = [230, 140, 60],
) {
  const item = await uploadPhoto(request, cls.token, cls.id, {
    name: `${caption.replace(/\W+/g, '-')}.jpg`,
    bytes: await plainJpeg(rgb),
    caption,
  });
  return waitReady(request, cls.token, item._id);
}

/** POST /api/stories/: a story (or journal entry) saved as its author; `action` defaults to a draft. */
export async function createStory(
  request: APIRequestContext,
  token: string,
  body: Partial<StoryRequest> & Pick<StoryRequest, 'class_id' | 'story_date'>,
): Promise<Story> {
  const res = await request.post('/api/stories/', { headers: auth(token), data: { kind: 'story', action: 'draft', ...body } });
  return resultOf<Story>(res, 'create story');
}

/** GET /api/stories/:id as the token's holder: the story, or the answer's status when refused. (A family's read counts a view.) */
export async function readStory(request: APIRequestContext, token: string, id: string): Promise<Story | number> {
  const res = await request.get(`/api/stories/${id}`, { headers: auth(token) });
  if (!res.ok()) return res.status();
  return ((await res.json()) as { result: Story }).result;
}

/** The ids of the stories the token's holder gets from the list (filters as the list's query). */
export async function listedIds(
  request: APIRequestContext,
  token: string,
  query: Record<string, string> = {},
): Promise<string[]> {
  const res = await request.get('/api/stories/', { headers: auth(token), params: { page_size: '100', ...query } });
  return (await resultOf<{ items: Story[] }>(res, 'list stories')).items.map((s) => s._id);
}

/** The school's approval setting (GET /api/story_settings/, any staff). */
export async function approvalRequired(request: APIRequestContext, token: string): Promise<boolean> {
  const res = await request.get('/api/story_settings/', { headers: auth(token) });
  return (await resultOf<{ approval_required: boolean }>(res, 'story settings')).approval_required;
}

/**
 * Sets the school's approval setting as its admin (PUT /api/story_settings/) and answers the value it had,
 * for the journey to put back in its `finally`.
 */
export async function setApproval(request: APIRequestContext, adminToken: string, required: boolean): Promise<boolean> {
  const before = await approvalRequired(request, adminToken);
  const res = await request.put('/api/story_settings/', { headers: auth(adminToken), data: { approval_required: required } });
  await resultOf(res, 'save story settings');
  return before;
}

/** A story tag of the school, created by its admin (POST /api/story_tags/). */
export async function createTag(request: APIRequestContext, adminToken: string, name: string): Promise<StoryTag> {
  const res = await request.post('/api/story_tags/', { headers: auth(adminToken), data: { name } });
  return resultOf<StoryTag>(res, 'create tag');
}

/** GET /api/story_insights/ with the same query as the insights page's address. */
export async function insightsOf(
  request: APIRequestContext,
  token: string,
  query: { class_id?: string; student_id?: string; from_date?: string; to_date?: string },
): Promise<StoryInsights> {
  const res = await request.get('/api/story_insights/', { headers: auth(token), params: query });
  return resultOf<StoryInsights>(res, 'story insights');
}

/** What the insights say of one child and of one family member (of that child): counts to compare before and after. */
export function insightCounts(data: StoryInsights, child: string, family: { name: string; child: string }[]) {
  const row = data.children.find((c) => c.name === child);
  return {
    published: data.totals.published,
    comments: data.totals.comments,
    reactions: data.totals.reactions,
    childStories: row?.stories ?? 0,
    families: family.map((f) => {
      const found = data.families.find((x) => x.name === f.name && x.child.name === f.child);
      return { views: found?.views ?? 0, comments: found?.comments ?? 0 };
    }),
  };
}

/** POST /api/observations/: one daily observation of a child, shared with the family unless told. */
export async function createObservation(
  request: APIRequestContext,
  token: string,
  entry: { class_id: string; student_id: string; date: string; title: string; note: string; visibility?: 'family' | 'staff' },
): Promise<string> {
  const res = await request.post('/api/observations/', {
    headers: auth(token),
    data: {
      class_id: entry.class_id,
      type: 'daily',
      visibility: entry.visibility ?? 'family',
      observation_entries: [{ student_id: entry.student_id, date: entry.date, title: entry.title, general_note: entry.note }],
    },
  });
  const made = await resultOf<{ observation_entries: { _id: string }[] }>(res, 'create observation');
  const id = made.observation_entries[0]?._id;
  if (!id) throw new Error('create observation: no entry written');
  return id;
}

/** The editor's and the story page's words in one language (the journeys write in English and in Hebrew). */
export interface StoryWords {
  title: string;
  date: string;
  children: string;
  body: string;
  tags: string;
  pickerOpen: string;
  choose: (name: string) => string;
  pickerUpload: string;
  pickerDone: string;
  publish: string;
  published: string;
  open: (title: string) => string;
  comment: string;
  send: string;
  commentAdded: string;
}

export const STORY_WORDS_EN: StoryWords = {
  title: 'Title',
  date: 'Story date',
  children: 'Children',
  body: 'Story',
  tags: 'Learning tags',
  pickerOpen: 'Choose photos and videos',
  choose: (name) => `Choose ${name}`,
  pickerUpload: 'Upload',
  pickerDone: 'Use these',
  publish: 'Publish',
  published: 'Story published',
  open: (title) => `Open ${title}`,
  comment: 'Your comment',
  send: 'Send comment',
  commentAdded: 'Comment added',
};

export const STORY_WORDS_HE: StoryWords = {
  title: 'כותרת',
  date: 'תאריך הסיפור',
  children: 'ילדים',
  body: 'הסיפור',
  tags: 'תגיות למידה',
  pickerOpen: 'בחירת תמונות וסרטונים',
  choose: (name) => `בחירת ${name}`,
  pickerUpload: 'העלאה',
  pickerDone: 'שימוש בנבחרים',
  publish: 'פרסום',
  published: 'הסיפור פורסם',
  open: (title) => `פתיחת ${title}`,
  comment: 'התגובה שלך',
  send: 'שליחת תגובה',
  commentAdded: 'התגובה נוספה',
};

/** Chooses an option of a searchable multi-select by typing the start of its name. */
export async function chooseOption(page: Page, field: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: field, exact: true }).fill(option.split(' ')[0] ?? option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Fills the story editor (the page is on /communication/stories/new or an edit page) as a teacher does:
 * title, day (typed DD-MM-YYYY), children, the text, tags, photos chosen from the class gallery's picker
 * by their caption, and files uploaded from the picker (into the gallery, chosen at once). Publishing is
 * left to the journey.
 */
export async function fillStory(
  page: Page,
  words: StoryWords,
  story: {
    title: string;
    day: string;
    children: string[];
    body: string;
    tags?: string[];
    photos?: string[];
    /** Files to upload in the picker: their paths and file names. */
    uploads?: { path: string; name: string }[];
  },
): Promise<void> {
  await page.getByRole('textbox', { name: words.title, exact: true }).fill(story.title);
  const date = page.getByRole('textbox', { name: words.date, exact: true });
  await date.fill(story.day);
  await date.press('Tab');
  await expect(date).toHaveValue(story.day);
  for (const name of story.children) await chooseOption(page, words.children, name);
  const body = page.getByRole('textbox', { name: words.body, exact: true });
  await body.click();
  await page.keyboard.type(story.body);
  await expect(body).toContainText(story.body);
  for (const tag of story.tags ?? []) await chooseOption(page, words.tags, tag);
  const photos = story.photos ?? [];
  const uploads = story.uploads ?? [];
  if (photos.length + uploads.length > 0) {
    await page.getByRole('button', { name: words.pickerOpen }).click();
    const picker = page.getByTestId('media-picker');
    for (const caption of photos) {
      const thumb = picker.getByRole('button', { name: words.choose(caption), exact: true });
      await thumb.click();
      await expect(thumb).toHaveAttribute('aria-pressed', 'true');
    }
    if (uploads.length > 0) {
      const chooser = page.waitForEvent('filechooser');
      await picker.getByRole('button', { name: words.pickerUpload, exact: true }).click();
      await (await chooser).setFiles(uploads.map((u) => u.path));
      for (const { name } of uploads)
        await expect(picker.getByRole('button', { name: words.choose(name), exact: true })).toHaveAttribute(
          'aria-pressed',
          'true',
          { timeout: 30_000 },
        );
    }
    await picker.getByRole('button', { name: words.pickerDone }).click();
    await expect(picker).toBeHidden();
    await expect(page.getByTestId('story-media-chosen').getByTestId('story-media-tile')).toHaveCount(
      photos.length + uploads.length,
    );
  }
}

/** Opens a story from a list by its card and writes a comment on it, as a family member or a teacher. */
export async function commentOn(page: Page, words: StoryWords, title: string, text: string): Promise<void> {
  await page.getByRole('link', { name: words.open(title), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('textbox', { name: words.comment }).fill(text);
  await page.getByRole('button', { name: words.send }).click();
  await expect(page.getByTestId('story-comment').filter({ hasText: text })).toBeVisible();
}

/**
 * POST /api/family_stories/ as a parent: a photo from home (a plain JPEG made here), a title and a note
 * about one of their children (multipart, the fields before the file). The answer is the family story,
 * `submitted` until the class decides.
 */
export async function sendFamilyStory(
  request: APIRequestContext,
  parent: string,
  story: { student_id: string; title: string; note: string; story_date?: string },
): Promise<Story> {
  const res = await request.post('/api/family_stories/', {
    headers: auth(parent),
    multipart: {
      student_id: story.student_id,
      title: story.title,
      note: story.note,
      ...(story.story_date ? { story_date: story.story_date } : {}),
      file: { name: `${story.title.replace(/\W+/g, '-')}.jpg`, mimeType: 'image/jpeg', buffer: await plainJpeg([120, 200, 160]) },
    },
  });
  return resultOf<Story>(res, 'send family story');
}
