import { isoFromDdmmyyyy, ROUTES, weekdayOf } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, staffToken, type TestApp } from './harness.js';

/*
 * Today's attendance as the school sees it: the school dashboard and the attendance dashboard's "All
 * classes" count a class whose day is complete as complete, and name the classes not marked yet.
 */
let t: TestApp;
let tara: string;
let anita: string;
const nurseryA = demoId('class:nurseryA');
const kgB = demoId('class:kindergartenB');

const schoolDashboard = async () =>
  expectResponse(
    ROUTES.schoolDashboard,
    await t.request({ method: 'GET', url: ROUTES.schoolDashboard.path, headers: bearer(anita) }),
  ).result;
const attendanceDashboard = async (token = anita) =>
  expectResponse(
    ROUTES.attendanceDashboard,
    await t.request({ method: 'GET', url: ROUTES.attendanceDashboard.path, headers: bearer(token) }),
  ).result;

beforeAll(async () => {
  t = await createTestApp();
  [tara, anita] = [await staffToken(t, '9000000003'), await staffToken(t, '9000000002')];
  // The demo classes meet Monday to Friday: move the clock to a school day.
  for (let i = 0; i < 7; i += 1) {
    const today = isoFromDdmmyyyy((await attendanceDashboard()).today.date) ?? '';
    if (!['saturday', 'sunday'].includes(weekdayOf(today))) break;
    t.clock.advance(86_400_000);
    // A day later the sign-ins have expired: sign in again on the new day.
    [tara, anita] = [await staffToken(t, '9000000003'), await staffToken(t, '9000000002')];
  }
});
afterAll(() => t.close());

describe("today's attendance across the school", () => {
  it('names the classes not marked yet, then counts a completed class as complete', async () => {
    const before = await schoolDashboard();
    const names = (list: { id: string }[]) => list.map((c) => c.id);
    expect(before.attendance_today.classes).toBeGreaterThanOrEqual(2);
    expect(names(before.attendance_today.unmarked_classes)).toEqual(expect.arrayContaining([nurseryA, kgB]));
    expect(before.attendance_today.complete).toBe(0);

    const all = await attendanceDashboard();
    expect(names(all.today.unmarked_classes)).toEqual(expect.arrayContaining([nurseryA, kgB]));
    expect(all.today.classes).toBe(before.attendance_today.classes);

    // Tara takes her class's attendance and marks the day complete.
    const day = expectResponse(
      ROUTES.classAttendance,
      await t.request({ method: 'GET', url: `/api/class_student_attendance/${nurseryA}`, headers: bearer(tara) }),
    ).result;
    const saved = await t.request({
      method: 'POST',
      url: `/api/class_student_attendance/${nurseryA}`,
      headers: bearer(tara),
      payload: {
        date: day.date,
        is_saved: true,
        student_attendance_list: day.student_attendance_list.map((e) => ({ ...e, attendance_status: 'present' })),
      },
    });
    expect(saved.statusCode).toBe(200);

    const after = await schoolDashboard();
    expect(after.attendance_today.complete).toBe(1);
    expect(names(after.attendance_today.unmarked_classes)).not.toContain(nurseryA);
    expect(names(after.attendance_today.unmarked_classes)).toContain(kgB);
    expect(after.attendance_today.marked).toBe(day.student_attendance_list.length);
    expect(after.attendance_today.present).toBe(day.student_attendance_list.length);
    expect(after.attendance_today.rate).toBe(1);

    // "All classes": the rate is over the marked class, and the unmarked one is named beside it.
    const now = await attendanceDashboard();
    expect(now.today.rate).toBe(1);
    expect(names(now.today.unmarked_classes)).toEqual([kgB]);
    // A teacher's own view names only her own class, and nothing once it is marked.
    expect((await attendanceDashboard(tara)).today.unmarked_classes).toEqual([]);
  });
});
