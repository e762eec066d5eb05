import { addDays, ERROR_CODES, HIRING_MESSAGES, ROUTES, todayIn } from '@cue/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobApplications, jobStageChanges, memberships, schools, users } from '../src/platform/db/schema.js';
import { newId } from '../src/platform/ids.js';
import { demoId } from '../src/seed/demo.js';
import { seedDemoHiringIfEmpty } from '../src/seed/hiring.js';
import { bearer, createTestApp, expectResponse, requester, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // Sunrise's admin: management.hiring
let tara: string; // teacher of Nursery A: no hiring permission
let mona: string; // made Moonbeam's admin below: hiring at her own school
let sam: string; // super admin of both schools
const sunrise = demoId('school:sunrise');
const moonbeam = demoId('school:moonbeam');
const nurseryA = demoId('class:nurseryA');
const toddlers = demoId('class:toddlers');
const teacherRole = demoId('role:sunrise:teacher');
const anitaId = demoId('user:9000000002');
const taraId = demoId('user:9000000003');
const monaId = demoId('user:9000000006');
const req = requester(() => t);

const wire = (iso: string) => iso.split('-').reverse().join('-');
let today = ''; // ISO, on Sunrise's clock
let nextWeek = ''; // DD-MM-YYYY
const ids = {
  teacher: '',
  cook: '',
  draft: '',
  closed: '',
  past: '',
  cv: '',
  priya: '',
  ravi: '',
  sana: '',
  interview: '',
  taraInterview: '',
};

const refusal = (res: LightMyRequestResponse) => ({ status: res.statusCode, code: res.json().code as string });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A public multipart upload of one file, from an address. */
const upload = (url: string, bytes: Buffer, filename: string, type: string, ip = '127.0.0.1') => {
  const boundary = '----cue-hiring-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return t.request({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
};
const jobs = (school = sunrise) => `/api/public/jobs/${school}`;
const uploadCv = async (opening: string, ip = '127.0.0.1') =>
  expectResponse(ROUTES.publicJobCv, await upload(`${jobs()}/${opening}/cv`, PDF, 'Priya CV.pdf', 'application/pdf', ip)).result
    ._id;
const applyTo = (opening: string, body: object, ip = '127.0.0.1') =>
  t.request({ method: 'POST', url: `${jobs()}/${opening}/applications`, remoteAddress: ip, payload: body });
const applicant = (first: string, cv: string, extra: object = {}) => ({
  first_name: first,
  last_name: 'Nair',
  email: `${first.toLowerCase()}@example.com`,
  phone: '',
  cover_letter: 'I love working with small children.',
  cv_id: cv,
  language: 'en',
  ...extra,
});
const outbox = async () => expectResponse(ROUTES.emailOutbox, await req('GET', '/api/email_outbox/', anita)).result;
const application = async (id: string, token = anita) =>
  expectResponse(ROUTES.jobApplicationGet, await req('GET', `/api/hiring/applications/${id}`, token)).result;
const opening = (extra: object) => ({
  title: 'Nursery teacher',
  description: 'Lead a class of three-year-olds.',
  employment_type: 'full_time',
  location: 'Sunrise campus',
  role_id: teacherRole,
  class_ids: [nurseryA],
  status: 'open',
  ...extra,
});
const interview = (extra: object) => ({
  date: nextWeek,
  start: '10:00 AM',
  end: '11:00 AM',
  interviewer_ids: [anitaId],
  location: 'Office',
  note: 'Bring your portfolio',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .update(memberships)
    .set({ roleId: demoId('role:moonbeam:admin') })
    .where(and(eq(memberships.userId, monaId), eq(memberships.schoolId, moonbeam)));
  [anita, tara, mona, sam] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000006'),
    staffToken(t, '9000000001'),
  ]);
  const [school] = await t.database.db.select({ zone: schools.timeZone }).from(schools).where(eq(schools.id, sunrise));
  today = todayIn(school?.zone ?? 'UTC', t.clock.now());
  nextWeek = wire(addDays(today, 7));
});
afterAll(() => t?.close());

