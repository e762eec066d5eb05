import { ASSESSMENT_MESSAGES, ERROR_CODES, ROUTES } from '@cue/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../src/platform/auth/scope.js';
import * as s from '../src/platform/db/schema.js';
import { newId } from '../src/platform/ids.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // admin of Sunrise (holds academic_setup.assessment_management)
let tara: string; // teacher of Nursery A
let neha: string; // teacher of Kindergarten B
let rohan: string; // Aarav's father
let mona: string; // teacher at Moonbeam (another school of the same organization)
const sunrise = demoId('school:sunrise');
const nurseryA = demoId('class:nurseryA');
const kindergartenB = demoId('class:kindergartenB');
const aarav = demoId('student:Aarav Sharma');
const diya = demoId('student:Diya Patel');
const ira = demoId('student:Ira Sharma'); // Kindergarten B
const taraId = demoId('user:9000000003');
const CL = '5940566293db787df3cf4fb0'; // EYFS: Communication and Language

const wire = (iso: string) => iso.split('-').reverse().join('-');
const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const req = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url, headers: token ? bearer(token) : {}, payload });
const errorOf = (res: { json(): unknown }) => res.json() as { code: string; message: string; errors?: { field: string }[] };
const scopeOf = (userId: string, schoolId = sunrise): Scope =>
  t.services.scopes.of({ userId, kind: 'staff', schoolId, sessionId: 'test', isTemp: false }) as Scope;

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

/** An observation of a child through the API, tagged with Communication and Language; its id. */
async function observe(studentId: string, iso: string, note: string): Promise<string> {
  const res = await req('POST', '/api/observations/', tara, {
    class_id: nurseryA,
    learning_area_ids: [CL],
    observation_entries: [{ student_id: studentId, date: wire(iso), title: note.slice(0, 20), general_note: note }],
  });
  const made = expectResponse(ROUTES.observationCreate, res).result.observation_entries[0];
  return made?.id as string;
}

/** A learning story naming children, written straight to the table (its rules are the stories module's). */
async function story(studentIds: string[], iso: string, status: string, body: string): Promise<string> {
  const id = newId();
  await t.database.db.insert(s.stories).values({
    id,
    schoolId: sunrise,
    classId: nurseryA,
    kind: 'story',
    status,
    title: `Story ${body.slice(0, 10)}`,
    body: `<p>${body}</p>`,
    bodyText: body,
    storyDate: iso,
    authorId: taraId,
  });
  await t.database.db.insert(s.storyChildren).values(studentIds.map((studentId) => ({ storyId: id, studentId })));
  await t.database.db.insert(s.storyAreas).values({ storyId: id, areaId: CL });
  return id;
}

/** A gallery photo tagged with children. */
async function photo(studentIds: string[], iso: string, caption: string, deleted = false): Promise<string> {
  const id = newId();
  await t.database.db.insert(s.mediaItems).values({
    id,
    schoolId: sunrise,
    classId: nurseryA,
    kind: 'image',
    status: 'ready',
    privacy: 'class',
    name: 'photo.jpg',
    caption,
    takenOn: iso,
    mimeType: 'image/jpeg',
    bytes: 1000,
    url: `/media/gallery/${id}.jpg`,
    thumbUrl: `/media/gallery/${id}-thumb.jpg`,
    deletedAt: deleted ? new Date() : null,
  });
  await t.database.db.insert(s.mediaTags).values(studentIds.map((studentId) => ({ itemId: id, studentId })));
  return id;
}

