import {
  addDays,
  ddmmyyyyFromIso,
  ERROR_CODES,
  PLANNING_MESSAGES,
  type PlanningInsights,
  ROUTES,
  todayIn,
  weekStart,
} from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitAreas, unitClasses, units } from '../src/platform/db/schema.js';
import { newId } from '../src/platform/ids.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // admin of Sunrise (class manager)
let tara: string; // teacher of Nursery A
let neha: string; // teacher of Kindergarten B
let rohan: string; // a parent
let mona: string; // teacher at Moonbeam
const nurseryA = demoId('class:nurseryA');
const kgB = demoId('class:kindergartenB');
const sunrise = demoId('school:sunrise');
const aarav = demoId('student:Aarav Sharma');
const diya = demoId('student:Diya Patel');
// EYFS areas (drizzle/0007_frameworks.sql) and one of the PYP themes (not Nursery A's framework).
const UW = '3ce9bd22f2bf1efb3d6fe01f';
const PSED = 'be5d7bb0b9d632ab1d8df940';
const EAD = '723fc262f0d52fdf01e9c8ad';
const CT = '9eb4c955f5311423874ff234';
const M = '92df3baa4cc429432aafe3b8';

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url, headers: token ? bearer(token) : {}, payload });
const wire = ddmmyyyyFromIso;

let today: string;
let nextMonday: string;
let unitId: string;
let otherUnitId: string;

/** A unit of classes, written straight to the tables (the units' own routes are tested elsewhere). */
async function insertUnit(title: string, classIds: string[], areaIds: string[], start: string, end: string) {
  const id = newId();
  const userId = demoId('user:9000000003');
  await t.database.db.insert(units).values({
    id,
    schoolId: sunrise,
    framework: 'eyfs',
    title,
    status: 'running',
    startDate: start,
    endDate: end,
    createdBy: userId,
    updatedBy: userId,
  });
  await t.database.db.insert(unitClasses).values(classIds.map((classId) => ({ unitId: id, classId })));
  if (areaIds.length)
    await t.database.db.insert(unitAreas).values(areaIds.map((learningAreaId) => ({ unitId: id, learningAreaId })));
  return id;
}

const activity = (over: Record<string, unknown> = {}) => ({
  class_id: nurseryA,
  date: wire(addDays(nextMonday, 1)),
  start_time: '10:00 AM',
  end_time: '10:30 AM',
  title: 'Shell sorting',
  description: 'Sort shells by size',
  unit_id: null,
  area_ids: [],
  resource_ids: [],
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, neha, rohan, mona] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000005'),
    parentToken(t, '9000000004'),
    staffToken(t, '9000000006'),
  ]);
  today = todayIn(
    await t.services.school.timeZone(
      await t.services.scopes.of({
        userId: demoId('user:9000000002'),
        kind: 'staff',
        schoolId: sunrise,
        sessionId: 'test',
        isTemp: false,
      }),
    ),
    t.clock.now(),
  );
  nextMonday = addDays(weekStart(today), 7);
  unitId = await insertUnit('Under the sea', [nurseryA], [UW, CT], addDays(today, -20), addDays(today, 30));
  otherUnitId = await insertUnit('Growing things', [kgB], [UW], addDays(today, -20), addDays(today, 30));
});
afterAll(() => t.close());

describe('the weekly plan', () => {
  it('shows the week of a class with its days, hours, units and areas', async () => {
    const plan = expectResponse(
      ROUTES.weeklyPlan,
      await req('GET', `/api/weekly_plans/${nurseryA}?week=${wire(addDays(nextMonday, 3))}`, tara),
    ).result;
    expect(plan.week_start).toBe(wire(nextMonday));
    expect(plan.days).toHaveLength(7);
    expect(plan.days.map((d) => d.open)).toEqual([true, true, true, true, true, false, false]);
    expect(plan.days[0]?.weekday).toBe('monday');
    expect(plan.class).toMatchObject({ _id: nurseryA, framework: 'eyfs', start_time: '09:00 AM', end_time: '03:00 PM' });
    expect(plan.units.map((u) => u.name)).toEqual(['Under the sea']);
    expect(plan.areas.map((a) => a.code)).toContain('UW');
    expect(plan.abilities.can_edit).toBe(true);
    // Without a week: this week of the school's calendar.
    const now = expectResponse(ROUTES.weeklyPlan, await req('GET', `/api/weekly_plans/${nurseryA}`, tara)).result;
    expect(now.week_start).toBe(wire(weekStart(today)));
  });

  it("refuses without a token (401), another school's class (404), a teacher of another class (403), a parent", async () => {
    const url = `/api/weekly_plans/${nurseryA}`;
    expect((await req('GET', url)).statusCode).toBe(401);
    expect((await req('GET', url, mona)).statusCode).toBe(404);
    expect((await req('GET', url, neha)).statusCode).toBe(403);
    expect((await req('GET', url, rohan)).statusCode).toBe(403);
    expect((await req('GET', `${url}?week=31-02-2027`, tara)).statusCode).toBe(400);
    // A class manager plans for every class.
    expect((await req('GET', url, anita)).statusCode).toBe(200);
  });
});