describe('hiring: openings and the public page', () => {
  it('answers 401 on every staff route without a token and 403 to a teacher', async () => {
    const id = newId();
    const routes = [
      ['GET', '/api/hiring/openings'],
      ['POST', '/api/hiring/openings'],
      ['GET', `/api/hiring/openings/${id}`],
      ['PUT', `/api/hiring/openings/${id}`],
      ['GET', '/api/hiring/applications'],
      ['GET', `/api/hiring/applications/${id}`],
      ['POST', `/api/hiring/applications/${id}/stage`],
      ['POST', `/api/hiring/applications/${id}/notes`],
      ['GET', `/api/hiring/applications/${id}/cv`],
      ['POST', `/api/hiring/applications/${id}/interviews`],
      ['GET', `/api/hiring/interviews?from=${nextWeek}&to=${nextWeek}`],
      ['PUT', `/api/hiring/interviews/${id}`],
      ['DELETE', `/api/hiring/interviews/${id}`],
      ['POST', `/api/hiring/applications/${id}/hire`],
    ] as const;
    for (const [method, url] of routes) expect((await req(method, url)).statusCode, `${method} ${url}`).toBe(401);
    for (const [method, url] of routes) expect((await req(method, url, tara, {})).statusCode, `${method} ${url}`).toBe(403);
  });

  it('keeps openings with a role and classes of the school, counts per stage and a public path', async () => {
    const made = expectResponse(ROUTES.jobOpeningCreate, await req('POST', '/api/hiring/openings', anita, opening({})));
    expect(made.message).toBe(HIRING_MESSAGES.openingCreated);
    ids.teacher = made.result._id;
    expect(made.result).toMatchObject({
      title: 'Nursery teacher',
      role: { _id: teacherRole, name: 'Teacher' },
      classes: [{ _id: nurseryA, name: 'Nursery A' }],
      status: 'open',
      applications: 0,
      stage_counts: { screening: 0, interview: 0, offer: 0, hired: 0, rejected: 0 },
      public_path: `/public/jobs/${sunrise}/${ids.teacher}`,
      abilities: { edit: true },
    });
    const other = [
      opening({ title: 'Cook', role_id: null, class_ids: [] }),
      opening({ title: 'Draft job', status: 'draft' }),
      opening({ title: 'Closed job', status: 'closed' }),
      opening({ title: 'Past job', closes_on: wire(addDays(today, -1)) }),
    ];
    const made4 = await Promise.all(
      other.map(
        async (body) =>
          expectResponse(ROUTES.jobOpeningCreate, await req('POST', '/api/hiring/openings', anita, body)).result._id as string,
      ),
    );
    [ids.cook, ids.draft, ids.closed, ids.past] = made4 as [string, string, string, string];
    // Another school's role or class is refused.
    expect(
      refusal(await req('POST', '/api/hiring/openings', anita, opening({ role_id: demoId('role:moonbeam:teacher') }))),
    ).toEqual({ status: 400, code: ERROR_CODES.validation });
    expect(refusal(await req('POST', '/api/hiring/openings', anita, opening({ class_ids: [toddlers] })))).toEqual({
      status: 400,
      code: ERROR_CODES.validation,
    });
    const saved = expectResponse(
      ROUTES.jobOpeningUpdate,
      await req(
        'PUT',
        `/api/hiring/openings/${ids.cook}`,
        anita,
        opening({ title: 'Cook', role_id: null, class_ids: [], location: 'Kitchen' }),
      ),
    );
    expect(saved.result).toMatchObject({ location: 'Kitchen', role: null, classes: [] });
    const open = expectResponse(ROUTES.jobOpenings, await req('GET', '/api/hiring/openings?status=open', anita)).result;
    expect(open.map((o) => o.title).sort()).toEqual(['Cook', 'Nursery teacher', 'Past job']);
    // Mona, hiring at Moonbeam, does not see Sunrise's openings.
    expect((await req('GET', `/api/hiring/openings/${ids.teacher}`, mona)).statusCode).toBe(404);
    expect(
      (await req('PUT', `/api/hiring/openings/${ids.teacher}`, mona, opening({ role_id: null, class_ids: [] }))).statusCode,
    ).toBe(404);
    expect(expectResponse(ROUTES.jobOpenings, await req('GET', '/api/hiring/openings', mona)).result).toEqual([]);
  });

  it('shows only open openings whose closing day has not passed, and never a school without hiring', async () => {
    const page = expectResponse(ROUTES.publicJobs, await req('GET', jobs())).result;
    expect(page.school).toMatchObject({ _id: sunrise, name: 'Sunrise Early Years' });
    expect(page.jobs.map((j) => j.title).sort()).toEqual(['Cook', 'Nursery teacher']);
    expect(expectResponse(ROUTES.publicJob, await req('GET', `${jobs()}/${ids.teacher}`)).result.job).toMatchObject({
      title: 'Nursery teacher',
      employment_type: 'full_time',
    });
    for (const id of [ids.draft, ids.closed, ids.past, newId()])
      expect((await req('GET', `${jobs()}/${id}`)).statusCode).toBe(404);
    expect((await req('GET', jobs(newId()))).statusCode).toBe(404);
    // Moonbeam's page does not show Sunrise's opening.
    expect((await req('GET', `${jobs(moonbeam)}/${ids.teacher}`)).statusCode).toBe(404);
    await req('PUT', ROUTES.schoolPermissionsUpdate.path, anita, { permissions: { hiring: false } });
    expect((await req('GET', jobs())).statusCode).toBe(404);
    expect((await req('GET', `${jobs()}/${ids.teacher}`)).statusCode).toBe(404);
    expect((await upload(`${jobs()}/${ids.teacher}/cv`, PDF, 'cv.pdf', 'application/pdf')).statusCode).toBe(404);
    await req('PUT', ROUTES.schoolPermissionsUpdate.path, anita, { permissions: { hiring: true } });
    expect((await req('GET', jobs())).statusCode).toBe(200);
  });
});