describe('the evidence reader', () => {
  let obsOld: string;
  let obsNew: string;
  let storyId: string;
  let familyOnly: string;
  let photoId: string;
  let binned: string;
  let obsDiya: string;
  beforeAll(async () => {
    obsOld = await observe(aarav, isoIn(-20), 'Counted ten beads on the string');
    obsNew = await observe(aarav, isoIn(-2), 'Told the class about the bus ride');
    obsDiya = await observe(diya, isoIn(-3), 'Sorted the shapes by colour');
    storyId = await story([aarav, diya], isoIn(-5), 'published', 'Aarav and Diya built a bridge together');
    familyOnly = await story([aarav], isoIn(-6), 'declined', 'A declined story is no evidence');
    photoId = await photo([aarav], isoIn(-4), 'Painting the sunflower\nwith yellow');
    binned = await photo([aarav], isoIn(-4), 'In the bin', true);
  });

  it("reads every child's observations, stories and photos of the range in one call, newest first", async () => {
    const map = await t.services.evidence.ofChildren(scopeOf(taraId), [aarav, diya], isoIn(-10), isoIn(0));
    const mine = map.get(aarav) ?? [];
    expect(mine.map((e) => [e.kind, e.id])).toEqual([
      ['observation', obsNew],
      ['media', photoId],
      ['story', storyId],
    ]);
    const obs = mine[0];
    expect(obs?.text).toBe('Told the class about the bus ride');
    expect(obs?.areaIds).toEqual([CL]);
    expect(obs?.areaCodes).toEqual(['CL']);
    const st = mine.find((e) => e.kind === 'story');
    expect(st?.text).toBe('Aarav and Diya built a bridge together');
    expect(st?.areaCodes).toEqual(['CL']);
    const ph = mine.find((e) => e.kind === 'media');
    expect(ph?.title).toBe('Painting the sunflower');
    expect(ph?.thumbnail).toMatch(new RegExp(`^/media/gallery/${photoId}-thumb.jpg\\?exp=`));
    expect(mine.some((e) => e.id === obsOld || e.id === familyOnly || e.id === binned)).toBe(false);
    expect((map.get(diya) ?? []).map((e) => e.id)).toEqual([obsDiya, storyId]);
  });

  it('reads 25 children of the school in one call', async () => {
    const kids = (
      await t.database.db
        .select({ id: s.classStudents.studentId })
        .from(s.classStudents)
        .innerJoin(s.classes, eq(s.classes.id, s.classStudents.classId))
        .where(eq(s.classes.schoolId, sunrise))
    ).map((r) => r.id);
    const scope = scopeOf(demoId('user:9000000002'));
    const map = await t.services.evidence.ofChildren(scope, kids.slice(0, 25), isoIn(-30), isoIn(0));
    expect(map.size).toBe(Math.min(25, kids.length));
  });

  it("resolves refs of the child and refuses another child's evidence", async () => {
    const scope = scopeOf(taraId);
    const refs = [
      { kind: 'observation' as const, id: obsOld },
      { kind: 'story' as const, id: storyId },
      { kind: 'media' as const, id: photoId },
      { kind: 'observation' as const, id: obsDiya },
    ];
    const shown = await t.services.evidence.resolve(scope, aarav, refs);
    expect(shown.map((e) => e.id)).toEqual([obsOld, storyId, photoId]);
    expect(shown[0]?.date).toBe(wire(isoIn(-20)));
    await expect(t.services.evidence.assertOfChild(scope, aarav, refs.slice(0, 3))).resolves.toBeUndefined();
    await expect(t.services.evidence.assertOfChild(scope, aarav, refs)).rejects.toMatchObject({
      status: 400,
      message: ASSESSMENT_MESSAGES.evidenceOfChild,
    });
    await expect(t.services.evidence.assertOfChild(scope, aarav, [{ kind: 'media', id: binned }])).rejects.toMatchObject({
      status: 400,
    });
  });

  it("keeps staff to children they reach: another class's teacher 403, another school 404", async () => {
    const nehaScope = scopeOf(demoId('user:9000000005'));
    await expect(t.services.evidence.ofChildren(nehaScope, [aarav], isoIn(-10), isoIn(0))).rejects.toMatchObject({ status: 403 });
    const monaScope = scopeOf(demoId('user:9000000006'), demoId('school:moonbeam'));
    await expect(t.services.evidence.ofChildren(monaScope, [aarav], isoIn(-10), isoIn(0))).rejects.toMatchObject({ status: 404 });
    expect(ira).toBeTruthy();
  });

  it("answers a child's evidence over HTTP with its areas: 401, the range, another class 403, another school 404, families refused", async () => {
    const url = (q: string) => `/api/assessment_evidence/${aarav}?${q}`;
    expect((await req('GET', url(''))).statusCode).toBe(401);
    const range = `from=${wire(isoIn(-10))}&to=${wire(isoIn(0))}`;
    const shown = expectResponse(ROUTES.childEvidence, await req('GET', url(range), tara)).result;
    expect(shown.map((e) => e.id)).toEqual([obsNew, photoId, storyId]);
    expect(shown[0]?.area_ids).toEqual([CL]);
    // No range: the current period's evidence, parsed by the contract's schema.
    expect(Array.isArray(expectResponse(ROUTES.childEvidence, await req('GET', url(''), tara)).result)).toBe(true);
    expect((await req('GET', url('from=31-02-2026&to=01-03-2026'), tara)).statusCode).toBe(400);
    expect((await req('GET', url(range), neha)).statusCode).toBe(403);
    expect((await req('GET', url(range), mona)).statusCode).toBe(404);
    expect((await req('GET', url(range), rohan)).statusCode).toBe(403);
  });
});

