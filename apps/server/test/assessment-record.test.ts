import { ASSESSMENT_MESSAGES, ERROR_CODES, ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/platform/db/schema.js';
import { newId } from '../src/platform/ids.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // admin of Sunrise (manages classes)
let tara: string; // teacher of Nursery A
let neha: string; // teacher of Kindergarten B
let rohan: string; // Aarav's father
let mona: string; // teacher at Moonbeam
const nurseryA = demoId('class:nurseryA');
const kindergartenB = demoId('class:kindergartenB');
const aarav = demoId('student:Aarav Sharma');
const diya = demoId('student:Diya Patel');
const ira = demoId('student:Ira Sharma');
const sunrise = demoId('school:sunrise');
const taraId = demoId('user:9000000003');
const CL = '5940566293db787df3cf4fb0'; // EYFS: Communication and Language
const UW = '3ce9bd22f2bf1efb3d6fe01f'; // EYFS: Understanding the World

const wire = (iso: string) => iso.split('-').reverse().join('-');
const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url, headers: token ? bearer(token) : {}, payload });
const errorOf = (res: { json(): unknown }) => res.json() as { code: string; message: string; errors?: { field: string }[] };

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, neha, rohan, mona] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000005'),
    parentToken(t, '9000000004'),
    staffToken(t, '9000000006'),
  ]);
});
afterAll(async () => {
  await t.close();
});

/** A unit of a class through the planning API; its id. */
async function unit(classId: string, token: string, title: string): Promise<string> {
  const res = await req('POST', '/api/units/', token, {
    title,
    class_ids: [classId],
    start_date: wire(isoIn(-7)),
    end_date: wire(isoIn(14)),
    area_ids: [UW],
    fields: {},
  });
  return expectResponse(ROUTES.unitCreate, res).result._id;
}

const reflection = (over: Record<string, unknown> = {}) => ({
  class_id: nurseryA,
  author_kind: 'teacher',
  date: wire(isoIn(-1)),
  body: 'The children asked many questions about seeds.',
  ...over,
});

