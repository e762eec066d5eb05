import { COMMUNICATION_PUBLISHED_EVENT, ROUTES } from '@cue/contract';
import { and, eq, like } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_BATCH, EMAIL_JOB, PUBLISH_JOB } from '../src/modules/communication/service.js';
import { jobs, parentChildren, parents, users } from '../src/platform/db/schema.js';
import { newId } from '../src/platform/ids.js';
import { JobQueue } from '../src/platform/jobs.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let tara: string;
let neha: string;
let anita: string;
let rohan: string;
const nurseryA = demoId('class:nurseryA');
const kgB = demoId('class:kindergartenB');
const URL = '/api/communication/announcements/';

beforeAll(async () => {
  t = await createTestApp();
  [tara, neha, anita, rohan] = [
    await staffToken(t, '9000000003'),
    await staffToken(t, '9000000005'),
    await staffToken(t, '9000000002'),
    await parentToken(t, '9000000004'),
  ];
});
afterAll(() => t.close());

const post = (payload: object, token = tara, url = URL) => t.request({ method: 'POST', url, headers: bearer(token), payload });
const inMinutes = (m: number) => {
  const d = new Date(t.clock.now().getTime() + m * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = d.getUTCHours();
  return {
    date: `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`,
    time: `${pad(h % 12 || 12)}:${pad(d.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`,
  };
};

describe('creating announcements', () => {
  it('answers 401 without a token, 403 to a parent, 400 for bad input', async () => {
    expect((await t.request({ method: 'POST', url: URL, payload: {} })).statusCode).toBe(401);
    expect((await post({ title: 'x' }, rohan)).statusCode).toBe(403);
    expect((await post({ title: 'x'.repeat(201) })).statusCode).toBe(400);
    const noTitle = await post({ title: '' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().errors[0].field).toBe('title');
    expect((await post({ title: 'x', share_with: 'Classes', classes_ids: [] })).json().message).toBe('Choose at least one class');
    expect((await post({ title: 'x', schedule_later: true, ...inMinutes(-10) })).json().message).toBe(
      'The scheduled time must be in the future',
    );
    expect((await post({ title: 'x', schedule_later: true, date: '27-11-2026', time: '25:00 PM' })).statusCode).toBe(400);
  });

  it('saves a draft with the default share_with Everyone, and a missing title is allowed for drafts', async () => {
    const res = await post({ save_as_draft: true, summary: '<p>Sports day</p>' });
    const answer = expectResponse(ROUTES.announcementCreate, res);
    expect(answer.message).toBe('Announcement Saved As Draft!');
    expect(answer.result).toMatchObject({
      title: '',
      share_with: 'Everyone',
      status: 'draft',
      save_as_draft: true,
      is_published: false,
      is_saved: true,
    });
    expect(answer.result.classes_ids.sort()).toEqual([kgB, nurseryA].sort());
  });

  it('neutralises script, event handlers and javascript: links in the rich text', async () => {
    const summary =
      '<p onclick="steal()">Hello<script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a><a href="https://ok.example">ok</a></p>';
    const res = await post({ title: 'Safe', summary, save_as_draft: true });
    const clean = res.json().result.summary as string;
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    expect(clean).toContain('<a href="https://ok.example" rel="noopener noreferrer nofollow" target="_blank">ok</a>');
  });

  it('sends to chosen classes at once: parents of those classes see it, newest first, and it counts as read', async () => {
    const res = await post({ title: 'Nursery picnic', summary: '<p>Friday</p>', share_with: 'Classes', classes_ids: [nurseryA] });
    expect(res.json().message).toBe('Announcement Sent!');
    const id = res.json().result.id;
    const list = (await t.request({ method: 'GET', url: URL, headers: bearer(rohan) })).json().result;
    expect(list.items[0]).toMatchObject({ id, title: 'Nursery picnic', read: false });
    const diyaMum = await parentToken(t, '9000000005');
    expect((await t.request({ method: 'GET', url: `${URL}${id}`, headers: bearer(diyaMum) })).statusCode).toBe(200);
    const receipts = (await t.request({ method: 'GET', url: `${URL}${id}/reads`, headers: bearer(tara) })).json().result;
    expect(receipts.read.map((p: { first_name: string }) => p.first_name)).toEqual(['Neha']);
    expect(receipts.not_read.map((p: { first_name: string }) => p.first_name)).toEqual(['Rohan']);
    // A parent of another class only does not see it.
    const kgOnly = await t.request({ method: 'GET', url: `${URL}${id}`, headers: bearer(await parentToken(t, '9000000004')) });
    expect(kgOnly.statusCode).toBe(200);
  });
});

describe('who may edit and delete', () => {
  it('the creator may; another teacher gets 403; a holder of access_others_announcement may', async () => {
    const id = (await post({ title: 'Tara draft', save_as_draft: true, share_with: 'Classes', classes_ids: [nurseryA] })).json()
      .result.id;
    // Others' drafts are not shown to teachers without access_others_announcement.
    expect((await t.request({ method: 'GET', url: `${URL}${id}`, headers: bearer(neha) })).statusCode).toBe(404);
    const scheduled = (await post({ title: 'Tara scheduled', schedule_later: true, ...inMinutes(120) })).json().result.id;
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `${URL}${scheduled}`,
          headers: bearer(neha),
          payload: { title: 'Hijack', save_as_draft: true },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `${URL}${scheduled}`, headers: bearer(neha) })).statusCode).toBe(403);
    const edited = await t.request({
      method: 'PUT',
      url: `${URL}${id}`,
      headers: bearer(anita),
      payload: { title: 'Edited by admin', save_as_draft: true },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().result.title).toBe('Edited by admin');
    expect((await t.request({ method: 'DELETE', url: `${URL}${id}`, headers: bearer(tara) })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `${URL}${id}`, headers: bearer(tara) })).statusCode).toBe(404);
  });

  it("a published announcement shows 'Published' and cannot be edited (409)", async () => {
    const sent = (await post({ title: 'Sent already' })).json().result;
    expect(sent).toMatchObject({ status: 'published', is_published: true, can_edit: false });
    const res = await t.request({ method: 'PUT', url: `${URL}${sent.id}`, headers: bearer(tara), payload: { title: 'Changed' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A published announcement cannot be edited');
  });
});

describe('scheduling', () => {
  it('publishes at its time, exactly once even with two workers, emails parents and notifies the app', async () => {
    const res = await post({
      title: 'Sports day is on Friday',
      summary: '<p>Wear trainers</p>',
      send_email: true,
      schedule_later: true,
      ...inMinutes(30),
    });
    expect(res.json().message).toBe('Announcement Scheduled!');
    const id = res.json().result.id;
    expect(res.json().result).toMatchObject({ status: 'scheduled', schedule_later: true, is_published: false });
    expect((await t.request({ method: 'GET', url: `${URL}${id}`, headers: bearer(rohan) })).statusCode).toBe(404);

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', auth: { token: rohan }, transports: ['websocket'] });
    await new Promise<void>((r) => socket.once('connect', () => r()));
    await socket.emitWithAck('join-class', nurseryA);
    const heard: unknown[] = [];
    socket.on(COMMUNICATION_PUBLISHED_EVENT, (e) => heard.push(e));

    const second = new JobQueue(t.database.db, t.clock);
    second.handle(PUBLISH_JOB, async (p) => {
      await t.services.communication.publishScheduled(String(p.id), p);
    });
    second.handle(EMAIL_JOB, (p) => t.services.communication.sendEmailBatch(p));
    // The emails of items published earlier in this file, which publishing started at once, are sent first.
    while ((await t.services.jobs.runDue()) > 0);
    expect(await t.services.jobs.runDue()).toBe(0);
    t.clock.advance(31 * 60_000);
    const [a, b] = await Promise.all([t.services.jobs.runDue(), second.runDue()]);
    // Published once; its emails go out as one job (a batch of two families).
    expect(a + b).toBe(2);
    expect(await t.services.jobs.runDue()).toBe(0);
    rohan = await parentToken(t, '9000000004');
    const seen = await t.request({ method: 'GET', url: `${URL}${id}`, headers: bearer(rohan) });
    expect(seen.json().result).toMatchObject({ status: 'published', is_published: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(heard.filter((e) => (e as { id: string }).id === id)).toHaveLength(1);
    socket.close();
    const outbox = (await t.services.email.recent?.(50, demoId('school:sunrise'))) ?? [];
    const mails = outbox.filter((m) => m.subject === 'Sunrise Early Years: Sports day is on Friday');
    expect(mails.map((m) => m.to).sort()).toEqual(['neha.patel@family.example', 'rohan.sharma@family.example']);
  });

  it('moves the job when the time is changed, and drops it when turned into a draft', async () => {
    tara = await staffToken(t, '9000000003');
    const id = (await post({ title: 'Moved', schedule_later: true, ...inMinutes(60) })).json().result.id;
    tara = await staffToken(t, '9000000003');
    await t.request({
      method: 'PUT',
      url: `${URL}${id}`,
      headers: bearer(tara),
      payload: { title: 'Moved', schedule_later: true, ...inMinutes(240) },
    });
    t.clock.advance(61 * 60_000);
    expect(await t.services.jobs.runDue()).toBe(0);
    tara = await staffToken(t, '9000000003');
    await t.request({
      method: 'PUT',
      url: `${URL}${id}`,
      headers: bearer(tara),
      payload: { title: 'Moved', save_as_draft: true },
    });
    t.clock.advance(240 * 60_000);
    // Other announcements scheduled earlier in this file fall due now; this one must stay a draft.
    await t.services.jobs.runDue();
    tara = await staffToken(t, '9000000003');
    expect((await t.request({ method: 'GET', url: `${URL}${id}`, headers: bearer(tara) })).json().result.status).toBe('draft');
  });
});

describe('homework and attachments', () => {
  it('needs classes, keeps a due date, and attaches uploaded files', async () => {
    tara = await staffToken(t, '9000000003');
    const HW = '/api/communication/homeworks/';
    expect((await post({ title: 'Leaves' }, tara, HW)).json().message).toBe('Choose at least one class');
    const boundary = '----cue';
    const pdf = await t.request({
      method: 'POST',
      url: ROUTES.mediaUpload.path,
      headers: { ...bearer(tara), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sheet.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n\r\n--${boundary}--\r\n`,
      ),
    });
    const link = pdf.json().result.media_link;
    const res = await post(
      {
        title: 'Collect three leaves',
        classes_ids: [nurseryA],
        due_date: '30-11-2026',
        announcement_media: [{ media_link: link }],
      },
      tara,
      HW,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      type: 'homework',
      share_with: 'Classes',
      due_date: '30-11-2026',
      announcement_media: [{ media_link: link, name: 'sheet.pdf', kind: 'document' }],
    });
    const foreign = await post(
      { title: 'x', classes_ids: [nurseryA], announcement_media: [{ media_link: '/media/uploads/elsewhere/x.pdf' }] },
      tara,
      HW,
    );
    expect(foreign.statusCode).toBe(400);
    rohan = await parentToken(t, '9000000004');
    expect((await t.request({ method: 'GET', url: HW, headers: bearer(rohan) })).json().result.items[0].title).toBe(
      'Collect three leaves',
    );
  });
});

describe('announcement emails', () => {
  it('go out as one job per batch of families on the queue, every value escaped in the markup', async () => {
    // Many families in Nursery A: one of them with markup for a name.
    const extra = 2 * EMAIL_BATCH + 7;
    const people = Array.from({ length: extra }, (_, i) => ({ userId: newId(), parentId: newId(), i }));
    await t.database.db.transaction(async (tx) => {
      await tx.insert(users).values(
        people.map((p) => ({
          id: p.userId,
          firstName: p.i === 0 ? '<img src=x onerror=alert(1)>' : `Parent${p.i}`,
          lastName: 'Batch',
        })),
      );
      await tx
        .insert(parents)
        .values(people.map((p) => ({ id: p.parentId, userId: p.userId, primaryEmail: `batch${p.i}@family.example` })));
      await tx
        .insert(parentChildren)
        .values(people.map((p) => ({ parentId: p.parentId, studentId: demoId('student:Meera Nair') })));
    });
    const audience = await t.request({
      method: 'GET',
      url: `${ROUTES.communicationAudience.path}?share_with=Classes&classes_ids=${nurseryA}`,
      headers: bearer(tara),
    });
    const families = audience.json().result.families as number;
    expect(families).toBeGreaterThanOrEqual(extra);
    await t.services.jobs.runDue();

    const res = await post({
      title: 'Trip <b>& more</b>',
      summary: '',
      share_with: 'Classes',
      classes_ids: [nurseryA],
      send_email: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().result.id as string;
    // Nothing was sent inside the request: the emails wait on the queue, one job per batch.
    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, EMAIL_JOB), like(jobs.key, `email:${id}:%`)));
    const withEmail = families; // every demo and added family of the class has an email
    expect(queued).toHaveLength(Math.ceil(withEmail / EMAIL_BATCH));
    const before = ((await t.services.email.recent?.(1000, demoId('school:sunrise'))) ?? []).filter((m) =>
      m.subject.endsWith('Trip <b>& more</b>'),
    );
    expect(before).toHaveLength(0);

    await t.services.jobs.runDue();
    const sent = ((await t.services.email.recent?.(1000, demoId('school:sunrise'))) ?? []).filter((m) =>
      m.subject.endsWith('Trip <b>& more</b>'),
    );
    expect(sent).toHaveLength(withEmail);
    expect(new Set(sent.map((m) => m.to)).size).toBe(withEmail);
    const evil = sent.find((m) => m.to === 'batch0@family.example');
    expect(evil?.html).toContain('<p>Dear &lt;img src=x onerror=alert(1)&gt;,</p>');
    expect(evil?.html).toContain('<p>Trip &lt;b&gt;&amp; more&lt;/b&gt;</p>');
    expect(evil?.html).toContain('— Sunrise Early Years');
    expect(sent.every((m) => !m.html.includes('<img') && !m.html.includes('<b>'))).toBe(true);
    // The queue's jobs are done, once.
    expect(await t.services.jobs.runDue()).toBe(0);
  });
});
