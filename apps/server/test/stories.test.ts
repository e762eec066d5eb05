import type { AddressInfo } from 'node:net';
import { ERROR_CODES, ROUTES, STORY_MESSAGES, STORY_PUBLISHED_EVENT, type StoryPublishedEvent } from '@cue/contract';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // admin of Sunrise (approves stories)
let tara: string; // teacher of Nursery A
let neha: string; // teacher of Kindergarten B
let diyaMum: string; // Neha as the mother of Diya (Nursery A)
let rohan: string; // father of Aarav (Nursery A) and Ira (Kindergarten B)
let mona: string; // teacher at Moonbeam
const nurseryA = demoId('class:nurseryA');
const aarav = demoId('student:Aarav Sharma');
const diya = demoId('student:Diya Patel');
const vihaan = demoId('student:Vihaan Gupta');
const ira = demoId('student:Ira Sharma');

const ddmmyyyy = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('-');
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url, headers: token ? bearer(token) : {}, payload });

const boundary = '----cue-stories';
function multipart(url: string, token: string | undefined, bytes: Buffer, fields: Record<string, string>, type = 'image/jpeg') {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: ${type}\r\n\r\n`;
  return t.request({
    method: 'POST',
    url,
    headers: { ...(token ? bearer(token) : {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}
const photo = () =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: '#22c55e' } })
    .jpeg()
    .toBuffer();
async function settle() {
  for (let i = 0; i < 10; i++) if ((await t.services.jobs.runDue()) === 0) return;
}
async function galleryPhoto(fields: Record<string, string> = {}) {
  const res = await multipart(`/api/class_media/${nurseryA}`, tara, await photo(), fields);
  const id = expectResponse(ROUTES.classMediaUpload, res).result._id;
  await settle();
  return id;
}
const story = (over: Record<string, unknown> = {}) => ({
  class_id: nurseryA,
  title: 'Building a tall tower',
  body: '<p>Aarav and Diya built a tower of <strong>twelve</strong> blocks.</p><script>alert(1)</script>',
  what_next: 'Offer bigger blocks',
  story_date: ddmmyyyy(3),
  student_ids: [aarav, diya],
  action: 'publish',
  ...over,
});
const create = async (token: string, over: Record<string, unknown> = {}) =>
  expectResponse(ROUTES.storyCreate, await req('POST', '/api/stories/', token, story(over)));
const listAs = async (token: string, query = '') =>
  expectResponse(ROUTES.storyList, await req('GET', `/api/stories/${query}`, token)).result;
const setApproval = async (on: boolean) =>
  expectResponse(ROUTES.storySettingsSave, await req('PUT', '/api/story_settings/', anita, { approval_required: on }));

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, neha, diyaMum, rohan, mona] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000005'),
    parentToken(t, '9000000005'),
    parentToken(t, '9000000004'),
    staffToken(t, '9000000006'),
  ]);
});
afterAll(() => t.close());

describe('writing a story', () => {
  it('refuses without a token (401), bad input (400), another school (404), another class (403) and a family (403)', async () => {
    expect((await req('POST', '/api/stories/', undefined, story())).statusCode).toBe(401);
    const bad = await req('POST', '/api/stories/', tara, story({ story_date: '31-02-2026' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(ERROR_CODES.validation);
    expect((await req('POST', '/api/stories/', mona, story())).statusCode).toBe(404);
    expect((await req('POST', '/api/stories/', neha, story())).statusCode).toBe(403);
    expect((await req('POST', '/api/stories/', rohan, story())).statusCode).toBe(403);
    const future = await req('POST', '/api/stories/', tara, story({ story_date: ddmmyyyy(-3) }));
    expect(future.json().code).toBe(ERROR_CODES.futureDate);
    const stranger = await req('POST', '/api/stories/', tara, story({ student_ids: [ira] }));
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().code).toBe(ERROR_CODES.notInClass);
  });

  it('needs a title and a child to publish, but a draft may have neither', async () => {
    const noTitle = await req('POST', '/api/stories/', tara, story({ title: '' }));
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe(STORY_MESSAGES.titleRequired);
    const noChild = await req('POST', '/api/stories/', tara, story({ student_ids: [] }));
    expect(noChild.json().message).toBe(STORY_MESSAGES.childrenRequired);
    const draft = await create(tara, { title: '', student_ids: [], action: 'draft' });
    expect(draft.result.status).toBe('draft');
    expect(draft.message).toBe(STORY_MESSAGES.saved);
  });

  it('publishes to the families of the tagged children only, with its photo, sanitised', async () => {
    const item = await galleryPhoto();
    const made = await create(tara, { media_ids: [item], student_ids: [diya], title: 'Diya paints the sky' });
    expect(made.message).toBe(STORY_MESSAGES.published);
    expect(made.result.status).toBe('published');
    expect(made.result.body).not.toContain('<script>');
    expect(made.result.media.map((m) => m._id)).toEqual([item]);
    expect(made.result.abilities).toMatchObject({ can_edit: true, can_publish: false, can_comment: true });
    const id = made.result._id;
    // Diya's mother sees it, with its photo; Rohan (Aarav's father) does not.
    const seen = expectResponse(ROUTES.storyGet, await req('GET', `/api/stories/${id}`, diyaMum)).result;
    expect(seen.media[0]?.thumb_url).toBeTruthy();
    expect(seen.sources).toEqual([]);
    expect(seen.abilities.can_edit).toBe(false);
    expect((await req('GET', `/api/stories/${id}`, rohan)).statusCode).toBe(404);
    expect((await listAs(rohan)).items.some((s) => s._id === id)).toBe(false);
    expect((await listAs(diyaMum, `?student_id=${diya}`)).items.some((s) => s._id === id)).toBe(true);
    // Another school, another class.
    expect((await req('GET', `/api/stories/${id}`, mona)).statusCode).toBe(404);
    expect((await req('GET', `/api/stories/${id}`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/stories/?student_id=${aarav}`, diyaMum)).statusCode).toBe(404);
  });

  it('refuses items of another class or school and tags of another school', async () => {
    const item = await galleryPhoto();
    const other = await req('POST', '/api/stories/', tara, story({ media_ids: ['ffffffffffffffffffffffff'] }));
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(STORY_MESSAGES.mediaOfClass);
    const ok = await create(tara, { media_ids: [item], action: 'draft' });
    expect(ok.result.media).toHaveLength(1);
    const badTag = await req('POST', '/api/stories/', tara, story({ tag_ids: ['ffffffffffffffffffffffff'] }));
    expect(badTag.statusCode).toBe(400);
  });

  it('keeps earlier versions when a published story is edited', async () => {
    const made = await create(tara, { title: 'First words' });
    const id = made.result._id;
    const edited = expectResponse(
      ROUTES.storyUpdate,
      await req('PUT', `/api/stories/${id}`, tara, story({ title: 'First words, again' })),
    ).result;
    expect(edited.status).toBe('published');
    expect(edited.version).toBe(2);
    const versions = expectResponse(ROUTES.storyVersions, await req('GET', `/api/stories/${id}/versions`, tara)).result;
    expect(versions.map((v) => [v.version, v.title])).toEqual([[1, 'First words']]);
    expect((await req('GET', `/api/stories/${id}/versions`, rohan)).statusCode).toBe(403);
    expect((await req('PUT', `/api/stories/${id}`, neha, story())).statusCode).toBe(403);
    expect((await req('PUT', `/api/stories/${id}`, mona, story())).statusCode).toBe(404);
  });

  it('full-text search and filters find stories', async () => {
    const made = await create(tara, { title: 'Dinosaur fossils', body: '<p>Digging for bones in the sandpit</p>' });
    const found = await listAs(tara, '?search=sandpit');
    expect(found.items.map((s) => s._id)).toContain(made.result._id);
    expect((await listAs(tara, '?search=zebracrossing')).items).toHaveLength(0);
    expect((await listAs(tara, `?student_id=${aarav}&status=published`)).items.every((s) => s.status === 'published')).toBe(true);
    expect((await listAs(neha)).items.some((s) => s.class._id === nurseryA)).toBe(false);
    expect((await listAs(mona)).items).toHaveLength(0);
  });
});