describe('reflections', () => {
  let beans: string;
  let theirUnit: string;
  let teacherOne: string;
  let aaravsOwn: string;

  beforeAll(async () => {
    beans = await unit(nurseryA, tara, 'Growing beans');
    theirUnit = await unit(kindergartenB, neha, 'Our town');
  });

  it("creates a teacher's reflection on a unit and a child's own, in the period of the day", async () => {
    expect((await req('POST', '/api/reflections/', undefined, reflection())).statusCode).toBe(401);
    const made = expectResponse(
      ROUTES.reflectionCreate,
      await req('POST', '/api/reflections/', tara, reflection({ unit_id: beans })),
    );
    expect(made.message).toBe(ASSESSMENT_MESSAGES.reflectionCreated);
    expect(made.result).toMatchObject({
      class_name: 'Nursery A',
      unit_title: 'Growing beans',
      author_kind: 'teacher',
      student_id: null,
      created_by: expect.stringContaining('Tara'),
      abilities: { can_edit: true, can_delete: true },
    });
    expect(made.result.period_id).toBeTruthy();
    teacherOne = made.result._id;
    const own = expectResponse(
      ROUTES.reflectionCreate,
      await req(
        'POST',
        '/api/reflections/',
        tara,
        reflection({ author_kind: 'child', student_id: aarav, body: 'I liked watering the beans.' }),
      ),
    ).result;
    expect(own).toMatchObject({ student_name: 'Aarav Sharma', author_kind: 'child' });
    aaravsOwn = own._id;
  });

  it('refuses a child outside the class, a unit of another class, a missing child, another class or school', async () => {
    const stranger = await req('POST', '/api/reflections/', tara, reflection({ author_kind: 'child', student_id: ira }));
    expect(errorOf(stranger)).toMatchObject({ code: ERROR_CODES.notInClass });
    const noChild = await req('POST', '/api/reflections/', tara, reflection({ author_kind: 'child' }));
    expect(errorOf(noChild).errors?.[0]?.field).toBe('student_id');
    const wrongUnit = await req('POST', '/api/reflections/', tara, reflection({ unit_id: theirUnit }));
    expect(errorOf(wrongUnit).errors?.[0]?.field).toBe('unit_id');
    expect((await req('POST', '/api/reflections/', neha, reflection())).statusCode).toBe(403);
    expect((await req('POST', '/api/reflections/', mona, reflection())).statusCode).toBe(404);
    expect((await req('POST', '/api/reflections/', rohan, reflection())).statusCode).toBe(403);
  });

  it("lists a teacher's classes' reflections, newest first, with filters; class managers see every class", async () => {
    await req('POST', '/api/reflections/', neha, reflection({ class_id: kindergartenB, body: 'Town walk went well.' }));
    const mine = expectResponse(ROUTES.reflectionList, await req('GET', '/api/reflections/', tara)).result;
    expect(mine.items.map((r) => r.class_id)).toEqual([nurseryA, nurseryA]);
    expect(mine).toMatchObject({ total: 2, page: 1, page_size: 20 });
    const all = expectResponse(ROUTES.reflectionList, await req('GET', '/api/reflections/', anita)).result;
    expect(all.total).toBe(3);
    const ofAarav = expectResponse(ROUTES.reflectionList, await req('GET', `/api/reflections/?student_id=${aarav}`, tara)).result;
    expect(ofAarav.items.map((r) => r._id)).toEqual([aaravsOwn]);
    const ofUnit = expectResponse(ROUTES.reflectionList, await req('GET', `/api/reflections/?unit_id=${beans}`, tara)).result;
    expect(ofUnit.items.map((r) => r._id)).toEqual([teacherOne]);
    const children = expectResponse(ROUTES.reflectionList, await req('GET', '/api/reflections/?author_kind=child', anita)).result;
    expect(children.items.map((r) => r._id)).toEqual([aaravsOwn]);
    expect((await req('GET', `/api/reflections/?class_id=${nurseryA}`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/reflections/?class_id=${nurseryA}`, mona)).statusCode).toBe(404);
    expect((await req('GET', '/api/reflections/', rohan)).statusCode).toBe(403);
    expect((await req('GET', '/api/reflections/')).statusCode).toBe(401);
  });

  it('lets the writer or a class manager change and delete, nobody else', async () => {
    const edited = expectResponse(
      ROUTES.reflectionUpdate,
      await req('PUT', `/api/reflections/${teacherOne}`, tara, { body: 'Seeds sprouted on day four.' }),
    ).result;
    expect(edited).toMatchObject({ body: 'Seeds sprouted on day four.', unit_title: 'Growing beans' });
    expect((await req('PUT', `/api/reflections/${teacherOne}`, neha, { body: 'x' })).statusCode).toBe(403);
    expect((await req('PUT', `/api/reflections/${teacherOne}`, mona, { body: 'x' })).statusCode).toBe(404);
    const byAnita = expectResponse(
      ROUTES.reflectionUpdate,
      await req('PUT', `/api/reflections/${teacherOne}`, anita, { body: 'Edited by the head.' }),
    );
    expect(byAnita.result.body).toBe('Edited by the head.');
    const other = expectResponse(
      ROUTES.reflectionCreate,
      await req('POST', '/api/reflections/', anita, reflection({ body: 'From the head.' })),
    ).result;
    const asTara = expectResponse(ROUTES.reflectionList, await req('GET', '/api/reflections/', tara)).result.items.find(
      (r) => r._id === other._id,
    );
    expect(asTara?.abilities).toEqual({ can_edit: false, can_delete: false });
    expect((await req('DELETE', `/api/reflections/${other._id}`, tara)).statusCode).toBe(403);
    expectResponse(ROUTES.reflectionDelete, await req('DELETE', `/api/reflections/${other._id}`, anita));
    expect((await req('DELETE', `/api/reflections/${other._id}`, anita)).statusCode).toBe(404);
  });

  it('refuses changes in a locked period (409) and keeps the reflection', async () => {
    const far = expectResponse(
      ROUTES.periodCreate,
      await req('POST', '/api/assessment_periods/', anita, {
        name: 'Far term',
        start_date: '01-01-2043',
        end_date: '31-03-2043',
      }),
    ).result;
    const old = expectResponse(
      ROUTES.reflectionCreate,
      await req('POST', '/api/reflections/', tara, reflection({ date: '10-01-2043' })),
    ).result;
    expect(old.period_id).toBe(far._id);
    expectResponse(ROUTES.periodLock, await req('POST', `/api/assessment_periods/${far._id}/lock`, anita));
    for (const res of [
      await req('PUT', `/api/reflections/${old._id}`, tara, { body: 'Changed' }),
      await req('DELETE', `/api/reflections/${old._id}`, tara),
      await req('POST', '/api/reflections/', tara, reflection({ date: '11-01-2043' })),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe(ERROR_CODES.periodLocked);
    }
    const kept = expectResponse(ROUTES.reflectionList, await req('GET', `/api/reflections/?period_id=${far._id}`, tara)).result
      .items;
    expect(kept.map((r) => [r.body, r.abilities.can_edit])).toEqual([[old.body, false]]);
    expect(diya).toBeTruthy();
  });
});

describe("the child's record", () => {
  type Record = ReturnType<typeof parse>;
  const parse = (res: Awaited<ReturnType<typeof req>>) => expectResponse(ROUTES.studentRecord, res).result;
  const record = async (query = '', token = tara, id = aarav) =>
    parse(await req('GET', `/api/student_record/${id}${query}`, token));
  const range = `?from=${wire(isoIn(-60))}&to=${wire(isoIn(0))}`;
  const ids: { [kind: string]: string } = {};

  beforeAll(async () => {
    const db = t.database.db;
    const obs = await req('POST', '/api/observations/', tara, {
      class_id: nurseryA,
      learning_area_ids: [CL],
      observation_entries: [
        { student_id: aarav, date: wire(isoIn(-1)), title: 'Bus story', general_note: 'Told the class about the bus ride' },
        { student_id: diya, date: wire(isoIn(-1)), general_note: "Diya's own note" },
      ],
    });
    ids.observation = expectResponse(ROUTES.observationCreate, obs).result.observation_entries.find((e) => e.student_id === aarav)
      ?.id as string;
    ids.story = newId();
    await db.insert(s.stories).values({
      id: ids.story,
      schoolId: sunrise,
      classId: nurseryA,
      kind: 'story',
      status: 'published',
      title: 'The bridge',
      body: '<p>Aarav built a <b>bridge</b></p>',
      bodyText: 'Aarav built a bridge',
      storyDate: isoIn(-2),
      authorId: taraId,
    });
    await db.insert(s.storyChildren).values({ storyId: ids.story, studentId: aarav });
    ids.media = newId();
    await db.insert(s.mediaItems).values({
      id: ids.media,
      schoolId: sunrise,
      classId: nurseryA,
      kind: 'image',
      status: 'ready',
      privacy: 'class',
      name: 'p.jpg',
      caption: 'Painting',
      takenOn: isoIn(-3),
      mimeType: 'image/jpeg',
      bytes: 10,
      thumbUrl: `/media/gallery/${ids.media}-thumb.jpg`,
    });
    await db.insert(s.mediaTags).values({ itemId: ids.media, studentId: aarav });
    const [scale] = expectResponse(ROUTES.gradeScaleList, await req('GET', '/api/grade_scales/', tara)).result;
    const task = expectResponse(
      ROUTES.taskCreate,
      await req('POST', '/api/assessment_tasks/', tara, {
        class_id: nurseryA,
        title: 'Counting',
        subject: 'Maths',
        scale_id: scale?._id,
        due_date: wire(isoIn(0)),
      }),
    ).result;
    ids.grade = task._id;
    expectResponse(
      ROUTES.gradesSave,
      await req('PUT', `/api/assessment_tasks/${task._id}/grades`, tara, {
        grades: [{ student_id: aarav, value: '8', comment: 'Counted to 8' }],
      }),
    );
    const current = expectResponse(ROUTES.periodList, await req('GET', '/api/assessment_periods/', tara)).result.find(
      (p) => p.current,
    );
    ids.period = current?._id as string;
    ids.hpc = newId();
    await db.insert(s.hpcCards).values({
      id: ids.hpc,
      schoolId: sunrise,
      studentId: aarav,
      periodId: ids.period,
      classId: nurseryA,
      narrative: 'Aarav is growing in confidence.',
      updatedAt: new Date(`${isoIn(-4)}T10:00:00Z`),
    });
    const templateId = newId();
    await db.insert(s.reportTemplates).values({ id: templateId, schoolId: sunrise, name: 'Termly' });
    const setId = newId();
    await db.insert(s.reportSets).values({
      id: setId,
      schoolId: sunrise,
      classId: nurseryA,
      periodId: ids.period,
      templateId,
      status: 'shared',
      sharedAt: new Date(`${isoIn(-5)}T10:00:00Z`),
      createdBy: demoId('user:9000000002'),
    });
    ids.report = newId();
    await db
      .insert(s.reportEntries)
      .values({ id: ids.report, setId, schoolId: sunrise, studentId: aarav, teacherNote: 'A lovely term.' });
    await db.insert(s.careEntries).values({
      id: newId(),
      schoolId: sunrise,
      classId: nurseryA,
      studentId: aarav,
      kind: 'meal',
      day: isoIn(-1),
      minute: 720,
      staffId: taraId,
    });
  });

  it('merges every kind in one timeline, newest first, with counts, links and summaries', async () => {
    const r: Record = await record(range);
    expect(r.student).toMatchObject({ _id: aarav, name: 'Aarav Sharma', class_id: nurseryA, class_name: 'Nursery A' });
    expect(r.carelog).toMatchObject({ meals: 1, naps: 0, incidents: 0 });
    expect(r.attendance.days).toBeGreaterThanOrEqual(0);
    const kinds = new Set(r.items.map((i) => i.kind));
    expect([...kinds].sort()).toEqual(['grade', 'hpc', 'media', 'observation', 'reflection', 'report', 'story']);
    const isos = r.items.map((i) => i.date.split('-').reverse().join('-'));
    expect(isos).toEqual([...isos].sort().reverse());
    const find = (kind: string) => r.items.find((i) => i.kind === kind && i.id === ids[kind]);
    expect(find('observation')).toMatchObject({ title: 'Bus story', link: expect.stringContaining('/assessment/observation?') });
    expect(find('story')).toMatchObject({ body: 'Aarav built a bridge', link: `/communication/stories/${ids.story}` });
    expect(find('media')?.thumbnails[0]).toMatch(new RegExp(`^/media/gallery/${ids.media}-thumb.jpg\\?exp=`));
    expect(find('grade')).toMatchObject({
      title: 'Counting (Maths)',
      body: '8 / 10: Counted to 8',
      link: `/assessment/gradebook?class_id=${nurseryA}&period_id=${ids.period}`,
    });
    expect(find('hpc')).toMatchObject({ date: wire(isoIn(-4)), link: `/assessment/hpc/card/${aarav}?period_id=${ids.period}` });
    expect(find('report')).toMatchObject({ body: 'A lovely term.', link: `/assessment/report-card/entry/${ids.report}` });
    expect(r.items.find((i) => i.kind === 'reflection')).toMatchObject({
      body: 'I liked watering the beans.',
      link: `/assessment/reflections?student_id=${aarav}`,
    });
    expect(r.counts).toMatchObject({ story: 1, media: 1, grade: 1, hpc: 1, report: 1, reflection: 1 });
    expect(r.items.some((i) => i.body.includes("Diya's own note"))).toBe(false);
    expect(r.next_before).toBeNull();
  });

  it('filters by kinds and dates', async () => {
    const some = await record(`${range}&kinds=grade,reflection`);
    expect(new Set(some.items.map((i) => i.kind))).toEqual(new Set(['grade', 'reflection']));
    expect(some.counts.story).toBe(1);
    const recent = await record(`?from=${wire(isoIn(-2))}&to=${wire(isoIn(0))}`);
    expect(recent.items.some((i) => i.kind === 'media' || i.kind === 'hpc' || i.kind === 'report')).toBe(false);
    expect(recent.items.some((i) => i.kind === 'story')).toBe(true);
    const bad = await req('GET', `/api/student_record/${aarav}?kinds=diary`, tara);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errors?.[0]?.field).toBe('kinds');
  });

  it('pages the timeline by day: 30 items, then the items before the last day shown', async () => {
    const entries = Array.from({ length: 35 }, (_, i) => ({
      student_id: aarav,
      date: wire(isoIn(-10 - i)),
      general_note: `Note ${i}`,
    }));
    expectResponse(
      ROUTES.observationCreate,
      await req('POST', '/api/observations/', tara, { class_id: nurseryA, observation_entries: entries }),
    );
    const all = await record(range);
    const first = all.items;
    expect(first).toHaveLength(30);
    expect(all.next_before).toBe(first[29]?.date);
    const next = await record(`${range}&before=${all.next_before}`);
    expect(next.next_before).toBeNull();
    const seen = [...first, ...next.items].map((i) => `${i.kind}:${i.id}`);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(Object.values(all.counts).reduce((a, b) => a + b, 0));
  });

  it('is for staff who reach the child', async () => {
    expect((await req('GET', `/api/student_record/${aarav}`)).statusCode).toBe(401);
    expect((await req('GET', `/api/student_record/${aarav}`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/student_record/${aarav}`, mona)).statusCode).toBe(404);
    expect((await req('GET', `/api/student_record/${aarav}`, rohan)).statusCode).toBe(403);
    const byAnita = await record('', anita);
    expect(byAnita.student.name).toBe('Aarav Sharma');
    expect((await record('', neha, ira)).student.class_id).toBe(kindergartenB);
  });
});