describe('hiring: applying', () => {
  it('takes a PDF, DOC or DOCX CV by its bytes, up to 10 MB, for an opening taking applications', async () => {
    ids.cv = await uploadCv(ids.teacher);
    const doc = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64)]);
    expect((await upload(`${jobs()}/${ids.teacher}/cv`, doc, 'cv.doc', 'application/msword')).statusCode).toBe(200);
    const docx = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(26), Buffer.from('word/document.xml')]);
    expect((await upload(`${jobs()}/${ids.teacher}/cv`, docx, 'cv.docx', 'application/octet-stream')).statusCode).toBe(200);
    // A text file named .pdf is refused: the type comes from the bytes.
    expect((await upload(`${jobs()}/${ids.teacher}/cv`, Buffer.from('hello'), 'cv.pdf', 'application/pdf')).statusCode).toBe(415);
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(`${jobs()}/${ids.teacher}/cv`, big, 'cv.pdf', 'application/pdf')).statusCode).toBe(413);
    expect(refusal(await upload(`${jobs()}/${ids.closed}/cv`, PDF, 'cv.pdf', 'application/pdf'))).toEqual({
      status: 400,
      code: ERROR_CODES.formClosed,
    });
  });

  it('records an application with a reference, its first stage and the applicant email in their language', async () => {
    const res = expectResponse(ROUTES.publicJobApply, await applyTo(ids.teacher, applicant('Priya', ids.cv, { language: 'ar' })));
    expect(res.message).toBe(HIRING_MESSAGES.applied);
    expect(res.result.reference).toBe(`J-${today.slice(0, 4)}-0001`);
    const [row] = await t.database.db.select().from(jobApplications).where(eq(jobApplications.reference, res.result.reference));
    ids.priya = row?.id ?? '';
    expect(row).toMatchObject({ stage: 'screening', language: 'ar', email: 'priya@example.com' });
    const mail = (await outbox()).find((m) => m.to === 'priya@example.com');
    expect(mail?.subject).toContain('Nursery teacher');
    expect(mail?.html).toContain(res.result.reference);
    // The same CV is not claimed twice; a CV of another opening is refused; a made-up one too.
    expect(refusal(await applyTo(ids.teacher, applicant('Again', ids.cv)))).toEqual({
      status: 400,
      code: ERROR_CODES.validation,
    });
    const cookCv = await uploadCv(ids.cook);
    const other = await applyTo(ids.teacher, applicant('Other', cookCv));
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(HIRING_MESSAGES.cvUnknown);
    expect((await applyTo(ids.teacher, applicant('Nobody', newId()))).statusCode).toBe(400);
    // A closed or past opening takes no application; a draft or unknown one does not exist.
    expect(refusal(await applyTo(ids.closed, applicant('Late', cookCv)))).toEqual({ status: 400, code: ERROR_CODES.formClosed });
    expect(refusal(await applyTo(ids.past, applicant('Late', cookCv)))).toEqual({ status: 400, code: ERROR_CODES.formClosed });
    expect((await applyTo(newId(), applicant('Late', cookCv))).statusCode).toBe(404);
    // Two more applicants for the pipeline below.
    for (const [name, key] of [
      ['Ravi', 'ravi'],
      ['Sana', 'sana'],
    ] as const) {
      const cv = await uploadCv(ids.teacher);
      const ref = expectResponse(ROUTES.publicJobApply, await applyTo(ids.teacher, applicant(name, cv))).result.reference;
      const [r] = await t.database.db.select().from(jobApplications).where(eq(jobApplications.reference, ref));
      ids[key as 'ravi' | 'sana'] = r?.id ?? '';
    }
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const cv = await uploadCv(ids.teacher);
    const before = await t.database.db.select().from(jobApplications);
    const res = expectResponse(
      ROUTES.publicJobApply,
      await applyTo(ids.teacher, applicant('Bot', cv, { website: 'http://spam' })),
    );
    expect(res.message).toBe(HIRING_MESSAGES.applied);
    expect(res.result.reference).toMatch(/^J-\d{4}-\d{4}$/);
    expect(await t.database.db.select().from(jobApplications)).toHaveLength(before.length);
    expect((await outbox()).some((m) => m.to === 'bot@example.com')).toBe(false);
  });

  it('limits applications and uploads per address and school (429), counted in the database', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 10; i++)
      expect((await applyTo(ids.teacher, applicant('Bot', newId(), { website: 'x' }), ip)).statusCode).toBe(200);
    const over = await applyTo(ids.teacher, applicant('Bot', newId(), { website: 'x' }), ip);
    expect(refusal(over)).toEqual({ status: 429, code: ERROR_CODES.tooManySubmissions });
    expect(over.json().message).toBe(HIRING_MESSAGES.tooManyApplications);
    // Another address is not held back.
    expect((await applyTo(ids.teacher, applicant('Bot', newId(), { website: 'x' }), '10.9.9.10')).statusCode).toBe(200);
    for (let i = 0; i < 30; i++)
      expect((await upload(`${jobs()}/${ids.teacher}/cv`, PDF, 'cv.pdf', 'application/pdf', '10.8.8.8')).statusCode).toBe(200);
    expect(refusal(await upload(`${jobs()}/${ids.teacher}/cv`, PDF, 'cv.pdf', 'application/pdf', '10.8.8.8'))).toEqual({
      status: 429,
      code: ERROR_CODES.tooManySubmissions,
    });
    // Ten minutes later the window is over.
    t.clock.advance(10 * 60 * 1000 + 1000);
    expect((await upload(`${jobs()}/${ids.teacher}/cv`, PDF, 'cv.pdf', 'application/pdf', '10.8.8.8')).statusCode).toBe(200);
  });
});

