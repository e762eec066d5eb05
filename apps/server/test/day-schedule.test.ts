import { DAY_SCHEDULE_MESSAGES, ERROR_CODES, ROUTES } from '@cue/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, calendarEvents, classes } from '../src/platform/db/schema.js';
import { newId } from '../src/platform/ids.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, requester, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // Sunrise's admin: academic_setup.day_schedule
let tara: string; // teacher of Nursery A only
let moonAdmin: string; // Sam acting in Moonbeam: holds every permission there
const sunrise = demoId('school:sunrise');
const nurseryA = demoId('class:nurseryA');
const kindergartenB = demoId('class:kindergartenB');
const req = requester(() => t);

const slot = (name: string, start: string, end: string, kind = 'session') => ({ kind, name, start, end });
const weekly = (extra: object = {}) => ({
  name: 'Sunrise day',
  applies_to: 'school',
  cycle: 'weekly',
  days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({
    day,
    slots: [
      slot('Morning session', '09:00 AM', '11:00 AM'),
      slot('Snack break', '11:00 AM', '11:20 AM', 'break'),
      slot('Afternoon session', '01:15 PM', '03:00 PM'),
    ],
  })),
  ...extra,
});
const refusal = (res: { statusCode: number; json: () => { message: string; code: string } }) => ({
  status: res.statusCode,
  message: res.json().message,
  code: res.json().code,
});
const classDays = (token: string, classId: string, from: string, to?: string) =>
  req('GET', `/api/day_schedules/class/${classId}?from=${from}${to ? `&to=${to}` : ''}`, token);

let schoolScheduleId = '';

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara] = await Promise.all([staffToken(t, '9000000002'), staffToken(t, '9000000003')]);
  const sam = await staffToken(t, '9000000001');
  const switched = await t.request({
    method: 'POST',
    url: ROUTES.switchSchool.path,
    headers: bearer(sam),
    payload: { school_id: demoId('school:moonbeam') },
  });
  moonAdmin = switched.json().result.access_token;
});
afterAll(() => t?.close());