describe('approval', () => {
  it('holds stories for a reviewer when the school asks, and families see them only once approved', async () => {
    await setApproval(true);
    try {
      expect((await req('PUT', '/api/story_settings/', tara, { approval_required: false })).statusCode).toBe(403);
      const made = await create(tara, { title: 'Waiting story' });
      expect(made.result.status).toBe('pending');
      expect(made.message).toBe(STORY_MESSAGES.submitted);
      const id = made.result._id;
      expect((await req('GET', `/api/stories/${id}`, rohan)).statusCode).toBe(404);
      expect((await req('POST', `/api/stories/${id}/approve`, tara)).statusCode).toBe(403);
      const sent = expectResponse(
        ROUTES.storyReturn,
        await req('POST', `/api/stories/${id}/return`, anita, { note: 'Add what next' }),
      ).result;
      expect(sent).toMatchObject({ status: 'draft', return_note: 'Add what next' });
      const again = expectResponse(
        ROUTES.storyUpdate,
        await req('PUT', `/api/stories/${id}`, tara, story({ title: 'Waiting story' })),
      );
      expect(again.result.status).toBe('pending');
      expect(again.result.abilities.can_approve).toBe(false);
      const asAnita = expectResponse(ROUTES.storyGet, await req('GET', `/api/stories/${id}`, anita)).result;
      expect(asAnita.abilities.can_approve).toBe(true);
      const approved = expectResponse(ROUTES.storyApprove, await req('POST', `/api/stories/${id}/approve`, anita)).result;
      expect(approved.status).toBe('published');
      expect(approved.approved_by?._id).toBe(demoId('user:9000000002'));
      expect((await req('GET', `/api/stories/${id}`, rohan)).statusCode).toBe(200);
      expect((await req('POST', `/api/stories/${id}/approve`, anita)).statusCode).toBe(409);
      // A journal entry waits the same way, and says so.
      const journal = await create(tara, { kind: 'journal', student_ids: [], story_date: ddmmyyyy(9), body: '<p>Sand play</p>' });
      expect([journal.result.status, journal.message]).toEqual(['pending', STORY_MESSAGES.submitted]);
    } finally {
      await setApproval(false);
    }
  });
});