type Period = { _id: string; name: string; start_date: string; end_date: string; current: boolean; locked: boolean };
const periods = async (token = anita) =>
  expectResponse(ROUTES.periodList, await req('GET', '/api/assessment_periods/', token)).result as Period[];

describe('assessment periods', () => {
  it('401 without a token; the first list makes the terms of the school year, one of them current', async () => {
    expect((await req('GET', '/api/assessment_periods/')).statusCode).toBe(401);
    const list = await periods(tara);
    expect(list.length).toBe(3);
    expect(list.filter((p) => p.current)).toHaveLength(1);
    expect((await req('GET', '/api/assessment_periods/', rohan)).statusCode).toBe(403);
  });

  it('refuses an overlapping period on create and update; only an admin creates and locks', async () => {
    const [first] = await periods();
    const overlap = await req('POST', '/api/assessment_periods/', anita, {
      name: 'Overlap',
      start_date: first?.start_date,
      end_date: first?.end_date,
    });
    expect(overlap.statusCode).toBe(400);
    expect(errorOf(overlap).message).toBe(ASSESSMENT_MESSAGES.periodOverlap);
    expect(
      (await req('POST', '/api/assessment_periods/', tara, { name: 'T', start_date: '01-01-2041', end_date: '31-03-2041' }))
        .statusCode,
    ).toBe(403);
    const made = expectResponse(
      ROUTES.periodCreate,
      await req('POST', '/api/assessment_periods/', anita, {
        name: 'Far term',
        start_date: '01-01-2041',
        end_date: '31-03-2041',
      }),
    ).result;
    const moved = await req('PUT', `/api/assessment_periods/${made._id}`, anita, {
      name: 'Far term',
      start_date: first?.start_date,
      end_date: '31-03-2041',
    });
    expect(moved.statusCode).toBe(400);
    expect(errorOf(moved).message).toBe(ASSESSMENT_MESSAGES.periodOverlap);
    const backwards = await req('PUT', `/api/assessment_periods/${made._id}`, anita, {
      name: 'Far term',
      start_date: '31-03-2041',
      end_date: '01-01-2041',
    });
    expect(errorOf(backwards).message).toBe(ASSESSMENT_MESSAGES.endBeforeStart);
    expect((await req('POST', `/api/assessment_periods/${made._id}/lock`, tara)).statusCode).toBe(403);
    const locked = expectResponse(ROUTES.periodLock, await req('POST', `/api/assessment_periods/${made._id}/lock`, anita));
    expect(locked.result).toMatchObject({ locked: true, locked_by: expect.stringContaining('Anita') });
    const edit = await req('PUT', `/api/assessment_periods/${made._id}`, anita, {
      name: 'Renamed',
      start_date: '01-01-2041',
      end_date: '31-03-2041',
    });
    expect(edit.statusCode).toBe(409);
    expect(errorOf(edit).code).toBe(ERROR_CODES.periodLocked);
    const open = expectResponse(ROUTES.periodUnlock, await req('POST', `/api/assessment_periods/${made._id}/unlock`, anita));
    expect(open.result.locked).toBe(false);
    // Mona holds no assessment permission at Moonbeam: refused before the period is looked for.
    expect((await req('POST', `/api/assessment_periods/${made._id}/lock`, mona)).statusCode).toBe(403);
  });
});