describe('hiring: the pipeline', () => {
  it('lists, searches and shows applications with their CV, to the school only', async () => {
    const list = expectResponse(
      ROUTES.jobApplications,
      await req('GET', `/api/hiring/applications?opening_id=${ids.teacher}`, anita),
    );
    expect(list.result.total).toBe(3);
    expect(list.result.items.map((a) => a.name).sort()).toEqual(['Priya Nair', 'Ravi Nair', 'Sana Nair']);
    const found = expectResponse(ROUTES.jobApplications, await req('GET', '/api/hiring/applications?q=ravi', anita)).result;
    expect(found.items.map((a) => a.name)).toEqual(['Ravi Nair']);
    const paged = expectResponse(ROUTES.jobApplications, await req('GET', '/api/hiring/applications?page_size=2&page=2', anita));
    expect(paged.result).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(paged.result.items).toHaveLength(1);
    const opened = expectResponse(ROUTES.jobOpeningGet, await req('GET', `/api/hiring/openings/${ids.teacher}`, anita)).result;
    expect(opened).toMatchObject({ applications: 3, stage_counts: { screening: 3 } });
    const priya = await application(ids.priya);
    expect(priya).toMatchObject({
      stage: 'screening',
      language: 'ar',
      cv: { name: 'Priya CV.pdf', mime: 'application/pdf', size: PDF.length },
      next_stages: ['interview', 'offer', 'rejected'],
      abilities: { edit: true, hire: false },
    });
    expect(priya.history).toEqual([expect.objectContaining({ from: null, to: 'screening', by: null })]);
    const cv = await req('GET', `/api/hiring/applications/${ids.priya}/cv`, anita);
    expect(cv.statusCode).toBe(200);
    expect(cv.headers['content-disposition']).toMatch(/^attachment; filename="Priya CV.pdf"/);
    expect(cv.rawPayload.equals(PDF)).toBe(true);
    for (const [method, url, body] of [
      ['GET', `/api/hiring/applications/${ids.priya}`, undefined],
      ['GET', `/api/hiring/applications/${ids.priya}/cv`, undefined],
      ['POST', `/api/hiring/applications/${ids.priya}/stage`, { stage: 'offer' }],
      ['POST', `/api/hiring/applications/${ids.priya}/notes`, { body: 'x' }],
      ['POST', `/api/hiring/applications/${ids.priya}/interviews`, interview({ interviewer_ids: [monaId] })],
      ['POST', `/api/hiring/applications/${ids.priya}/hire`, { first_name: 'P', phone: '9123400101', role_id: teacherRole }],
    ] as const)
      expect((await req(method, url, mona, body)).statusCode, `${method} ${url}`).toBe(404);
    expect(expectResponse(ROUTES.jobApplications, await req('GET', '/api/hiring/applications', mona)).result.total).toBe(0);
  });

  it('moves along the allowed stages only, with notes and the stage emails', async () => {
    const noted = expectResponse(
      ROUTES.jobApplicationNote,
      await req('POST', `/api/hiring/applications/${ids.sana}/notes`, anita, { body: 'Strong references' }),
    ).result;
    expect(noted.notes).toEqual([
      expect.objectContaining({ body: 'Strong references', author: { _id: anitaId, name: 'Anita Desai' } }),
    ]);
    const offered = expectResponse(
      ROUTES.jobApplicationStage,
      await req('POST', `/api/hiring/applications/${ids.sana}/stage`, anita, { stage: 'offer', note: 'Start in January' }),
    );
    expect(offered.message).toBe(HIRING_MESSAGES.moved);
    expect(offered.result).toMatchObject({ stage: 'offer', abilities: { hire: true }, next_stages: ['interview', 'rejected'] });
    expect(offered.result.history.at(-1)).toMatchObject({
      from: 'screening',
      to: 'offer',
      email_sent: true,
      by: { _id: anitaId },
    });
    const mail = (await outbox()).find((m) => m.to === 'sana@example.com' && m.subject.includes('offer'));
    expect(mail?.html).toContain('Start in January');
    // offer → screening is not a move; 'hired' only by the hire.
    expect(refusal(await req('POST', `/api/hiring/applications/${ids.sana}/stage`, anita, { stage: 'screening' }))).toEqual({
      status: 400,
      code: ERROR_CODES.stageNotAllowed,
    });
    expect((await req('POST', `/api/hiring/applications/${ids.sana}/stage`, anita, { stage: 'hired' })).statusCode).toBe(400);
    // A move without the email records that none was sent.
    const quiet = expectResponse(
      ROUTES.jobApplicationStage,
      await req('POST', `/api/hiring/applications/${ids.ravi}/stage`, anita, { stage: 'rejected', send_email: false }),
    ).result;
    expect(quiet.history.at(-1)).toMatchObject({ to: 'rejected', email_sent: false });
    expect((await outbox()).some((m) => m.to === 'ravi@example.com' && m.subject.includes('application for'))).toBe(true); // received only
    expect((await outbox()).filter((m) => m.to === 'ravi@example.com')).toHaveLength(1);
    expect(
      expectResponse(
        ROUTES.jobApplicationStage,
        await req('POST', `/api/hiring/applications/${ids.ravi}/stage`, anita, { stage: 'screening' }),
      ).result.stage,
    ).toBe('screening');
  });
});