describe('activities', () => {
  it('are placed in the week in order of their start, with their unit, areas and times', async () => {
    const later = expectResponse(
      ROUTES.activityCreate,
      await req(
        'POST',
        '/api/plan_activities/',
        tara,
        activity({ start_time: '11:00 AM', end_time: '11:45 AM', title: 'Story time' }),
      ),
    );
    expect(later.message).toBe(PLANNING_MESSAGES.activityCreated);
    const earlier = expectResponse(
      ROUTES.activityCreate,
      await req(
        'POST',
        '/api/plan_activities/',
        tara,
        activity({ start_time: '09:30 AM', end_time: '10:15 AM', unit_id: unitId, area_ids: [UW, M] }),
      ),
    ).result;
    expect(earlier).toMatchObject({
      start_time: '09:30 AM',
      end_time: '10:15 AM',
      unit: { _id: unitId, name: 'Under the sea' },
      date: wire(addDays(nextMonday, 1)),
    });
    expect(earlier.areas.map((a) => a.code)).toEqual(['UW', 'M']);
    const plan = expectResponse(
      ROUTES.weeklyPlan,
      await req('GET', `/api/weekly_plans/${nurseryA}?week=${wire(nextMonday)}`, tara),
    ).result;
    expect(plan.days[1]?.activities.map((a) => a.title)).toEqual(['Shell sorting', 'Story time']);
    expect(plan.days[0]?.activities).toEqual([]);
  });

  it('refuses what does not fit the class: no title, end before start, a day it does not meet, outside its hours, another class’s unit, another framework’s area', async () => {
    const refuse = async (over: Record<string, unknown>, message: string, code: string, field?: string) => {
      const res = await req('POST', '/api/plan_activities/', tara, activity(over));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message, code, ...(field ? { errors: [{ field, message }] } : {}) });
    };
    await refuse({ title: '  ' }, PLANNING_MESSAGES.activityTitleRequired, ERROR_CODES.validation, 'title');
    await refuse({ start_time: '11:00 AM', end_time: '10:00 AM' }, PLANNING_MESSAGES.endTimeBeforeStart, ERROR_CODES.validation);
    await refuse({ date: wire(addDays(nextMonday, 5)) }, PLANNING_MESSAGES.outsideClassDay, ERROR_CODES.outsideClassDay);
    await refuse(
      { start_time: '08:00 AM', end_time: '09:30 AM' },
      PLANNING_MESSAGES.outsideClassHours,
      ERROR_CODES.outsideClassHours,
    );
    await refuse(
      { start_time: '02:30 PM', end_time: '03:30 PM' },
      PLANNING_MESSAGES.outsideClassHours,
      ERROR_CODES.outsideClassHours,
    );
    await refuse({ unit_id: otherUnitId }, PLANNING_MESSAGES.unitOfClass, ERROR_CODES.validation);
    await refuse({ area_ids: ['86e78d003d57f5ab838484e7'] }, PLANNING_MESSAGES.areasOfClass, ERROR_CODES.validation);
    expect((await req('POST', '/api/plan_activities/', tara, activity({ resource_ids: [newId()] }))).statusCode).toBe(404);
    expect((await req('POST', '/api/plan_activities/', tara, activity({ date: '2027-01-01' }))).statusCode).toBe(400);
  });

  it("refuses without a token (401), another school's class (404), a teacher of another class (403), a parent", async () => {
    expect((await req('POST', '/api/plan_activities/', undefined, activity())).statusCode).toBe(401);
    expect((await req('POST', '/api/plan_activities/', mona, activity())).statusCode).toBe(404);
    expect((await req('POST', '/api/plan_activities/', neha, activity())).statusCode).toBe(403);
    expect((await req('POST', '/api/plan_activities/', rohan, activity())).statusCode).toBe(403);
    const made = expectResponse(
      ROUTES.activityCreate,
      await req('POST', '/api/plan_activities/', tara, activity({ title: 'Painting' })),
    ).result;
    const url = `/api/plan_activities/${made._id}`;
    for (const [token, status] of [
      [undefined, 401],
      [mona, 404],
      [neha, 403],
      [rohan, 403],
    ] as const) {
      expect((await req('PUT', url, token, activity({ title: 'Taken over' }))).statusCode).toBe(status);
      expect((await req('DELETE', url, token)).statusCode).toBe(status);
    }
    // Moving it into another class needs that class too.
    expect((await req('PUT', url, tara, activity({ class_id: kgB }))).statusCode).toBe(403);
  });

  it('is changed and deleted by the class’s staff', async () => {
    const made = expectResponse(
      ROUTES.activityCreate,
      await req('POST', '/api/plan_activities/', tara, activity({ title: 'Clay' })),
    ).result;
    const saved = expectResponse(
      ROUTES.activityUpdate,
      await req(
        'PUT',
        `/api/plan_activities/${made._id}`,
        anita,
        activity({ title: 'Clay pots', date: wire(addDays(nextMonday, 3)) }),
      ),
    );
    expect(saved.message).toBe(PLANNING_MESSAGES.activitySaved);
    expect(saved.result).toMatchObject({ title: 'Clay pots', date: wire(addDays(nextMonday, 3)) });
    const gone = expectResponse(ROUTES.activityDelete, await req('DELETE', `/api/plan_activities/${made._id}`, tara));
    expect(gone.message).toBe(PLANNING_MESSAGES.activityDeleted);
    expect((await req('DELETE', `/api/plan_activities/${made._id}`, tara)).statusCode).toBe(404);
    const plan = expectResponse(
      ROUTES.weeklyPlan,
      await req('GET', `/api/weekly_plans/${nurseryA}?week=${wire(nextMonday)}`, tara),
    ).result;
    expect(plan.days[3]?.activities).toEqual([]);
  });
});

