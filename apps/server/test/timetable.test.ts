import { ERROR_CODES, ROUTES, TIMETABLE_MESSAGES, type TimetableBoard } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/modules/timetable/instance.js';
import { demoId } from '../src/seed/demo.js';
import { hardConflicts } from '../src/timetable/solver/model.js';
import { createTestApp, expectResponse, parentToken, requester, staffToken, type TestApp } from './harness.js';
import { multipartFile } from './support/management-fixtures.js';
import { generate, type SunriseTimetable, sunriseTimetable } from './support/timetable-fixtures.js';

/**
 * The timetable (issue 28) over HTTP: subjects, the subject mapping, teachers' constraints and the outline
 * (with their refusals), a generation run on the solver's thread that ends with every lesson placed and no
 * clash (checked again by the plain checker), why an impossible week is impossible, moving and locking
 * lessons with clashes refused, a repair that leaves the rest alone, the exports, and who reads which week.
 */
let t: TestApp;
let tt: SunriseTimetable;
let anita: string;
let tara: string;
let neha: string;
let rohan: string;
const req = requester(() => t);
const nurseryA = demoId('class:nurseryA');
const kgB = demoId('class:kindergartenB');
const taraId = demoId('user:9000000003');
const nehaId = demoId('user:9000000005');

const board = async (): Promise<TimetableBoard> =>
  expectResponse(ROUTES.timetableBoard, await req('GET', '/api/timetable/board', anita)).result;

/** The board's clashes judged again by the solver's plain checker, from the board's own rows. */
function clashesOf(b: TimetableBoard): number {
  const built = build({
    days: b.outline.days.map((d) => ({
      day: d.day,
      periods: d.periods.map((p) => ({ period: p.period, name: p.name, start: 0, end: 0 })),
    })),
    afternoonFrom: 720,
    classes: b.classes.map((c) => ({ id: c._id, name: c.name, size: c.size })),
    teachers: b.teachers.map((x) => ({ id: x._id, name: x.name, maxPerDay: null, unavailable: [], preferredFree: [] })),
    subjects: b.subjects.map((s) => ({ id: s._id, name: s.name, roomType: s.room_type, morning: false })),
    rooms: b.rooms.map((r) => ({ id: r._id, name: r.name, roomType: r.room_type, capacity: r.capacity })),
    lessons: b.lessons.map((l) => ({
      id: l._id,
      classId: l.class_id,
      subjectId: l.subject_id,
      teacherId: l.teacher_id,
      length: l.length,
      day: l.day,
      period: l.period,
      roomId: l.room_id,
      locked: l.locked,
    })),
  });
  return hardConflicts(built.instance, built.current).filter((c) => c.kind !== 'bad_start').length;
}

beforeAll(async () => {
  t = await createTestApp();
  [tara, neha, rohan] = await Promise.all([
    staffToken(t, '9000000003'),
    staffToken(t, '9000000005'),
    parentToken(t, '9000000004'),
  ]);
  tt = await sunriseTimetable(t);
  anita = tt.anita;
}, 60_000);
afterAll(() => t?.close());