describe('hiring: interviews', () => {
  it('schedules an interview, moves the application to interview and emails the applicant', async () => {
    const made = expectResponse(
      ROUTES.jobInterviewCreate,
      await req('POST', `/api/hiring/applications/${ids.priya}/interviews`, anita, interview({})),
    );
    expect(made.message).toBe(HIRING_MESSAGES.interviewScheduled);
    ids.interview = made.result._id;
    expect(made.result).toMatchObject({
      date: nextWeek,
      start: '10:00 AM',
      end: '11:00 AM',
      interviewers: [{ _id: anitaId, name: 'Anita Desai' }],
      application: { _id: ids.priya, name: 'Priya Nair', opening: 'Nursery teacher' },
      cancelled: false,
    });
    const priya = await application(ids.priya);
    expect(priya.stage).toBe('interview');
    expect(priya.next_interview).toEqual({ date: nextWeek, time: '10:00 AM' });
    expect(priya.history.at(-1)).toMatchObject({ from: 'screening', to: 'interview', email_sent: true });
    // Priya chose Arabic: the interview email is the Arabic one, with the day and time.
    const mail = (await outbox()).find((m) => m.to === 'priya@example.com' && m.subject.includes(nextWeek));
    expect(mail?.subject).not.toContain('interview for');
    expect(mail?.html).toContain('10:00 AM');
  });

  it('refuses an interviewer who is busy then (409), a past time, an end before the start and another school staff', async () => {
    const busy = await req(
      'POST',
      `/api/hiring/applications/${ids.ravi}/interviews`,
      anita,
      interview({ start: '10:30 AM', end: '11:30 AM' }),
    );
    expect(refusal(busy)).toEqual({ status: 409, code: ERROR_CODES.interviewerBusy });
    expect(busy.json().message).toBe(HIRING_MESSAGES.interviewerBusy);
    // Shared with Tara: still busy; Tara alone: fine.
    expect(
      (
        await req(
          'POST',
          `/api/hiring/applications/${ids.ravi}/interviews`,
          anita,
          interview({ interviewer_ids: [taraId, anitaId] }),
        )
      ).statusCode,
    ).toBe(409);
    const withTara = expectResponse(
      ROUTES.jobInterviewCreate,
      await req(
        'POST',
        `/api/hiring/applications/${ids.ravi}/interviews`,
        anita,
        interview({ interviewer_ids: [taraId], send_email: false }),
      ),
    ).result;
    ids.taraInterview = withTara._id;
    // Back to back is not an overlap.
    expect(
      (
        await req(
          'POST',
          `/api/hiring/applications/${ids.ravi}/interviews`,
          anita,
          interview({ start: '11:00 AM', end: '11:30 AM' }),
        )
      ).statusCode,
    ).toBe(200);
    const past = await req(
      'POST',
      `/api/hiring/applications/${ids.ravi}/interviews`,
      anita,
      interview({ date: wire(addDays(today, -1)) }),
    );
    expect(refusal(past)).toEqual({ status: 400, code: ERROR_CODES.validation });
    expect(past.json().message).toBe(HIRING_MESSAGES.interviewInPast);
    expect(
      (
        await req(
          'POST',
          `/api/hiring/applications/${ids.ravi}/interviews`,
          anita,
          interview({ start: '02:00 PM', end: '01:00 PM' }),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await req(
          'POST',
          `/api/hiring/applications/${ids.ravi}/interviews`,
          anita,
          interview({ start: '03:00 PM', end: '04:00 PM', interviewer_ids: [monaId] }),
        )
      ).statusCode,
    ).toBe(400);
    // Moving Tara's interview onto Anita's time is refused too.
    expect(
      (await req('PUT', `/api/hiring/interviews/${ids.taraInterview}`, anita, interview({ interviewer_ids: [taraId, anitaId] })))
        .statusCode,
    ).toBe(409);
  });

  it('lists interviews by range and interviewer, cancels one and frees the time', async () => {
    const all = expectResponse(
      ROUTES.jobInterviews,
      await req('GET', `/api/hiring/interviews?from=${nextWeek}&to=${nextWeek}`, anita),
    ).result;
    expect(all).toHaveLength(3);
    const anitas = expectResponse(
      ROUTES.jobInterviews,
      await req('GET', `/api/hiring/interviews?from=${nextWeek}&to=${nextWeek}&interviewer_id=${anitaId}`, anita),
    ).result;
    expect(anitas.map((i) => i.start)).toEqual(['10:00 AM', '11:00 AM']);
    expect(
      expectResponse(
        ROUTES.jobInterviews,
        await req('GET', `/api/hiring/interviews?from=${wire(today)}&to=${wire(today)}`, anita),
      ).result,
    ).toEqual([]);
    const calendar = await t.services.hiring.interviewsOf(
      t.services.scopes.of({ userId: anitaId, kind: 'staff', schoolId: sunrise, sessionId: 'test', isTemp: false }),
      [anitaId],
      addDays(today, 7),
      addDays(today, 7),
    );
    expect(calendar.map((c) => [c.applicant, c.userIds])).toEqual([
      ['Priya Nair', [anitaId]],
      ['Ravi Nair', [anitaId]],
    ]);
    expect((await req('DELETE', `/api/hiring/interviews/${ids.interview}`, mona)).statusCode).toBe(404);
    const cancelled = expectResponse(
      ROUTES.jobInterviewCancel,
      await req('DELETE', `/api/hiring/interviews/${ids.interview}`, anita),
    );
    expect(cancelled.result).toMatchObject({ cancelled: true, abilities: { edit: false } });
    const moved = expectResponse(
      ROUTES.jobInterviewUpdate,
      await req(
        'PUT',
        `/api/hiring/interviews/${ids.taraInterview}`,
        anita,
        interview({ interviewer_ids: [taraId, anitaId], send_email: false }),
      ),
    ).result;
    expect(moved.interviewers.map((i) => i._id).sort()).toEqual([anitaId, taraId].sort());
  });

  it('lets one of two bookings made at once for the same interviewer through', async () => {
    const at = interview({ start: '02:00 PM', end: '03:00 PM', send_email: false });
    const both = await Promise.all([
      req('POST', `/api/hiring/applications/${ids.priya}/interviews`, anita, at),
      req('POST', `/api/hiring/applications/${ids.ravi}/interviews`, anita, at),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('hiring: the hire', () => {
  it('refuses a hire before the offer', async () => {
    const res = await req('POST', `/api/hiring/applications/${ids.priya}/hire`, anita, {
      first_name: 'Priya',
      last_name: 'Nair',
      phone: '9123400201',
      role_id: teacherRole,
    });
    expect(refusal(res)).toEqual({ status: 400, code: ERROR_CODES.stageNotAllowed });
  });

  it('refuses a role above the caller and writes nothing', async () => {
    const support = await req('POST', ROUTES.roleCreate.path, sam, {
      name: 'Support',
      permissions: ['super_admin.access_token_permission'],
    });
    expect(support.statusCode, support.body).toBe(200);
    const res = await req('POST', `/api/hiring/applications/${ids.sana}/hire`, anita, {
      first_name: 'Sana',
      last_name: 'Nair',
      phone: '9123400202',
      role_id: support.json().result.id,
    });
    expect(res.statusCode).toBe(403);
    const sana = await application(ids.sana);
    expect(sana).toMatchObject({ stage: 'offer', staff: null });
    expect(await t.database.db.select().from(users).where(eq(users.phone, '9123400202'))).toEqual([]);
    expect(
      (await t.database.db.select().from(jobStageChanges).where(eq(jobStageChanges.applicationId, ids.sana))).map(
        (c) => c.toStage,
      ),
    ).toEqual(['screening', 'offer']);
  });

  it('hires from offer: the member of staff with the role and classes, once', async () => {
    const body = { first_name: 'Sana', last_name: 'Nair', phone: '9123400203', role_id: teacherRole, class_ids: [nurseryA] };
    const hired = expectResponse(ROUTES.jobHire, await req('POST', `/api/hiring/applications/${ids.sana}/hire`, anita, body));
    expect(hired.message).toBe(HIRING_MESSAGES.hired);
    expect(hired.result.application).toMatchObject({ stage: 'hired', staff: { _id: hired.result.staff._id, name: 'Sana Nair' } });
    expect(hired.result.application.history.at(-1)).toMatchObject({ from: 'offer', to: 'hired' });
    const staff = (await req('GET', ROUTES.staffList.path, anita)).json().result as {
      id: string;
      first_name: string;
      role: { id: string };
      classes: { id: string }[];
    }[];
    expect(staff.find((s) => s.id === hired.result.staff._id)).toMatchObject({
      first_name: 'Sana',
      role: { id: teacherRole },
      classes: [{ id: nurseryA }],
    });
    const cls = expectResponse(ROUTES.classDetail, await req('GET', `/api/classes/${nurseryA}`, anita)).result.my_class;
    expect(cls.staff_list.some((s) => s.id === hired.result.staff._id)).toBe(true);
    const twice = await req('POST', `/api/hiring/applications/${ids.sana}/hire`, anita, { ...body, phone: '9123400204' });
    expect(refusal(twice)).toEqual({ status: 409, code: ERROR_CODES.alreadyHired });
    const counts = expectResponse(ROUTES.jobOpeningGet, await req('GET', `/api/hiring/openings/${ids.teacher}`, anita)).result;
    expect(counts.stage_counts).toEqual({ screening: 0, interview: 2, offer: 0, hired: 1, rejected: 0 });
  });
});

describe('hiring: the demo', () => {
  it('seeds the demo openings and pipeline once, on a school without openings', async () => {
    expect(await seedDemoHiringIfEmpty(t.services)).toBe(false);
    const fresh = await createTestApp();
    try {
      expect(await seedDemoHiringIfEmpty(fresh.services)).toBe(true);
      expect(await seedDemoHiringIfEmpty(fresh.services)).toBe(false);
      const token = await staffToken(fresh, '9000000002');
      const get = (url: string) => fresh.request({ method: 'GET', url, headers: bearer(token) });
      const openings = expectResponse(ROUTES.jobOpenings, await get('/api/hiring/openings')).result;
      expect(openings.map((o) => [o.title, o.status, o.applications]).sort()).toEqual([
        ['Music specialist', 'closed', 0],
        ['Nursery teacher', 'open', 3],
      ]);
      expect(openings.find((o) => o.status === 'open')?.stage_counts).toMatchObject({ screening: 1, interview: 1, offer: 1 });
      const week = expectResponse(
        ROUTES.jobInterviews,
        await get(`/api/hiring/interviews?from=${nextWeek}&to=${nextWeek}&interviewer_id=${anitaId}`),
      ).result;
      expect(week.map((i) => [i.application.name, i.start])).toEqual([['Yusuf Khan', '10:00 AM']]);
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
