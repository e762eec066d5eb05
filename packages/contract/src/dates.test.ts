import { describe, expect, it } from 'vitest';
import { ddmmyyyySchema } from './common.js';
import {
  addDays,
  ddmmyyyyFromIso,
  eachDay,
  formatHhmmA,
  isIsoDate,
  isoFromDdmmyyyy,
  monthOf,
  parseHhmmA,
  todayIn,
  weekdayOf,
  weekStart,
} from './dates.js';
import { pagePath, readAttendanceParams } from './page-paths.js';

describe('the date module', () => {
  it('turns DD-MM-YYYY into ISO and back, refusing days that do not exist', () => {
    expect(isoFromDdmmyyyy('09-03-2026')).toBe('2026-03-09');
    expect(isoFromDdmmyyyy('31-02-2026')).toBeNull();
    expect(isoFromDdmmyyyy('29-02-2024')).toBe('2024-02-29');
    expect(isoFromDdmmyyyy('2026-03-09')).toBeNull();
    expect(ddmmyyyyFromIso('2026-03-09')).toBe('09-03-2026');
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(ddmmyyyySchema.safeParse('31-02-2026').success).toBe(false);
    expect(ddmmyyyySchema.safeParse('28-02-2026').success).toBe(true);
  });

  it('reads and writes hh:mm A', () => {
    expect(parseHhmmA('12:05 AM')).toEqual({ hour: 0, minute: 5 });
    expect(parseHhmmA('01:30 PM')).toEqual({ hour: 13, minute: 30 });
    expect(parseHhmmA('13:30 PM')).toBeNull();
    expect(formatHhmmA(0, 5)).toBe('12:05 AM');
    expect(formatHhmmA(12, 0)).toBe('12:00 PM');
  });

  it('counts days, weeks and months', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(weekdayOf('2026-03-09')).toBe('monday');
    expect(weekStart('2026-03-15')).toBe('2026-03-09');
    expect(eachDay('2026-03-30', '2026-04-01')).toEqual(['2026-03-30', '2026-03-31', '2026-04-01']);
    expect(monthOf('2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(todayIn('Asia/Jerusalem', new Date('2026-03-09T22:30:00Z'))).toBe('2026-03-10');
    expect(todayIn('Not/AZone', new Date('2026-03-09T22:30:00Z'))).toBe('2026-03-09');
  });
});

describe('page paths', () => {
  it('builds the attendance link the page reads back', () => {
    const link = pagePath.attendance({ classId: 'c1', date: '2026-03-09', studentId: 's1' });
    expect(link).toBe('/housekeeping/attendance?class_id=c1&date=2026-03-09&student_id=s1');
    expect(readAttendanceParams(new URL(link, 'http://x').searchParams)).toEqual({
      classId: 'c1',
      date: '2026-03-09',
      studentId: 's1',
    });
    expect(pagePath.attendance({ date: '09-03-2026' })).toBe('/housekeeping/attendance');
  });
});

describe('the DD-MM-YYYY schema', () => {
  it('says a malformed date once, by its format', () => {
    const issues = ddmmyyyySchema.safeParse('2026-03-09').error?.issues ?? [];
    expect(issues.map((i) => i.code)).toEqual(['invalid_format']);
  });
});

describe('the paths of the pages links point to', () => {
  it('builds the same links the pages had', () => {
    expect(pagePath.childObservations('s1')).toBe('/assessment/observation?type=daily&view=studentView&id=s1');
    expect(pagePath.observationsOfDay('09-03-2026')).toBe('/assessment/observation?type=daily&view=dateView&date=09-03-2026');
    expect(pagePath.announcementEdit('a1')).toBe('/communication/announcements/edit/a1');
    expect(pagePath.communicationEdit('homework', 'h1')).toBe('/communication/homeworks/edit/h1');
    expect(pagePath.attendance({ tab: 'excusals' })).toBe('/housekeeping/attendance?tab=excusals');
    expect(pagePath.studentAttendance('s1')).toBe('/housekeeping/attendance/student/s1');
  });
});