type Scale = { _id: string; name: string; kind: string; archived: boolean };
const scales = async (token = tara) =>
  expectResponse(ROUTES.gradeScaleList, await req('GET', '/api/grade_scales/', token)).result as Scale[];

describe('grade scales', () => {
  it('gives a school three default scales on first read, its own', async () => {
    expect((await req('GET', '/api/grade_scales/')).statusCode).toBe(401);
    const list = await scales();
    expect(list.map((s) => [s.name, s.kind])).toEqual([
      ['Points (out of 10)', 'points'],
      ['Letters A–E', 'letters'],
      ['Standards (emerging / expected / exceeding)', 'levels'],
    ]);
    // Two first reads at once (Moonbeam has read none yet) still make the three defaults once.
    const [theirs, again] = await Promise.all([scales(mona), scales(mona)]);
    expect(theirs).toHaveLength(3);
    expect(again.map((s) => s._id)).toEqual(theirs.map((s) => s._id));
    expect(theirs.some((s) => list.some((m) => m._id === s._id))).toBe(false);
    expect((await req('GET', '/api/grade_scales/', rohan)).statusCode).toBe(403);
  });

  it('lets an admin create, edit and archive scales; teachers may not', async () => {
    const body = {
      name: 'Stars',
      kind: 'levels',
      levels: [
        { code: '1', label: 'One star', value: 50 },
        { code: '2', label: 'Two stars', value: 100 },
      ],
    };
    expect((await req('POST', '/api/grade_scales/', tara, body)).statusCode).toBe(403);
    const dup = await req('POST', '/api/grade_scales/', anita, { ...body, levels: [body.levels[0], body.levels[0]] });
    expect(dup.statusCode).toBe(400);
    const noMax = await req('POST', '/api/grade_scales/', anita, { name: 'Marks', kind: 'points' });
    expect(errorOf(noMax).errors?.[0]?.field).toBe('max_points');
    const made = expectResponse(ROUTES.gradeScaleCreate, await req('POST', '/api/grade_scales/', anita, body)).result;
    const edited = expectResponse(
      ROUTES.gradeScaleUpdate,
      await req('PUT', `/api/grade_scales/${made._id}`, anita, { ...body, name: 'Stars (two)' }),
    ).result;
    expect(edited.name).toBe('Stars (two)');
    expect((await req('PUT', `/api/grade_scales/${made._id}`, mona, body)).statusCode).toBe(403);
    expect((await req('DELETE', `/api/grade_scales/${made._id}`, tara)).statusCode).toBe(403);
    expectResponse(ROUTES.gradeScaleArchive, await req('DELETE', `/api/grade_scales/${made._id}`, anita));
    expect((await scales()).find((s) => s._id === made._id)?.archived).toBe(true);
    // An archived scale is not offered to new tasks.
    const [current] = (await periods()).filter((p) => p.current);
    const task = await req('POST', '/api/assessment_tasks/', tara, {
      class_id: nurseryA,
      title: 'Stars task',
      subject: 'Maths',
      scale_id: made._id,
      due_date: current?.start_date,
    });
    expect(task.statusCode).toBe(400);
    expect(errorOf(task).errors?.[0]?.field).toBe('scale_id');
  });
});