describe('day schedule', () => {
  it('answers 401 on every route without a token', async () => {
    const id = newId();
    for (const [method, url] of [
      ['GET', '/api/day_schedules/'],
      ['POST', '/api/day_schedules/'],
      ['GET', `/api/day_schedules/${id}`],
      ['PUT', `/api/day_schedules/${id}`],
      ['POST', `/api/day_schedules/${id}/archive`],
      ['POST', `/api/day_schedules/${id}/restore`],
      ['GET', `/api/day_schedules/class/${nurseryA}?from=02-11-2026`],
    ] as const)
      expect((await req(method, url)).statusCode, `${method} ${url}`).toBe(401);
  });

  it('falls back on the class’s own hours when no schedule applies', async () => {
    await t.database.db.update(classes).set({ startTime: '08:30', endTime: '12:00' }).where(eq(classes.id, kindergartenB));
    const days = expectResponse(ROUTES.classDays, await classDays(anita, kindergartenB, '06-11-2026', '07-11-2026')).result;
    expect(days.schedule).toBeNull();
    expect(days.days).toEqual([
      { date: '06-11-2026', day: 'friday', slots: [{ kind: 'session', name: 'Session', start: '08:30 AM', end: '12:00 PM' }] },
      { date: '07-11-2026', day: null, slots: [] },
    ]);
  });

  it('creates the school’s weekly schedule, times in and out as hh:mm A, audited', async () => {
    const made = expectResponse(ROUTES.dayScheduleCreate, await req('POST', '/api/day_schedules/', anita, weekly()));
    expect(made.message).toBe(DAY_SCHEDULE_MESSAGES.created);
    schoolScheduleId = made.result._id;
    expect(made.result).toMatchObject({ applies_to: 'school', cycle: 'weekly', division: null, class: null, archived: false });
    expect(made.result.days[0]?.slots[2]).toEqual(slot('Afternoon session', '01:15 PM', '03:00 PM'));
    const list = expectResponse(ROUTES.dayScheduleList, await req('GET', '/api/day_schedules/', anita)).result;
    expect(list.map((s) => s._id)).toContain(schoolScheduleId);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'day_schedule'), eq(auditLog.entityId, schoolScheduleId)));
    expect(audit.map((a) => a.action)).toEqual(['create']);
    expect(audit[0]?.schoolId).toBe(sunrise);

    const days = expectResponse(ROUTES.classDays, await classDays(tara, nurseryA, '02-11-2026', '03-11-2026')).result;
    expect(days.schedule).toEqual({ _id: schoolScheduleId, name: 'Sunrise day', applies_to: 'school' });
    expect(days.days[0]).toMatchObject({ date: '02-11-2026', day: 'monday' });
    expect(days.days[0]?.slots.map((s) => s.start)).toEqual(['09:00 AM', '11:00 AM', '01:15 PM']);
  });

  it('refuses overlapping parts, a part ending before it starts, wrong day keys, a cycle without its start and a second schedule of the school', async () => {
    const overlap = weekly({
      days: [{ day: 'monday', slots: [slot('A', '09:00 AM', '10:30 AM'), slot('B', '10:00 AM', '11:00 AM')] }],
    });
    expect(
      refusal(await req('POST', '/api/day_schedules/', anita, { ...overlap, applies_to: 'class', class_id: nurseryA })),
    ).toEqual({
      status: 400,
      message: DAY_SCHEDULE_MESSAGES.overlap,
      code: ERROR_CODES.scheduleOverlap,
    });
    const backwards = weekly({
      applies_to: 'class',
      class_id: nurseryA,
      days: [{ day: 'monday', slots: [slot('A', '11:00 AM', '09:00 AM')] }],
    });
    expect(refusal(await req('POST', '/api/day_schedules/', anita, backwards))).toEqual({
      status: 400,
      message: DAY_SCHEDULE_MESSAGES.endBeforeStart,
      code: ERROR_CODES.validation,
    });
    const keys = weekly({ applies_to: 'class', class_id: nurseryA, days: [{ day: 'day_1', slots: [] }] });
    expect(refusal(await req('POST', '/api/day_schedules/', anita, keys))).toMatchObject({
      status: 400,
      message: DAY_SCHEDULE_MESSAGES.dayKeys,
    });
    const beyond = {
      ...weekly({ applies_to: 'class', class_id: nurseryA }),
      cycle: 'rotating',
      cycle_days: 3,
      cycle_start: '02-11-2026',
      days: [{ day: 'day_4', slots: [] }],
    };
    expect(refusal(await req('POST', '/api/day_schedules/', anita, beyond))).toMatchObject({
      status: 400,
      message: DAY_SCHEDULE_MESSAGES.dayKeys,
    });
    const noStart = { ...beyond, cycle_start: null, days: [{ day: 'day_1', slots: [] }] };
    expect(refusal(await req('POST', '/api/day_schedules/', anita, noStart))).toMatchObject({
      status: 400,
      message: DAY_SCHEDULE_MESSAGES.cycleStart,
    });
    const noTarget = weekly({ applies_to: 'class' });
    expect(refusal(await req('POST', '/api/day_schedules/', anita, noTarget))).toMatchObject({
      status: 400,
      message: DAY_SCHEDULE_MESSAGES.targetMissing,
    });
    expect(refusal(await req('POST', '/api/day_schedules/', anita, weekly({ name: 'Another day' })))).toEqual({
      status: 400,
      message: DAY_SCHEDULE_MESSAGES.taken,
      code: ERROR_CODES.scheduleTaken,
    });
    // Another school's class does not exist here.
    expect(
      (await req('POST', '/api/day_schedules/', anita, weekly({ applies_to: 'class', class_id: demoId('class:toddlers') })))
        .statusCode,
    ).toBe(404);
  });

  it('lets Tara read her class’s days but not Kindergarten B’s, and keeps the schedules from her', async () => {
    expect((await req('GET', '/api/day_schedules/', tara)).statusCode).toBe(403);
    expect((await req('POST', '/api/day_schedules/', tara, weekly({ name: 'Mine' }))).statusCode).toBe(403);
    expect((await req('GET', `/api/day_schedules/${schoolScheduleId}`, tara)).statusCode).toBe(403);
    expectResponse(ROUTES.classDays, await classDays(tara, nurseryA, '02-11-2026'));
    expect((await classDays(tara, kindergartenB, '02-11-2026')).statusCode).toBe(403);
    // At most 42 days at a time.
    expect((await classDays(tara, nurseryA, '02-11-2026', '14-12-2026')).statusCode).toBe(400);
    expectResponse(ROUTES.classDays, await classDays(tara, nurseryA, '02-11-2026', '13-12-2026'));
  });

  it('hides Sunrise’s schedules from another school', async () => {
    expect((await req('GET', `/api/day_schedules/${schoolScheduleId}`, moonAdmin)).statusCode).toBe(404);
    expect((await req('PUT', `/api/day_schedules/${schoolScheduleId}`, moonAdmin, weekly())).statusCode).toBe(404);
    expect((await req('POST', `/api/day_schedules/${schoolScheduleId}/archive`, moonAdmin)).statusCode).toBe(404);
    expect((await classDays(moonAdmin, nurseryA, '02-11-2026')).statusCode).toBe(404);
    const theirs = expectResponse(
      ROUTES.dayScheduleList,
      await req('GET', '/api/day_schedules/?include_archived=true', moonAdmin),
    ).result;
    expect(theirs.map((s) => s._id)).not.toContain(schoolScheduleId);
  });

  it('resolves a class’s rotating cycle over a holiday, before the school’s schedule', async () => {
    const cycle = {
      name: 'Nursery A rotation',
      applies_to: 'class',
      class_id: nurseryA,
      cycle: 'rotating',
      cycle_days: 3,
      cycle_start: '02-11-2026',
      days: [1, 2, 3].map((k) => ({ day: `day_${k}`, slots: [slot(`Day ${k} circle`, '09:00 AM', '09:30 AM')] })),
    };
    const made = expectResponse(ROUTES.dayScheduleCreate, await req('POST', '/api/day_schedules/', anita, cycle)).result;
    // Wednesday 4 November is a holiday of the school.
    await t.database.db.insert(calendarEvents).values({
      id: newId(),
      schoolId: sunrise,
      title: 'Diwali',
      startDate: '2026-11-04',
      endDate: '2026-11-04',
      isHoliday: true,
      createdBy: demoId('user:9000000002'),
    });
    const days = expectResponse(ROUTES.classDays, await classDays(tara, nurseryA, '02-11-2026', '10-11-2026')).result;
    expect(days.schedule?._id).toBe(made._id);
    expect(days.days.map((d) => d.day)).toEqual(['day_1', 'day_2', null, 'day_3', 'day_1', null, null, 'day_2', 'day_3']);
    expect(days.days[3]?.slots).toEqual([slot('Day 3 circle', '09:00 AM', '09:30 AM')]);
    // Counted from the cycle's start even when the range begins later.
    const later = expectResponse(ROUTES.classDays, await classDays(tara, nurseryA, '09-11-2026')).result;
    expect(later.days[0]?.day).toBe('day_2');
    // A second schedule for the same class is refused.
    expect(refusal(await req('POST', '/api/day_schedules/', anita, { ...cycle, name: 'Other' }))).toMatchObject({
      status: 400,
      code: ERROR_CODES.scheduleTaken,
    });
  });

  it('updates, archives and restores, refusing a restore when another schedule holds the target', async () => {
    const saved = expectResponse(
      ROUTES.dayScheduleUpdate,
      await req('PUT', `/api/day_schedules/${schoolScheduleId}`, anita, weekly({ name: 'Sunrise day (winter)' })),
    );
    expect(saved.result.name).toBe('Sunrise day (winter)');
    const archived = expectResponse(
      ROUTES.dayScheduleArchive,
      await req('POST', `/api/day_schedules/${schoolScheduleId}/archive`, anita),
    );
    expect(archived.result.archived).toBe(true);
    expect(archived.result.abilities).toEqual({ edit: true, archive: false });
    const list = expectResponse(ROUTES.dayScheduleList, await req('GET', '/api/day_schedules/', anita)).result;
    expect(list.map((s) => s._id)).not.toContain(schoolScheduleId);
    // Kindergarten B has no schedule of its own: with the school's archived it is back to its hours.
    expect(expectResponse(ROUTES.classDays, await classDays(anita, kindergartenB, '02-11-2026')).result.schedule).toBeNull();
    const other = expectResponse(
      ROUTES.dayScheduleCreate,
      await req('POST', '/api/day_schedules/', anita, weekly({ name: 'Summer day' })),
    ).result;
    expect(refusal(await req('POST', `/api/day_schedules/${schoolScheduleId}/restore`, anita))).toMatchObject({
      status: 400,
      code: ERROR_CODES.scheduleTaken,
    });
    expectResponse(ROUTES.dayScheduleArchive, await req('POST', `/api/day_schedules/${other._id}/archive`, anita));
    const restored = expectResponse(
      ROUTES.dayScheduleRestore,
      await req('POST', `/api/day_schedules/${schoolScheduleId}/restore`, anita),
    );
    expect(restored.result.archived).toBe(false);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'day_schedule'), eq(auditLog.entityId, schoolScheduleId)));
    expect(audit.map((a) => a.action).sort()).toEqual(['archive', 'create', 'restore', 'update']);
    const update = audit.find((a) => a.action === 'update');
    expect((update?.before as { name?: string } | undefined)?.name).toBe('Sunrise day');
    expect((update?.after as { name?: string } | undefined)?.name).toBe('Sunrise day (winter)');
  });
});