describe('holidays and copying a week', () => {
  const weekAfter = () => addDays(nextMonday, 7);

  it('refuses an activity on a holiday and skips it when copying; copies the rest with times, unit and areas', async () => {
    const wednesday = addDays(weekAfter(), 2);
    const holiday = await req('POST', ROUTES.calendarCreate.path, anita, {
      title: 'Founders day',
      start_date: wire(wednesday),
      end_date: wire(wednesday),
      class_id: null,
      is_holiday: true,
    });
    expect(holiday.statusCode, holiday.body).toBe(200);
    const refused = await req('POST', '/api/plan_activities/', tara, activity({ date: wire(wednesday) }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: ERROR_CODES.holiday, message: PLANNING_MESSAGES.holiday });
    const plan = expectResponse(
      ROUTES.weeklyPlan,
      await req('GET', `/api/weekly_plans/${nurseryA}?week=${wire(weekAfter())}`, tara),
    ).result;
    expect(plan.days[2]?.holiday).toBe('Founders day');

    // Next week has Tuesday's three activities; add one on Wednesday, which falls on the holiday a week on.
    expectResponse(
      ROUTES.activityCreate,
      await req('POST', '/api/plan_activities/', tara, activity({ date: wire(addDays(nextMonday, 2)), title: 'Water play' })),
    );
    const copied = expectResponse(
      ROUTES.weekCopy,
      await req('POST', `/api/weekly_plans/${nurseryA}/copy`, tara, {
        from_week: wire(addDays(nextMonday, 4)),
        to_week: wire(wednesday),
      }),
    );
    expect(copied.message).toBe(PLANNING_MESSAGES.weekCopied);
    expect(copied.result.copied).toBe(3);
    expect(copied.result.skipped).toEqual([{ title: 'Water play', date: wire(wednesday), reason: 'holiday' }]);
    const target = expectResponse(
      ROUTES.weeklyPlan,
      await req('GET', `/api/weekly_plans/${nurseryA}?week=${wire(weekAfter())}`, tara),
    ).result;
    const tuesday = target.days[1]?.activities ?? [];
    expect(tuesday.map((a) => [a.title, a.start_time])).toEqual([
      ['Shell sorting', '09:30 AM'],
      ['Painting', '10:00 AM'],
      ['Story time', '11:00 AM'],
    ]);
    expect(tuesday[0]?.unit?._id).toBe(unitId);
    expect(tuesday[0]?.areas.map((a) => a.code)).toEqual(['UW', 'M']);
    expect(target.days[2]?.activities).toEqual([]);
  });

  it('refuses the same week, an empty week, and those who may not plan the class', async () => {
    const url = `/api/weekly_plans/${nurseryA}/copy`;
    const same = await req('POST', url, tara, { from_week: wire(nextMonday), to_week: wire(addDays(nextMonday, 2)) });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(PLANNING_MESSAGES.sameWeek);
    const empty = await req('POST', url, tara, {
      from_week: wire(addDays(nextMonday, 70)),
      to_week: wire(addDays(nextMonday, 77)),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(PLANNING_MESSAGES.nothingToCopy);
    const body = { from_week: wire(nextMonday), to_week: wire(addDays(nextMonday, 84)) };
    expect((await req('POST', url, undefined, body)).statusCode).toBe(401);
    expect((await req('POST', url, mona, body)).statusCode).toBe(404);
    expect((await req('POST', url, neha, body)).statusCode).toBe(403);
    expect((await req('POST', url, rohan, body)).statusCode).toBe(403);
  });
});

describe("the week's PDF", () => {
  const status = (token: string, id: string) => req('GET', `/api/exports/${id}`, token);

  it('is prepared by a job and opens as a PDF, in English, Arabic and Hebrew', async () => {
    for (const language of ['en', 'ar', 'he'] as const) {
      const started = expectResponse(
        ROUTES.weekPdf,
        await req('POST', `/api/weekly_plans/${nurseryA}/pdf`, tara, { week: wire(nextMonday), language }),
      );
      expect(started.result).toMatchObject({ kind: 'weekly_plan' });
      let now = started.result;
      for (let n = 0; n < 100 && now.status !== 'done' && now.status !== 'failed'; n++) {
        await t.services.jobs.runDue();
        now = expectResponse(ROUTES.exportStatus, await status(tara, started.result.id)).result;
        if (now.status !== 'done') await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(now).toMatchObject({ status: 'done', progress: 100, error: null });
      const file = await t.request({ method: 'GET', url: now.file_link ?? '' });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it("refuses without a token (401), a bad week (400), another school's class (404), a teacher of another class (403), a parent", async () => {
    const url = `/api/weekly_plans/${nurseryA}/pdf`;
    const body = { week: wire(nextMonday), language: 'en' };
    expect((await req('POST', url, undefined, body)).statusCode).toBe(401);
    expect((await req('POST', url, tara, { week: 'next week' })).statusCode).toBe(400);
    expect((await req('POST', url, tara, { ...body, language: 'fr' })).statusCode).toBe(400);
    expect((await req('POST', url, mona, body)).statusCode).toBe(404);
    expect((await req('POST', url, neha, body)).statusCode).toBe(403);
    expect((await req('POST', url, rohan, body)).statusCode).toBe(403);
  });
});

describe('the term plan', () => {
  it("shows the class's academic year, its terms and units with their activities and areas", async () => {
    await req('PUT', ROUTES.schoolPermissionsUpdate.path, anita, { permissions: { term_planning: true } });
    const plan = expectResponse(ROUTES.termPlan, await req('GET', `/api/term_plans/${nurseryA}`, tara)).result;
    // The demo classes' year runs June to May.
    expect(plan.year_start).toBe('01-06-2026');
    expect(plan.year_end).toBe('31-05-2027');
    expect(plan.terms.map((term) => term.name)).toEqual(['summer', 'autumn', 'spring', 'summer']);
    expect(plan.terms[0]?.start).toBe('01-06-2026');
    const unit = plan.units.find((u) => u._id === unitId);
    expect(unit).toMatchObject({ name: 'Under the sea', status: 'running', activity_count: 2 });
    expect(unit?.areas.map((a) => a.code).sort()).toEqual(['COEL-CT', 'UW']);
    expect(plan.units.some((u) => u._id === otherUnitId)).toBe(false);
    // A day outside the recorded year: the September to August year around it.
    const before = expectResponse(ROUTES.termPlan, await req('GET', `/api/term_plans/${nurseryA}?date=15-03-2024`, tara)).result;
    expect([before.year_start, before.year_end]).toEqual(['01-09-2023', '31-08-2024']);
    expect(before.units).toEqual([]);
  });

  it("refuses without a token (401), another school's class (404), a teacher of another class (403), and when the school's feature is off", async () => {
    const url = `/api/term_plans/${nurseryA}`;
    expect((await req('GET', url)).statusCode).toBe(401);
    expect((await req('GET', url, mona)).statusCode).toBe(404);
    expect((await req('GET', url, neha)).statusCode).toBe(403);
    expect((await req('GET', url, rohan)).statusCode).toBe(403);
    expect((await req('GET', `${url}?date=2024`, tara)).statusCode).toBe(400);
    const off = await req('PUT', ROUTES.schoolPermissionsUpdate.path, anita, { permissions: { term_planning: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await req('GET', url, tara)).statusCode).toBe(403);
    await req('PUT', ROUTES.schoolPermissionsUpdate.path, anita, { permissions: { term_planning: true } });
    expect((await req('GET', url, tara)).statusCode).toBe(200);
  });
});

describe('planning insights', () => {
  const insights = async (token = tara, extra = '') =>
    expectResponse(ROUTES.planningInsights, await req('GET', `/api/planning_insights/?class_id=${nurseryA}${extra}`, token))
      .result;
  const area = (data: PlanningInsights, id: string) => data.areas.find((a) => a._id === id);

  it("compares the term's plan with the observations and stories: planned and never evidenced, evidenced and never planned, per child, per unit", async () => {
    const before = await insights();
    const term = before.from_date;
    expect(before.to_date).toBe(wire(today));
    expect(Number(term.slice(0, 2))).toBe(1);
    // The unit runs in the period, tagged UW and Creating and Thinking Critically.
    expect(area(before, UW)).toMatchObject({ planned_units: 1 });
    expect(area(before, CT)).toMatchObject({ planned_units: 1 });
    const ctBefore = area(before, CT);
    const uwBefore = area(before, UW);
    const eadBefore = area(before, EAD);
    const psedBefore = area(before, PSED);

    const day = wire(addDays(today, -1));
    const obs = await req('POST', '/api/observations/', tara, {
      class_id: nurseryA,
      visibility: 'family',
      learning_area_ids: [UW],
      observation_entries: [{ student_id: aarav, date: day, title: 'Shells', general_note: 'Aarav sorted the shells by size' }],
    });
    expect(obs.statusCode, obs.body).toBe(200);
    const art = await req('POST', '/api/observations/', tara, {
      class_id: nurseryA,
      visibility: 'family',
      learning_area_ids: [EAD],
      observation_entries: [{ student_id: diya, date: day, title: 'Art', general_note: 'Diya mixed purple' }],
    });
    expect(art.statusCode, art.body).toBe(200);

    // A published story naming Diya, tagged Mathematics: evidence for the area and for her.
    const told = await req('POST', '/api/stories/', anita, {
      class_id: nurseryA,
      title: 'Counting shells',
      body: '<p>Diya counted the shells.</p>',
      what_next: '',
      story_date: day,
      student_ids: [diya],
      area_ids: [M],
      action: 'publish',
    });
    expect(told.statusCode, told.body).toBe(200);
    expect(told.json().result.status).toBe('published');
    const mBefore = area(before, M);

    const after = await insights();
    expect(area(after, M)?.stories).toBe((mBefore?.stories ?? 0) + 1);
    expect(after.totals.stories).toBe(before.totals.stories + 1);
    expect(after.children.find((c) => c._id === diya)?.by_area[M]).toBe(
      (before.children.find((c) => c._id === diya)?.by_area[M] ?? 0) + 1,
    );
    expect(area(after, UW)?.observations).toBe((uwBefore?.observations ?? 0) + 1);
    expect(area(after, UW)?.coverage).toBe('planned_and_evidenced');
    expect(area(after, EAD)?.observations).toBe((eadBefore?.observations ?? 0) + 1);
    // Nothing planned EAD: evidenced and never planned.
    expect(area(after, EAD)?.coverage).toBe('evidenced_not_planned');
    // Creating and Thinking Critically is planned; when the demo has no evidence of it, it was never evidenced.
    if ((ctBefore?.observations ?? 0) + (ctBefore?.stories ?? 0) === 0)
      expect(area(after, CT)?.coverage).toBe('planned_not_evidenced');
    expect(after.areas.some((a) => a.coverage === 'planned_not_evidenced' || a.coverage === 'planned_and_evidenced')).toBe(true);
    expect(area(after, PSED)?.planned_units).toBe(psedBefore?.planned_units);
    expect(after.totals.observations).toBe(before.totals.observations + 2);
    expect(after.totals.areas_planned).toBeGreaterThanOrEqual(2);

    const aaravBefore = before.children.find((c) => c._id === aarav);
    const aaravAfter = after.children.find((c) => c._id === aarav);
    expect(aaravAfter?.observations).toBe((aaravBefore?.observations ?? 0) + 1);
    expect(aaravAfter?.by_area[UW]).toBe((aaravBefore?.by_area[UW] ?? 0) + 1);
    expect(after.children.find((c) => c._id === diya)?.by_area[EAD]).toBe(
      (before.children.find((c) => c._id === diya)?.by_area[EAD] ?? 0) + 1,
    );
    // A child with no evidence in any planned area misses all of them.
    for (const child of after.children) {
      const missing = after.areas.filter(
        (a) => a.planned_units + a.planned_activities > 0 && !(child.by_area[a._id] ?? 0),
      ).length;
      expect(child.planned_missing).toBe(missing);
    }

    const unit = after.units.find((u) => u._id === unitId);
    const unitBefore = before.units.find((u) => u._id === unitId);
    expect(unit?.evidence).toBe((unitBefore?.evidence ?? 0) + 1);
    expect(unit).toMatchObject({ status: 'running', activities: 2, activities_done: 0 });
    expect(unit?.elapsed).toBeGreaterThan(30);
    expect(unit?.elapsed).toBeLessThan(50);
    expect(after.units.some((u) => u._id === otherUnitId)).toBe(false);
  });

  it('reads a chosen period, and its CSV downloads', async () => {
    const empty = await insights(tara, `&from_date=01-01-2020&to_date=31-01-2020`);
    expect(empty.totals).toMatchObject({ units: 0, activities: 0, observations: 0, areas_planned: 0 });
    expect(empty.areas.every((a) => a.coverage === 'neither')).toBe(true);
    expect(
      (await req('GET', `/api/planning_insights/?class_id=${nurseryA}&from_date=02-01-2020&to_date=01-01-2020`, tara)).statusCode,
    ).toBe(400);
    const csv = await req('GET', `/api/planning_insights/export?class_id=${nurseryA}`, tara);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('planning-insights.csv');
    expect(csv.body).toContain('Understanding the World');
    expect(csv.body).toContain('Aarav Sharma');
    expect(csv.body).toContain('Under the sea');
  });

  it("refuses without a token (401), without a class (400), another school's class (404), a teacher of another class (403), a parent", async () => {
    for (const path of ['/api/planning_insights/', '/api/planning_insights/export']) {
      expect((await req('GET', `${path}?class_id=${nurseryA}`)).statusCode).toBe(401);
      expect((await req('GET', path, tara)).statusCode).toBe(400);
      expect((await req('GET', `${path}?class_id=${nurseryA}`, mona)).statusCode).toBe(404);
      expect((await req('GET', `${path}?class_id=${nurseryA}`, neha)).statusCode).toBe(403);
      expect((await req('GET', `${path}?class_id=${nurseryA}`, rohan)).statusCode).toBe(403);
    }
    expect((await req('GET', `/api/planning_insights/?class_id=${kgB}`, neha)).statusCode).toBe(200);
  });
});
