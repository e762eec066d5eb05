import { ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { seedDemoHistoryIfMissing } from '../src/seed/history.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let tara: string;
const nurseryA = demoId('class:nurseryA');
const iso = (d: Date) => d.toISOString().slice(0, 10);
const ddmmyyyy = (isoDate: string) => isoDate.split('-').reverse().join('-');
const daysBefore = (n: number) => {
  const d = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()));
  d.setUTCDate(d.getUTCDate() - n);
  return iso(d);
};
const weekday = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).getUTCDay();

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoHistoryIfMissing(t.database.db, t.clock.now())).toBe(true);
  tara = await staffToken(t, '9000000003');
});
afterAll(() => t.close());

const dayOf = async (date: string) =>
  expectResponse(
    ROUTES.classAttendance,
    await t.request({
      method: 'GET',
      url: `/api/class_student_attendance/${nurseryA}?date=${ddmmyyyy(date)}`,
      headers: bearer(tara),
    }),
  ).result;

describe('the demo school four weeks on', () => {
  it('has every school day of the last four weeks marked complete, weekends and the holiday left alone, today unmarked', async () => {
    let completed = 0;
    let holidays = 0;
    for (let n = 1; n <= 28; n += 1) {
      const date = daysBefore(n);
      const day = await dayOf(date);
      const weekend = weekday(date) === 0 || weekday(date) === 6;
      if (day.holiday) {
        holidays += 1;
        expect(day.is_saved).toBe(false);
        expect(day.student_attendance_list.every((s) => s.attendance_status === 'NA')).toBe(true);
      } else if (weekend) {
        expect(day.is_saved).toBe(false);
      } else {
        expect(day.is_saved, date).toBe(true);
        expect(day.completed_by?.first_name).toBe('Tara');
        expect(day.student_attendance_list.every((s) => ['present', 'absent', 'late'].includes(s.attendance_status))).toBe(true);
        completed += 1;
      }
    }
    expect(holidays).toBe(1);
    expect(completed).toBe(19);
    const today = await dayOf(daysBefore(0));
    expect(today.is_saved).toBe(false);
    expect(today.student_attendance_list.every((s) => s.attendance_status === 'NA')).toBe(true);
  });

  it('is written once: a second start leaves it as it is', async () => {
    expect(await seedDemoHistoryIfMissing(t.database.db, t.clock.now())).toBe(false);
  });

  it('shows families published announcements, one of them still new, and observations of their child', async () => {
    const rohan = await parentToken(t, '9000000004');
    const list = await t.request({ method: 'GET', url: ROUTES.announcementList.path, headers: bearer(rohan) });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Library visit on Thursday');
    expect(list.body).toContain('Menu for the coming weeks');
    const notes = await t.request({
      method: 'GET',
      url: `${ROUTES.observationList.path}?student_id=${demoId('student:Aarav Sharma')}`,
      headers: bearer(rohan),
    });
    expect(notes.statusCode).toBe(200);
    expect(notes.body).toContain('Aarav');
  });
});