describe('families answer', () => {
  it('comment, react and are counted per family member; staff answer and see who opened it', async () => {
    const id = (await create(tara, { title: 'Water play' })).result._id;
    const draftId = (await create(tara, { title: 'Not yet', action: 'draft' })).result._id;
    // Comments only on visible, published stories.
    expect((await req('POST', `/api/stories/${draftId}/comments`, tara, { body: 'hm' })).statusCode).toBe(409);
    expect((await req('POST', `/api/stories/${draftId}/comments`, rohan, { body: 'hi' })).statusCode).toBe(404);
    expect((await req('POST', `/api/stories/${id}/comments`, rohan, { body: '' })).statusCode).toBe(400);
    expect((await req('POST', `/api/stories/${id}/comments`, undefined, { body: 'x' })).statusCode).toBe(401);
    expect((await req('POST', `/api/stories/${id}/comments`, mona, { body: 'x' })).statusCode).toBe(404);
    const mine = expectResponse(
      ROUTES.storyCommentCreate,
      await req('POST', `/api/stories/${id}/comments`, rohan, { body: 'He loved it!' }),
    ).result;
    expect(mine.author.kind).toBe('parent');
    t.clock.advance(1000);
    const reply = expectResponse(
      ROUTES.storyCommentCreate,
      await req('POST', `/api/stories/${id}/comments`, tara, { body: 'So did we.' }),
    ).result;
    const thread = expectResponse(ROUTES.storyComments, await req('GET', `/api/stories/${id}/comments`, diyaMum)).result;
    expect(thread.map((c) => c.body)).toEqual(['He loved it!', 'So did we.']);
    expect(thread.every((c) => !c.abilities.can_delete)).toBe(true);
    expect((await req('DELETE', `/api/story_comments/${reply._id}`, rohan)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/story_comments/${mine._id}`, mona)).statusCode).toBe(404);
    expectResponse(ROUTES.storyCommentDelete, await req('DELETE', `/api/story_comments/${mine._id}`, rohan));
    // Reactions.
    const reacted = expectResponse(
      ROUTES.storyReact,
      await req('PUT', `/api/stories/${id}/reaction`, rohan, { reaction: 'heart' }),
    ).result;
    expect(reacted).toMatchObject({ my_reaction: 'heart', reactions: { heart: 1 } });
    expect((await req('PUT', `/api/stories/${id}/reaction`, rohan, { reaction: 'kiss' })).statusCode).toBe(400);
    const cleared = expectResponse(
      ROUTES.storyReact,
      await req('PUT', `/api/stories/${id}/reaction`, rohan, { reaction: null }),
    ).result;
    expect(cleared.my_reaction).toBeNull();
    // Views: Rohan opens it twice, Diya's mother never.
    await req('GET', `/api/stories/${id}`, rohan);
    await req('GET', `/api/stories/${id}`, rohan);
    const views = expectResponse(ROUTES.storyViews, await req('GET', `/api/stories/${id}/views`, tara)).result.viewers;
    expect(views.find((v) => v._id === demoId('user:9000000004'))?.views).toBe(2);
    expect(views.find((v) => v._id === demoId('user:9000000005'))?.views).toBe(0);
    expect((await req('GET', `/api/stories/${id}/views`, rohan)).statusCode).toBe(403);
  });

  it('a parent sends a story from home, which the class accepts into the child’s record', async () => {
    const bytes = await photo();
    expect((await multipart('/api/family_stories/', undefined, bytes, { student_id: aarav, note: 'x' })).statusCode).toBe(401);
    expect((await multipart('/api/family_stories/', tara, bytes, { student_id: aarav, note: 'x' })).statusCode).toBe(403);
    expect((await multipart('/api/family_stories/', diyaMum, bytes, { student_id: aarav, note: 'x' })).statusCode).toBe(404);
    expect((await multipart('/api/family_stories/', rohan, bytes, { student_id: aarav })).statusCode).toBe(400);
    const sent = expectResponse(
      ROUTES.familyStoryCreate,
      await multipart('/api/family_stories/', rohan, bytes, {
        student_id: aarav,
        title: 'Baking',
        note: 'Aarav made bread <b>today</b>',
      }),
    );
    expect(sent.message).toBe(STORY_MESSAGES.familySent);
    expect(sent.result).toMatchObject({ kind: 'family', status: 'submitted', author: { kind: 'parent' } });
    expect(sent.result.body).not.toContain('<b>');
    const id = sent.result._id;
    await settle();
    const waiting = await listAs(tara, '?kind=family&status=submitted');
    expect(waiting.items.find((s) => s._id === id)?.abilities.can_decide).toBe(true);
    expect((await req('GET', `/api/stories/${id}`, diyaMum)).statusCode).toBe(404);
    expect((await req('POST', `/api/stories/${id}/accept`, neha)).statusCode).toBe(403);
    expect((await req('POST', `/api/stories/${id}/accept`, rohan)).statusCode).toBe(403);
    const accepted = expectResponse(ROUTES.familyStoryAccept, await req('POST', `/api/stories/${id}/accept`, tara)).result;
    expect(accepted.status).toBe('accepted');
    expect((await req('POST', `/api/stories/${id}/decline`, tara)).statusCode).toBe(409);
    const timeline = await listAs(rohan, `?student_id=${aarav}`);
    expect(timeline.items.find((s) => s._id === id)?.media).toHaveLength(1);
  });
});

describe('story tags', () => {
  it('are created, renamed, merged, archived and ordered by their managers, per school', async () => {
    const make = async (name: string) =>
      expectResponse(ROUTES.storyTagCreate, await req('POST', '/api/story_tags/', anita, { name })).result;
    const a = await make('Curiosity');
    const b = await make('Wonder');
    const dup = await req('POST', '/api/story_tags/', anita, { name: 'curiosity' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(STORY_MESSAGES.tagExists);
    expect((await req('POST', '/api/story_tags/', tara, { name: 'X' })).statusCode).toBe(403);
    expect((await req('POST', '/api/story_tags/', anita, { name: '' })).statusCode).toBe(400);
    expect((await req('PUT', `/api/story_tags/${a._id}`, mona, { name: 'Mine' })).statusCode).toBe(403);
    // Tara may read them (the editor needs them) and tag a story.
    const s = await create(tara, { tag_ids: [b._id] });
    expect(s.result.tags.map((x) => x.name)).toEqual(['Wonder']);
    const merged = expectResponse(
      ROUTES.storyTagMerge,
      await req('POST', `/api/story_tags/${b._id}/merge`, anita, { into_id: a._id }),
    ).result;
    expect(merged.stories).toBe(1);
    const tags = expectResponse(ROUTES.storyTagList, await req('GET', '/api/story_tags/?include_archived=true', tara)).result;
    expect(tags.find((x) => x._id === b._id)?.archived).toBe(true);
    expect((await listAs(tara, `?tag_id=${a._id}`)).items.map((x) => x._id)).toContain(s.result._id);
    const renamed = expectResponse(
      ROUTES.storyTagEdit,
      await req('PUT', `/api/story_tags/${a._id}`, anita, { name: 'Curiosity and wonder' }),
    ).result;
    expect(renamed.name).toBe('Curiosity and wonder');
    const c = await make('Kindness');
    const ordered = expectResponse(
      ROUTES.storyTagOrder,
      await req('PUT', '/api/story_tags/order', anita, { ids: [c._id, a._id] }),
    ).result;
    expect(ordered.slice(0, 2).map((x) => x._id)).toEqual([c._id, a._id]);
    expect((await req('GET', '/api/story_tags/', mona)).json().result.some((x: { _id: string }) => x._id === a._id)).toBe(false);
    expect((await req('GET', '/api/story_tags/', rohan)).statusCode).toBe(403);
  });
});

describe('the class journal', () => {
  it('is one entry per class and day, published to every family of the class, today on the dashboard', async () => {
    const day = ddmmyyyy(0);
    const entry = await create(tara, {
      kind: 'journal',
      title: '',
      student_ids: [],
      story_date: day,
      body: '<p>We planted beans.</p>',
    });
    expect(entry.result.kind).toBe('journal');
    expect(entry.message).toBe(STORY_MESSAGES.journalPublished);
    const twice = await req('POST', '/api/stories/', tara, story({ kind: 'journal', story_date: day }));
    expect(twice.statusCode).toBe(409);
    const empty = await req('POST', '/api/stories/', tara, story({ kind: 'journal', story_date: ddmmyyyy(1), body: '' }));
    expect(empty.json().message).toBe(STORY_MESSAGES.journalBodyRequired);
    const asFamily = expectResponse(
      ROUTES.journalDay,
      await req('GET', `/api/journal/?class_id=${nurseryA}&date=${day}`, rohan),
    ).result;
    expect(asFamily.entry?._id).toBe(entry.result._id);
    // Vihaan's family is not named, yet sees the class's journal: Rohan sees it through Aarav.
    expect((await req('GET', `/api/journal/?class_id=${nurseryA}&date=${day}`, mona)).statusCode).toBe(404);
    expect((await req('GET', `/api/journal/?class_id=${nurseryA}&date=${day}`, neha)).statusCode).toBe(403);
    const today = expectResponse(ROUTES.journalToday, await req('GET', '/api/journal/today', diyaMum)).result;
    expect(today.map((e) => e._id)).toContain(entry.result._id);
    expect(vihaan).toBeTruthy();
  });
});

describe('Cue’s drafts', () => {
  it('writes a story draft from the day’s observations and photos, each sentence with its source', async () => {
    const day = ddmmyyyy(5);
    const obs = await req('POST', '/api/observations/', tara, {
      class_id: nurseryA,
      visibility: 'family',
      observation_entries: [
        { student_id: aarav, date: day, title: 'Counting', general_note: 'Aarav counted twelve shells on the tray' },
        { student_id: diya, date: day, title: 'Art', general_note: 'Diya mixed purple from red and blue' },
      ],
    });
    expect(obs.statusCode).toBe(200);
    await galleryPhoto({ taken_on: day, caption: 'Shells sorted by size' });
    const made = expectResponse(
      ROUTES.storyDraft,
      await req('POST', '/api/stories/draft', tara, { class_id: nurseryA, date: day, student_ids: [aarav] }),
    ).result;
    expect(made.status).toBe('draft');
    expect(made.sources.map((s) => s.sentence)).toEqual(['Aarav counted twelve shells on the tray.']);
    expect(made.body).not.toContain('Diya');
    expect(made.sources[0]?.kind).toBe('observation');
    const nothing = await req('POST', '/api/stories/draft', tara, {
      class_id: nurseryA,
      date: ddmmyyyy(400),
      student_ids: [aarav],
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().code).toBe(ERROR_CODES.nothingToDraft);
    expect(
      (await req('POST', '/api/stories/draft', neha, { class_id: nurseryA, date: day, student_ids: [aarav] })).statusCode,
    ).toBe(403);
  });
});

describe('insights', () => {
  it('count stories, areas without a story, family engagement and teachers, and export CSV', async () => {
    const id = (await create(tara, { title: 'Insight story', student_ids: [aarav] })).result._id;
    await req('GET', `/api/stories/${id}`, rohan);
    await req('POST', `/api/stories/${id}/comments`, rohan, { body: 'Lovely' });
    const out = expectResponse(
      ROUTES.storyInsights,
      await req('GET', `/api/story_insights/?class_id=${nurseryA}&from_date=${ddmmyyyy(30)}`, tara),
    ).result;
    expect(out.totals.published).toBeGreaterThan(0);
    const child = out.children.find((c) => c._id === aarav);
    expect(child?.stories).toBeGreaterThan(0);
    expect(child?.comments).toBeGreaterThan(0);
    expect(out.families.find((f) => f._id === demoId('user:9000000004'))?.views).toBeGreaterThan(0);
    expect(out.teachers.find((x) => x._id === demoId('user:9000000003'))?.stories).toBeGreaterThan(0);
    expect(out.weeks.length).toBeGreaterThan(3);
    expect(out.families.filter((f) => f.views === 0).every((f) => f.last_viewed_at === null)).toBe(true);
    expect(out.totals.published).toBeLessThanOrEqual(out.totals.stories);
    expect((await req('GET', `/api/story_insights/?class_id=${nurseryA}`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/story_insights/?class_id=${nurseryA}`, mona)).statusCode).toBe(404);
    expect((await req('GET', '/api/story_insights/', rohan)).statusCode).toBe(403);
    const csv = await req('GET', `/api/story_insights/export?class_id=${nurseryA}`, tara);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Aarav Sharma');
  });
});

