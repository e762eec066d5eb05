import { describe, expect, it } from 'vitest';
import { isSharedPage, searchForSide, sideOfPage, sideOfState } from './sides';

describe("a dual-role person's side, read from the page", () => {
  it('gives pages both sides have to the staff unless they ask for the parent view', () => {
    expect(sideOfPage('/housekeeping/attendance', '')).toBe('staff');
    expect(sideOfPage('/housekeeping/attendance', '?as=parent')).toBe('parent');
    expect(sideOfPage('/housekeeping/attendance/student/abc', '?period=week&as=parent')).toBe('parent');
    expect(sideOfPage('/communication/announcements/', '?as=parent')).toBe('parent');
    expect(isSharedPage('/assessment/portfolio')).toBe(true);
    // A child's record: the staff's view, or the family's with as=parent.
    expect(sideOfPage('/students/abc', '')).toBe('staff');
    expect(sideOfPage('/students/abc', '?as=parent')).toBe('parent');
    expect(isSharedPage('/students')).toBe(false);
    // The chat and the carelog (a report too) have a family's view.
    expect(sideOfPage('/communication/chat/abc', '?as=parent')).toBe('parent');
    expect(sideOfPage('/communication/carelog', '?as=parent')).toBe('parent');
    expect(sideOfPage('/communication/carelog/incidents/abc', '?as=parent')).toBe('parent');
    expect(isSharedPage('/communication/carelog/settings')).toBe(false);
    // The timetable: a teacher's week and her classes', or the family's child's class's.
    expect(sideOfPage('/timetable', '?class_id=abc')).toBe('staff');
    expect(sideOfPage('/timetable', '?class_id=abc&as=parent')).toBe('parent');
  });

  it('keeps every other page on the staff side, and leaves the dashboard and account to either', () => {
    expect(sideOfPage('/housekeeping/attendance-dashboard', '?as=parent')).toBe('staff');
    expect(sideOfPage('/communication/announcements/create', '?as=parent')).toBe('staff');
    expect(sideOfPage('/assessment/observation', '')).toBe('staff');
    expect(sideOfPage('/dashboard', '')).toBeNull();
    expect(sideOfPage('/account', '?as=parent')).toBeNull();
  });

  it('writes the query of a side and reads a side from a navigation', () => {
    expect(searchForSide('?tab=excusals', 'parent')).toBe('?tab=excusals&as=parent');
    expect(searchForSide('?as=parent&tab=excusals', 'staff')).toBe('?tab=excusals');
    expect(searchForSide('?as=parent', 'staff')).toBe('');
    expect(sideOfState({ side: 'parent' })).toBe('parent');
    expect(sideOfState({ side: 'admin' })).toBeNull();
    expect(sideOfState(null)).toBeNull();
  });
});