describe('timetable inputs', () => {
  it('refuses without a token, to a teacher, and bad bodies', async () => {
    expect((await t.request({ method: 'GET', url: '/api/timetable/board' })).statusCode).toBe(401);
    expect((await req('GET', '/api/timetable/board', tara)).statusCode).toBe(403);
    expect((await req('GET', '/api/timetable/subjects', rohan)).statusCode).toBe(403);
    expect((await req('POST', '/api/timetable/subjects', anita, { name: '' })).statusCode).toBe(400);
    expect((await req('POST', '/api/timetable/mappings', anita, { class_id: nurseryA })).statusCode).toBe(400);
    expect((await req('PUT', '/api/timetable/outline', anita, { schedule_id: null, afternoon_from: '25:00' })).statusCode).toBe(
      400,
    );
  });

  it('keeps subject names unique whatever their case, and a mapped subject cannot be deleted', async () => {
    const taken = await req('POST', '/api/timetable/subjects', anita, { name: 'music' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe(ERROR_CODES.subjectTaken);
    const inUse = await req('DELETE', `/api/timetable/subjects/${tt.music}`, anita);
    expect(
      inUse.statusCode,
      t.logs
        .filter((l) => l.includes('"level":50'))
        .join('\n')
        .slice(0, 3000),
    ).toBe(409);
    expect(inUse.json().code).toBe(ERROR_CODES.subjectInUse);
    const spare = expectResponse(
      ROUTES.timetableSubjectCreate,
      await req('POST', '/api/timetable/subjects', anita, { name: 'Yoga' }),
    ).result;
    expect(spare.abilities.delete).toBe(true);
    expectResponse(ROUTES.timetableSubjectDelete, await req('DELETE', `/api/timetable/subjects/${spare._id}`, anita));
    const subjects = expectResponse(ROUTES.timetableSubjects, await req('GET', '/api/timetable/subjects', anita)).result;
    expect(subjects.map((s) => s.name)).toEqual(['Music', 'Phonics']);
    expect(subjects.find((s) => s.name === 'Music')).toMatchObject({ room_type: 'Music room', morning: true, classes: 2 });
  });

  it('maps a subject once per class, with at most half its lessons as doubles, to a teacher who teaches it', async () => {
    const body = { class_id: nurseryA, subject_id: tt.music, teacher_id: taraId, lessons_per_week: 1 };
    const twice = await req('POST', '/api/timetable/mappings', anita, body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe(ERROR_CODES.mappingTaken);
    const doubles = await req('PUT', `/api/timetable/mappings/${tt.nursery_music}`, anita, {
      ...body,
      lessons_per_week: 2,
      double_periods: 2,
    });
    expect(doubles.statusCode).toBe(400);
    expect(doubles.json().message).toBe(TIMETABLE_MESSAGES.doublesTooMany);
    const stranger = await req('PUT', `/api/timetable/mappings/${tt.nursery_music}`, anita, {
      ...body,
      teacher_id: demoId('user:9000000006'),
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(TIMETABLE_MESSAGES.notATeacher);
    const mappings = expectResponse(
      ROUTES.subjectMappings,
      await req('GET', `/api/timetable/mappings?class_id=${nurseryA}`, anita),
    ).result;
    expect(mappings.map((m) => [m.subject.name, m.teacher.name, m.lessons_per_week, m.double_periods])).toEqual([
      ['Music', 'Tara Menon', 2, 0],
      ['Phonics', 'Tara Menon', 3, 1],
    ]);
    // Three periods of phonics with one double: a double and a single lesson.
    const lessons = (await board()).lessons.filter((l) => l.mapping_id === tt.nursery_phonics);
    expect(lessons.map((l) => l.length).sort()).toEqual([1, 2]);
  });

  it('keeps teachers to the subjects they teach', async () => {
    const saved = expectResponse(
      ROUTES.teacherConstraintsUpdate,
      await req('PUT', `/api/timetable/teachers/${nehaId}`, anita, {
        subject_ids: [tt.phonics],
        max_per_day: 3,
        unavailable: [{ day: 'friday', period: 0 }],
        preferred_free: [],
      }),
    ).result;
    expect(saved).toMatchObject({ max_per_day: 3, mapped_periods: 2, unavailable: [{ day: 'friday', period: 0 }] });
    const refused = await req('PUT', `/api/timetable/mappings/${tt.kg_music}`, anita, {
      class_id: kgB,
      subject_id: tt.music,
      teacher_id: nehaId,
      lessons_per_week: 2,
    });
    expect(refused.json().message).toBe(TIMETABLE_MESSAGES.teacherCannotTeach);
    expectResponse(
      ROUTES.teacherConstraintsUpdate,
      await req('PUT', `/api/timetable/teachers/${nehaId}`, anita, {
        subject_ids: [],
        max_per_day: 3,
        unavailable: [{ day: 'friday', period: 0 }],
        preferred_free: [],
      }),
    );
    const teachers = expectResponse(ROUTES.teacherConstraints, await req('GET', '/api/timetable/teachers', anita)).result;
    expect(teachers.find((x) => x.teacher._id === taraId)?.mapped_periods).toBe(5);
    expect((await req('PUT', '/api/timetable/teachers/ffffffffffffffffffffffff', anita, saved)).statusCode).toBe(404);
  });

  it('reads the week from the day schedule: its periods, not its breaks', async () => {
    const outline = expectResponse(ROUTES.timetableOutline, await req('GET', '/api/timetable/outline', anita)).result;
    expect(outline.total_periods).toBe(20);
    expect(outline.days[0]?.periods.map((p) => [p.name, p.start])).toEqual([
      ['Period 1', '09:00 AM'],
      ['Period 2', '09:45 AM'],
      ['Period 3', '10:50 AM'],
      ['Period 4', '01:00 PM'],
    ]);
    expect(outline.afternoon_from).toBe('12:00 PM');
  });
});

describe('generating', () => {
  it('places every lesson with no clash, in a background run, and tells the task panel', async () => {
    const logs: { userId: string; stage: string; level: number }[] = [];
    const off = t.services.timetable.listen({
      log: (userId, log) => logs.push({ userId, stage: log.currentStage, level: log.progressLevel }),
      verbose: () => undefined,
    });
    const { run } = await generate(t, anita, { mode: 'full', seconds: 2 });
    off();
    expect(run).toMatchObject({ status: 'done', hard: 0, progress: 100, mode: 'full' });
    expect(run?.started_by?.name).toBe('Anita Desai');
    expect(logs.at(-1)).toMatchObject({ userId: demoId('user:9000000002'), level: 100 });
    const b = await board();
    expect(b.lessons.every((l) => l.day !== null)).toBe(true);
    expect(b.conflicts).toEqual([]);
    expect(clashesOf(b)).toBe(0);
    // Music is in the music room; Neha never teaches in her unavailable Friday first period.
    for (const l of b.lessons.filter((x) => x.subject_id === tt.music)) expect(l.room_id).toBe(tt.music_room);
    expect(b.lessons.some((l) => l.teacher_id === nehaId && l.day === 'friday' && l.period === 0)).toBe(false);
    expect(b.run?.status).toBe('done');
  });

  it('refuses a second run while one is going, and stops a run, keeping the best so far', async () => {
    const started = expectResponse(
      ROUTES.timetableRunStart,
      await req('POST', '/api/timetable/runs', anita, { mode: 'full', seconds: 60 }),
    ).result;
    const again = await req('POST', '/api/timetable/runs', anita, { mode: 'full' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ERROR_CODES.timetableRunning);
    await t.services.jobs.runDue();
    const stopped = expectResponse(
      ROUTES.timetableRunStop,
      await req('POST', `/api/timetable/runs/${started._id}/stop`, anita),
    ).result;
    expect(['running', 'stopped']).toContain(stopped.status);
    const before = Date.now();
    await t.services.timetable.settle();
    expect(Date.now() - before).toBeLessThan(20_000);
    const run = expectResponse(ROUTES.timetableRun, await req('GET', `/api/timetable/runs/${started._id}`, anita)).result;
    expect(run.status).toBe('stopped');
    expect(clashesOf(await board())).toBe(0);
  });

  it('says why a week is impossible instead of searching', async () => {
    const spare = expectResponse(
      ROUTES.timetableSubjectCreate,
      await req('POST', '/api/timetable/subjects', anita, { name: 'Singing', room_type: 'Music room' }),
    ).result;
    const mapping = expectResponse(
      ROUTES.subjectMappingCreate,
      await req('POST', '/api/timetable/mappings', anita, {
        class_id: kgB,
        subject_id: spare._id,
        teacher_id: demoId('user:9000000001'),
        lessons_per_week: 19,
      }),
    ).result;
    const { run } = await generate(t, anita, { mode: 'full', seconds: 2 });
    expect(run?.status).toBe('impossible');
    const room = run?.reasons.find((r) => r.kind === 'room_kind_overfull');
    expect(room?.text).toMatch(/^(Music, Singing|Singing, Music): 23 lessons a week need the music room, which has 20 periods$/);
    expect(run?.reasons.some((r) => r.kind === 'group_overfull' && r.values.group === 'Kindergarten B')).toBe(true);
    expectResponse(ROUTES.subjectMappingDelete, await req('DELETE', `/api/timetable/mappings/${mapping._id}`, anita));
    expectResponse(ROUTES.timetableSubjectDelete, await req('DELETE', `/api/timetable/subjects/${spare._id}`, anita));
  });
});

describe('moving lessons', () => {
  it('refuses a move that clashes, moves to a free period, locks, and keeps locked lessons through a run', async () => {
    const b = await board();
    const nurseryMusic = b.lessons.filter((l) => l.mapping_id === tt.nursery_music);
    const kgMusic = b.lessons.find((l) => l.mapping_id === tt.kg_music);
    const mine = nurseryMusic[0];
    if (!mine || !kgMusic?.day || kgMusic.period === null) throw new Error('no music lessons');
    // Onto Kindergarten B's music in the music room: the room is taken.
    const clash = await req('PUT', `/api/timetable/lessons/${mine._id}`, anita, {
      day: kgMusic.day,
      period: kgMusic.period,
      room_id: tt.music_room,
      locked: false,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe(ERROR_CODES.lessonClash);
    expect(clash.json().message).toContain('room clash');
    // Music in the class's own room: not the room it needs.
    const home = await req('PUT', `/api/timetable/lessons/${mine._id}`, anita, {
      day: mine.day,
      period: mine.period,
      room_id: null,
      locked: false,
    });
    expect(home.statusCode).toBe(400);
    expect(home.json().message).toBe(TIMETABLE_MESSAGES.roomWrongKind);
    // A period of the outline that does not exist.
    const nowhere = await req('PUT', `/api/timetable/lessons/${mine._id}`, anita, {
      day: 'sunday',
      period: 0,
      room_id: tt.music_room,
      locked: false,
    });
    expect(nowhere.statusCode).toBe(400);
    // A free period for Tara, Nursery A and the music room.
    const busy = new Set(
      b.lessons
        .filter((l) => l._id !== mine._id && (l.class_id === nurseryA || l.teacher_id === taraId || l.room_id === tt.music_room))
        .flatMap((l) =>
          l.length === 2 ? [`${l.day}:${l.period}`, `${l.day}:${(l.period ?? 0) + 1}`] : [`${l.day}:${l.period}`],
        ),
    );
    const free = b.outline.days
      .flatMap((d) => d.periods.map((p) => ({ day: d.day, period: p.period })))
      .find((p) => !busy.has(`${p.day}:${p.period}`));
    if (!free) throw new Error('no free period');
    const moved = expectResponse(
      ROUTES.timetableLessonUpdate,
      await req('PUT', `/api/timetable/lessons/${mine._id}`, anita, { ...free, room_id: tt.music_room, locked: true }),
    ).result;
    expect(moved).toMatchObject({ ...free, locked: true });
    const { run } = await generate(t, anita, { mode: 'full', seconds: 2 });
    expect(run?.hard).toBe(0);
    const after = (await board()).lessons.find((l) => l._id === mine._id);
    expect(after).toMatchObject({ ...free, locked: true, room_id: tt.music_room });
  });

  it('repairs only what a change touches', async () => {
    // Tara becomes unavailable where one of her lessons is: a repair moves it and leaves Kindergarten B alone.
    const b = await board();
    const hers = b.lessons.find((l) => l.teacher_id === taraId && !l.locked && l.length === 1);
    if (!hers?.day || hers.period === null) throw new Error('no lesson of Tara');
    expectResponse(
      ROUTES.teacherConstraintsUpdate,
      await req('PUT', `/api/timetable/teachers/${taraId}`, anita, {
        subject_ids: [],
        max_per_day: null,
        unavailable: [{ day: hers.day, period: hers.period }],
        preferred_free: [],
      }),
    );
    const broken = await board();
    expect(broken.conflicts.map((c) => c.kind)).toContain('teacher_unavailable');
    const kgBefore = broken.lessons.filter((l) => l.class_id === kgB).map((l) => [l._id, l.day, l.period]);
    const { run } = await generate(t, anita, { mode: 'repair', seconds: 2 });
    expect(run).toMatchObject({ status: 'done', hard: 0, mode: 'repair' });
    const repaired = await board();
    expect(repaired.conflicts).toEqual([]);
    expect(repaired.lessons.filter((l) => l.class_id === kgB).map((l) => [l._id, l.day, l.period])).toEqual(kgBefore);
    const moved = repaired.lessons.find((l) => l._id === hers._id);
    expect([moved?.day, moved?.period]).not.toEqual([hers.day, hers.period]);
  });

  it('unplaces a lesson, which then shows as not placed', async () => {
    const b = await board();
    const one = b.lessons.find((l) => !l.locked);
    if (!one) throw new Error('no lesson');
    expectResponse(
      ROUTES.timetableLessonUpdate,
      await req('PUT', `/api/timetable/lessons/${one._id}`, anita, { day: null, period: null, room_id: null, locked: false }),
    );
    const after = await board();
    expect(after.conflicts.some((c) => c.kind === 'unplaced' && c.lesson_ids.includes(one._id))).toBe(true);
    const { run } = await generate(t, anita, { mode: 'repair', seconds: 2 });
    expect(run?.hard).toBe(0);
  });
});

describe('reading the week', () => {
  it('exports every lesson as CSV and as XHSTT', async () => {
    const csv = await req('GET', '/api/timetable/export.csv', anita);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('class,subject,teacher,periods,day,period,start,end,room,locked');
    expect(lines).toHaveLength(1 + (await board()).lessons.length);
    expect(lines.some((l) => l.startsWith('Nursery A,Music,Tara Menon,1,') && l.includes(',Music room,'))).toBe(true);
    const xml = await req('GET', '/api/timetable/export.xml', anita);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.body).toContain('<HighSchoolTimetableArchive');
    expect(xml.body).toContain('<Time Id="monday_1">');
    expect((xml.body.match(/<Event Id=/g) ?? []).length).toBe((await board()).lessons.length);
    expect((await req('GET', '/api/timetable/export.csv', tara)).statusCode).toBe(403);
  });

  it('imports its own export unchanged, refuses a file that names what does not exist, and changes nothing then', async () => {
    const upload = async (text: string, token = anita) => {
      const file = multipartFile('timetable.csv', Buffer.from(text), 'text/csv');
      return t.request({
        method: 'POST',
        url: '/api/timetable/import',
        headers: { ...file.headers, authorization: `Bearer ${token}` },
        payload: file.payload,
      });
    };
    const exported = (await req('GET', '/api/timetable/export.csv', anita)).body;
    const before = (await board()).lessons.map((l) => [l.class_id, l.subject_id, l.day, l.period, l.room_id, l.length]).sort();
    const result = expectResponse(ROUTES.timetableImport, await upload(exported)).result;
    expect(result).toMatchObject({ mappings: 3, lessons: before.length, placed: before.length, subjects_created: [] });
    const after = (await board()).lessons.map((l) => [l.class_id, l.subject_id, l.day, l.period, l.room_id, l.length]).sort();
    expect(after).toEqual(before);
    // A new subject, placed; then refusals that leave everything as it was.
    const added = expectResponse(
      ROUTES.timetableImport,
      await upload('class,subject,teacher,periods,day,period,room,locked\nKindergarten B,Gardening,Neha Patel,1,,,,no\n'),
    ).result;
    expect(added).toMatchObject({ mappings: 1, lessons: 1, placed: 0, subjects_created: ['Gardening'] });
    const count = (await board()).lessons.length;
    for (const [text, message] of [
      ['class,subject,teacher\nNursery Z,Music,Tara Menon\n', 'Line 2: no class named "Nursery Z"'],
      ['class,subject,teacher\nNursery A,Music,Nobody\n', 'Line 2: no member of staff named "Nobody"'],
      ['class,subject,teacher,day,period\nNursery A,Art,Tara Menon,sunday,1\n', `Line 2: ${TIMETABLE_MESSAGES.periodMissing}`],
      [
        'class,subject,teacher\nNursery A,Art,Tara Menon\nNursery A,Art,Neha Patel\n',
        `Line 3: ${TIMETABLE_MESSAGES.importTeachers}`,
      ],
      ['name,age\nAarav,4\n', TIMETABLE_MESSAGES.importFormat],
      ['class,subject,teacher\n', TIMETABLE_MESSAGES.importEmpty],
    ] as [string, string][]) {
      const res = await upload(text);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await board()).lessons.length).toBe(count);
    expect((await board()).subjects.some((x) => x.name === 'Art')).toBe(false);
    expect((await upload(exported, tara)).statusCode).toBe(403);
    const gardening = (await board()).subjects.find((x) => x.name === 'Gardening');
    const mapping = expectResponse(
      ROUTES.subjectMappings,
      await req('GET', `/api/timetable/mappings?class_id=${kgB}`, anita),
    ).result.find((m) => m.subject._id === gardening?._id);
    expectResponse(ROUTES.subjectMappingDelete, await req('DELETE', `/api/timetable/mappings/${mapping?._id}`, anita));
  });

  it('refuses hostile names and writes formula-looking and markup names as text in the exports', async () => {
    expect((await req('POST', '/api/timetable/subjects', anita, { name: 'Art\u0000' })).statusCode).toBe(400);
    expect([400, 413]).toContain(
      (await req('POST', '/api/timetable/subjects', anita, { name: 'x'.repeat(1024 * 1024) })).statusCode,
    );
    const odd = expectResponse(
      ROUTES.timetableSubjectCreate,
      await req('POST', '/api/timetable/subjects', anita, { name: '=HYPERLINK("x")<b>&' }),
    ).result;
    const mapping = expectResponse(
      ROUTES.subjectMappingCreate,
      await req('POST', '/api/timetable/mappings', anita, {
        class_id: kgB,
        subject_id: odd._id,
        teacher_id: nehaId,
        lessons_per_week: 1,
      }),
    ).result;
    const csv = (await req('GET', '/api/timetable/export.csv', anita)).body;
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(csv).toContain(`'=HYPERLINK`);
    const xml = (await req('GET', '/api/timetable/export.xml', anita)).body;
    expect(xml).toContain('<Name>=HYPERLINK(&quot;x&quot;)&lt;b&gt;&amp;</Name>');
    expect(xml).not.toContain('<b>&');
    expectResponse(ROUTES.subjectMappingDelete, await req('DELETE', `/api/timetable/mappings/${mapping._id}`, anita));
    expectResponse(ROUTES.timetableSubjectDelete, await req('DELETE', `/api/timetable/subjects/${odd._id}`, anita));
  });

  it("shows a teacher their week and their class's week, not another class's", async () => {
    const mine = expectResponse(ROUTES.myTimetable, await req('GET', '/api/timetable/me', tara)).result;
    expect(mine.title).toBe('Tara Menon');
    expect(mine.entries.length).toBe(4);
    expect(mine.entries.every((e) => e.teacher._id === taraId)).toBe(true);
    const cls = expectResponse(ROUTES.classTimetable, await req('GET', `/api/timetable/classes/${nurseryA}`, tara)).result;
    expect(cls.title).toBe('Nursery A');
    expect(new Set(cls.entries.map((e) => e.subject))).toEqual(new Set(['Music', 'Phonics']));
    expect((await req('GET', `/api/timetable/classes/${kgB}`, tara)).statusCode).toBe(403);
    expect((await req('GET', '/api/timetable/classes/ffffffffffffffffffffffff', tara)).statusCode).toBe(404);
    expect((await req('GET', `/api/timetable/classes/${kgB}`, neha)).statusCode).toBe(200);
  });

  it("shows families their child's class's week only when the school shares it", async () => {
    expect((await req('GET', `/api/timetable/classes/${nurseryA}`, rohan)).statusCode).toBe(404);
    const outline = expectResponse(ROUTES.timetableOutline, await req('GET', '/api/timetable/outline', anita)).result;
    expectResponse(
      ROUTES.timetableOutlineUpdate,
      await req('PUT', '/api/timetable/outline', anita, {
        schedule_id: outline.schedule?._id ?? null,
        afternoon_from: outline.afternoon_from,
        share_with_families: true,
      }),
    );
    const week = expectResponse(ROUTES.classTimetable, await req('GET', `/api/timetable/classes/${nurseryA}`, rohan)).result;
    expect(week.entries.length).toBe(4);
    expect(week.days).toHaveLength(5);
    // Rohan's children are in Nursery A and Kindergarten B, not in Moonbeam's Toddlers.
    expect((await req('GET', `/api/timetable/classes/${kgB}`, rohan)).statusCode).toBe(200);
    expect((await req('GET', `/api/timetable/classes/${demoId('class:toddlers')}`, rohan)).statusCode).toBe(404);
    expect((await req('GET', '/api/timetable/me', rohan)).statusCode).toBe(403);
  });
});