describe('hostile input', () => {
  it('refuses a null byte and a megabyte, and keeps a formula-looking title and tag as typed', async () => {
    const id = (await create(tara, { title: 'Hostile input', student_ids: [aarav] })).result._id;
    expect((await req('POST', `/api/stories/${id}/comments`, rohan, { body: 'a\u0000b' })).statusCode).toBe(400);
    const huge = await req('POST', `/api/stories/${id}/comments`, rohan, { body: 'x'.repeat(1_048_576) });
    expect([400, 413]).toContain(huge.statusCode);
    expect((await req('POST', '/api/stories/', tara, story({ body: 'y'.repeat(1_048_576) }))).statusCode).toBeGreaterThanOrEqual(
      400,
    );
    expect((await req('POST', '/api/story_tags/', anita, { name: '=HYPERLINK("x")' })).statusCode).toBe(200);
    const formula = await create(tara, { title: '=1+1', student_ids: [vihaan] });
    expect(formula.result.title).toBe('=1+1');
  });
});

describe('real time', () => {
  it('a published story reaches the open apps of its children’s families at once, and no other', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const open = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect(`http://127.0.0.1:${port}`, {
          path: '/socket.io',
          auth: { token },
          transports: ['websocket'],
          reconnection: false,
        });
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', reject);
      });
    const [dad, mum] = await Promise.all([open(rohan), open(diyaMum)]);
    const heard: Record<string, StoryPublishedEvent[]> = { dad: [], mum: [] };
    dad.on(STORY_PUBLISHED_EVENT, (e: StoryPublishedEvent) => heard.dad?.push(e));
    mum.on(STORY_PUBLISHED_EVENT, (e: StoryPublishedEvent) => heard.mum?.push(e));
    const arrived = new Promise<void>((resolve) => dad.once(STORY_PUBLISHED_EVENT, () => resolve()));
    const made = await create(tara, { title: 'Live story', student_ids: [aarav] });
    await arrived;
    // A draft is heard by nobody; give the other socket the same time to hear the published one.
    await create(tara, { title: 'Quiet draft', student_ids: [diya], action: 'draft' });
    await new Promise((r) => setTimeout(r, 200));
    expect(heard.dad?.map((e) => e.id)).toEqual([made.result._id]);
    expect(heard.dad?.[0]).toMatchObject({ kind: 'story', title: 'Live story', class_id: nurseryA });
    expect(heard.mum).toEqual([]);
    dad.close();
    mum.close();
  });
});