describe('the gradebook', () => {
  let current: Period;
  let points: Scale;
  let letters: Scale;
  let levels: Scale;
  let classwork: string;
  let projects: string;
  let counting: string;
  let phonics: string;
  let standards: string;
  let loose: string;
  const vihaan = demoId('student:Vihaan Gupta');
  const taskBody = (over: Record<string, unknown> = {}) => ({
    class_id: nurseryA,
    title: 'Counting to ten',
    subject: 'Maths',
    scale_id: points._id,
    due_date: current.start_date,
    ...over,
  });
  const createTask = async (over: Record<string, unknown> = {}, token = tara) =>
    expectResponse(ROUTES.taskCreate, await req('POST', '/api/assessment_tasks/', token, taskBody(over))).result;
  const grade = (taskId: string, grades: object[], token = tara) =>
    req('PUT', `/api/assessment_tasks/${taskId}/grades`, token, { grades });
  const grid = async (query = '', token = tara) =>
    expectResponse(ROUTES.gradebook, await req('GET', `/api/gradebook/${nurseryA}${query}`, token)).result;

  beforeAll(async () => {
    current = (await periods()).find((p) => p.current) as Period;
    [points, letters, levels] = (await scales()) as [Scale, Scale, Scale];
  });

  it('keeps categories per class with weights adding up to 100 at most', async () => {
    expect((await req('POST', '/api/grade_categories/', undefined, { class_id: nurseryA, name: 'X' })).statusCode).toBe(401);
    const made = async (name: string, weight: number | null) =>
      expectResponse(
        ROUTES.gradeCategoryCreate,
        await req('POST', '/api/grade_categories/', tara, { class_id: nurseryA, name, weight }),
      ).result._id;
    classwork = await made('Classwork', 40);
    projects = await made('Projects', 60);
    const over = await req('POST', '/api/grade_categories/', tara, { class_id: nurseryA, name: 'Extra', weight: 10 });
    expect(over.statusCode).toBe(400);
    expect(errorOf(over).message).toBe(ASSESSMENT_MESSAGES.weightsOverHundred);
    const raise = await req('PUT', `/api/grade_categories/${classwork}`, tara, { name: 'Classwork', weight: 41 });
    expect(errorOf(raise).message).toBe(ASSESSMENT_MESSAGES.weightsOverHundred);
    expect((await req('POST', '/api/grade_categories/', neha, { class_id: nurseryA, name: 'N', weight: null })).statusCode).toBe(
      403,
    );
    expect((await req('POST', '/api/grade_categories/', mona, { class_id: nurseryA, name: 'M', weight: null })).statusCode).toBe(
      404,
    );
    expect((await req('POST', '/api/grade_categories/', rohan, { class_id: nurseryA, name: 'R', weight: null })).statusCode).toBe(
      403,
    );
    expect((await req('PUT', `/api/grade_categories/${classwork}`, neha, { name: 'N' })).statusCode).toBe(403);
    expect((await req('DELETE', `/api/grade_categories/${classwork}`, mona)).statusCode).toBe(404);
  });

  it('checks a task: a date in a period, a category of the class, an area of the curriculum, class access', async () => {
    expect((await req('POST', '/api/assessment_tasks/', undefined, taskBody())).statusCode).toBe(401);
    const outside = await req('POST', '/api/assessment_tasks/', tara, taskBody({ due_date: '01-01-2000' }));
    expect(outside.statusCode).toBe(400);
    expect(errorOf(outside).message).toBe(ASSESSMENT_MESSAGES.notInPeriod);
    const theirs = expectResponse(
      ROUTES.gradeCategoryCreate,
      await req('POST', '/api/grade_categories/', neha, { class_id: kindergartenB, name: 'KB', weight: null }),
    ).result._id;
    const wrongCategory = await req('POST', '/api/assessment_tasks/', tara, taskBody({ category_id: theirs }));
    expect(errorOf(wrongCategory).message).toBe(ASSESSMENT_MESSAGES.categoryOfClass);
    const wrongArea = await req(
      'POST',
      '/api/assessment_tasks/',
      tara,
      taskBody({ learning_area_id: '86e78d003d57f5ab838484e7' }),
    );
    expect(errorOf(wrongArea).errors?.[0]?.field).toBe('learning_area_id');
    expect((await req('POST', '/api/assessment_tasks/', neha, taskBody())).statusCode).toBe(403);
    expect((await req('POST', '/api/assessment_tasks/', mona, taskBody())).statusCode).toBe(404);
    expect((await req('POST', '/api/assessment_tasks/', rohan, taskBody())).statusCode).toBe(403);
    const made = await createTask({ category_id: classwork, learning_area_id: CL, kind: 'summative' });
    expect(made).toMatchObject({ period_id: current._id, status: 'pending', graded_count: 0, kind: 'summative' });
    counting = made._id;
    phonics = (await createTask({ title: 'Letter sounds', subject: 'Literacy', scale_id: letters._id, category_id: projects }))
      ._id;
    standards = (await createTask({ title: 'Sorting shapes', subject: 'Maths', scale_id: levels._id, category_id: projects }))
      ._id;
    loose = (await createTask({ title: 'Free drawing', subject: 'Art' }))._id;
    const renamed = expectResponse(
      ROUTES.taskUpdate,
      await req('PUT', `/api/assessment_tasks/${loose}`, tara, { title: 'Free drawing!', status: 'completed' }),
    ).result;
    expect(renamed).toMatchObject({ title: 'Free drawing!', status: 'completed' });
    expect((await req('PUT', `/api/assessment_tasks/${loose}`, neha, { title: 'x' })).statusCode).toBe(403);
    expect((await req('PUT', `/api/assessment_tasks/${loose}`, mona, { title: 'x' })).statusCode).toBe(404);
    expect((await req('PUT', `/api/assessment_tasks/${loose}`, tara, { due_date: '01-01-2000' })).statusCode).toBe(400);
  });

  it('refuses a grade off the scale for each kind of scale, and the whole call with it', async () => {
    expect((await req('PUT', `/api/assessment_tasks/${counting}/grades`, undefined, { grades: [] })).statusCode).toBe(401);
    for (const value of ['11', '-1', '7.555', 'abc', '1e1']) {
      const res = await grade(counting, [
        { student_id: diya, value: '5' },
        { student_id: aarav, value },
      ]);
      expect(res.statusCode, value).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: ERROR_CODES.gradeNotOnScale, message: ASSESSMENT_MESSAGES.gradeOutOfRange });
      expect(errorOf(res).errors?.[0]?.field).toBe('grades.1.value');
    }
    const letter = await grade(phonics, [{ student_id: aarav, value: 'F' }]);
    expect(errorOf(letter)).toMatchObject({ code: ERROR_CODES.gradeNotOnScale, message: ASSESSMENT_MESSAGES.gradeNotOnScale });
    const level = await grade(standards, [{ student_id: aarav, value: 'great' }]);
    expect(errorOf(level).errors?.[0]?.field).toBe('grades.0.value');
    const stranger = await grade(counting, [{ student_id: ira, value: '5' }]);
    expect(errorOf(stranger)).toMatchObject({ code: ERROR_CODES.notInClass });
    expect((await grade(counting, [{ student_id: aarav, value: '5' }], neha)).statusCode).toBe(403);
    expect((await grade(counting, [{ student_id: aarav, value: '5' }], mona)).statusCode).toBe(404);
    expect((await grade(counting, [{ student_id: aarav, value: '5' }], rohan)).statusCode).toBe(403);
    // Nothing of the refused calls was saved.
    expect((await grid()).grades).toEqual([]);
  });

  it("links a grade to the child's evidence only", async () => {
    const [note] = (await t.services.evidence.ofChildren(scopeOf(taraId), [diya], isoIn(-10), isoIn(0))).get(diya) ?? [];
    const wrong = await grade(counting, [{ student_id: aarav, value: '7', evidence: [{ kind: note?.kind, id: note?.id }] }]);
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ message: ASSESSMENT_MESSAGES.evidenceOfChild });
    expect(errorOf(wrong).errors?.[0]?.field).toBe('grades.0.evidence');
    const saved = expectResponse(
      ROUTES.gradesSave,
      await grade(counting, [
        { student_id: diya, value: '5', comment: 'Counted to five', evidence: [{ kind: note?.kind, id: note?.id }] },
      ]),
    ).result;
    expect(saved.grades).toHaveLength(1);
    expect(saved.grades[0]).toMatchObject({
      value: '5',
      comment: 'Counted to five',
      updated_by: expect.stringContaining('Tara'),
    });
    expect(saved.task.graded_count).toBe(1);
  });

  it('saves many cells at once, stores codes as the scale spells them, clears empty cells, and averages by weight', async () => {
    expectResponse(
      ROUTES.gradesSave,
      await grade(counting, [
        { student_id: aarav, value: '7' },
        { student_id: vihaan, value: '10.00' },
        { student_id: demoId('student:Ananya Iyer'), value: '3' },
      ]),
    );
    const cleared = expectResponse(
      ROUTES.gradesSave,
      await grade(counting, [{ student_id: demoId('student:Ananya Iyer'), value: '' }]),
    );
    expect(cleared.result.grades.map((g) => g.student_id).sort()).toEqual([aarav, diya, vihaan].sort());
    const letter = expectResponse(ROUTES.gradesSave, await grade(phonics, [{ student_id: aarav, value: 'a' }])).result;
    expect(letter.grades[0]?.value).toBe('A');
    expectResponse(ROUTES.gradesSave, await grade(standards, [{ student_id: aarav, value: 'EMERGING' }]));
    expectResponse(ROUTES.gradesSave, await grade(loose, [{ student_id: vihaan, value: '4' }]));

    const g = await grid();
    expect(g.class).toEqual({ _id: nurseryA, name: 'Nursery A' });
    expect(g.period._id).toBe(current._id);
    expect(g.students[0]?.name).toBe('Aarav Sharma');
    expect(g.students.map((s) => s.name)).toEqual([...g.students.map((s) => s.name)].sort());
    expect(g.tasks.map((t) => t._id)).toEqual(expect.arrayContaining([counting, phonics, standards, loose]));
    expect(g.subjects).toEqual(['Art', 'Literacy', 'Maths']);
    expect(g.categories.map((c) => [c.name, c.weight])).toEqual([
      ['Classwork', 40],
      ['Projects', 60],
    ]);
    expect(g.grades.find((x) => x.task_id === standards)?.value).toBe('emerging');
    const avg = new Map(g.averages.map((a) => [a.student_id, a.average]));
    // Aarav: Classwork 7/10 = 70; Projects (A 100 + emerging 33) / 2 = 66.5; (40 x 70 + 60 x 66.5) / 100.
    expect(avg.get(aarav)).toBeCloseTo(67.9, 5);
    // Diya: only Classwork graded (5/10).
    expect(avg.get(diya)).toBe(50);
    // Vihaan: a task with no category, so the plain mean of 10/10 and 4/10.
    expect(avg.get(vihaan)).toBe(70);
    expect(avg.get(demoId('student:Ananya Iyer'))).toBeNull();
    expect(g.abilities).toEqual({ can_add_task: true, can_manage_categories: true });
    const maths = await grid('?subject=Maths');
    expect(maths.tasks.map((t) => t.subject)).toEqual(['Maths', 'Maths']);
    expect((await req('GET', `/api/gradebook/${nurseryA}`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/gradebook/${nurseryA}`, mona)).statusCode).toBe(404);
    expect((await req('GET', `/api/gradebook/${nurseryA}`, rohan)).statusCode).toBe(403);
    expect((await req('GET', `/api/gradebook/${nurseryA}`)).statusCode).toBe(401);
  });

  it('exports the grid as CSV with a neutralised formula-looking title', async () => {
    const evil = (await createTask({ title: '=HYPERLINK("http://x")', subject: 'Maths', category_id: classwork }))._id;
    expectResponse(ROUTES.gradesSave, await grade(evil, [{ student_id: aarav, value: '9' }]));
    const res = await req('GET', `/api/gradebook/${nurseryA}/export`, tara);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    const due = current.start_date;
    expect(lines[0]).toContain(`Child,"Counting to ten (Maths, due ${due})"`);
    expect(lines[0]).toContain(`"'=HYPERLINK(""http://x"") (Maths, due ${due})"`);
    expect(lines[0]?.endsWith(',Average')).toBe(true);
    const aaravLine = lines.find((l) => l.startsWith('Aarav Sharma')) ?? '';
    expect(aaravLine.split(',')).toContain('7');
    expect(aaravLine.split(',')).toContain('A');
    expect((await req('GET', `/api/gradebook/${nurseryA}/export`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/gradebook/${nurseryA}/export`, mona)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/assessment_tasks/${evil}`, neha)).statusCode).toBe(403);
    expectResponse(ROUTES.taskDelete, await req('DELETE', `/api/assessment_tasks/${evil}`, tara));
  });

  it('deleting a category keeps its tasks, in no category', async () => {
    const temp = expectResponse(
      ROUTES.gradeCategoryCreate,
      await req('POST', '/api/grade_categories/', tara, { class_id: nurseryA, name: 'Temporary', weight: null }),
    ).result._id;
    const task = await createTask({ title: 'In temporary', category_id: temp });
    expectResponse(ROUTES.gradeCategoryDelete, await req('DELETE', `/api/grade_categories/${temp}`, tara));
    const g = await grid();
    expect(g.tasks.find((x) => x._id === task._id)?.category_id).toBeNull();
    expect(g.categories.some((c) => c._id === temp)).toBe(false);
    await req('DELETE', `/api/assessment_tasks/${task._id}`, tara);
  });

  it('refuses every change in a locked period with 409 PERIOD_LOCKED, and saves nothing', async () => {
    const far = expectResponse(
      ROUTES.periodCreate,
      await req('POST', '/api/assessment_periods/', anita, {
        name: 'Locked term',
        start_date: '01-06-2042',
        end_date: '31-07-2042',
      }),
    ).result;
    const task = await createTask({ title: 'Before the lock', due_date: '10-06-2042' });
    expectResponse(ROUTES.gradesSave, await grade(task._id, [{ student_id: aarav, value: '6' }]));
    expectResponse(ROUTES.periodLock, await req('POST', `/api/assessment_periods/${far._id}/lock`, anita));
    const refusals = [
      await req('POST', '/api/assessment_tasks/', tara, taskBody({ title: 'After', due_date: '11-06-2042' })),
      await req('PUT', `/api/assessment_tasks/${task._id}`, tara, { title: 'Changed' }),
      await req('PUT', `/api/assessment_tasks/${counting}`, tara, { due_date: '11-06-2042' }),
      await grade(task._id, [{ student_id: aarav, value: '9' }]),
      await grade(task._id, [{ student_id: aarav, value: null }]),
      await req('DELETE', `/api/assessment_tasks/${task._id}`, tara),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toMatchObject({ code: ERROR_CODES.periodLocked, message: ASSESSMENT_MESSAGES.periodLockedRefusal });
    }
    const g = await grid(`?period_id=${far._id}`);
    expect(g.period.locked).toBe(true);
    expect(g.abilities.can_add_task).toBe(false);
    expect(g.tasks.map((x) => [x.title, x.abilities.can_grade])).toEqual([['Before the lock', false]]);
    expect(g.grades.map((x) => [x.student_id, x.value])).toEqual([[aarav, '6']]);
    expect((await grid()).tasks.find((x) => x._id === counting)?.due_date).toBe(current.start_date);
  });
});

describe("the demo's gradebook", () => {
  it('seeds Nursery A once through the services: weighted categories, four graded tasks with a few cells empty, two reflections', async () => {
    const fresh = await createTestApp();
    try {
      const { seedDemoPlanningIfEmpty } = await import('../src/seed/planning.js');
      const { seedDemoGradebookIfEmpty } = await import('../src/seed/assessment.js');
      await seedDemoPlanningIfEmpty(fresh.services, new Date());
      expect(await seedDemoGradebookIfEmpty(fresh.services)).toBe(true);
      expect(await seedDemoGradebookIfEmpty(fresh.services)).toBe(false);
      const token = await staffToken(fresh, '9000000003');
      const g = expectResponse(
        ROUTES.gradebook,
        await fresh.request({ method: 'GET', url: `/api/gradebook/${nurseryA}`, headers: bearer(token) }),
      ).result;
      expect(g.categories.map((c) => [c.name, c.weight])).toEqual([
        ['Classwork', 40],
        ['Projects', 60],
      ]);
      expect(g.tasks).toHaveLength(4);
      expect(new Set(g.tasks.map((x) => x.scale_id)).size).toBe(3);
      const cells = g.students.length * g.tasks.length;
      expect(g.grades.length).toBeGreaterThan(cells / 2);
      expect(g.grades.length).toBeLessThan(cells);
      expect(g.averages.filter((a) => a.average !== null).length).toBe(g.students.length);
      const list = expectResponse(
        ROUTES.reflectionList,
        await fresh.request({ method: 'GET', url: '/api/reflections/', headers: bearer(token) }),
      ).result;
      expect(list.items.map((r) => r.author_kind).sort()).toEqual(['child', 'teacher']);
      expect(list.items.find((r) => r.author_kind === 'teacher')?.unit_title).toBeTruthy();
    } finally {
      await fresh.close();
    }
  });
});
