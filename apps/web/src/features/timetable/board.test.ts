import { describe, expect, it } from 'vitest';
import { boardNames, conflictedIds, lessonLabel, roomSuits } from './board';

const board = {
  subjects: [{ _id: 's1', name: 'Music', room_type: 'Music room' }],
  classes: [{ _id: 'c1', name: 'Nursery A', size: 12 }],
  teachers: [{ _id: 't1', name: 'Neha Patel' }],
  rooms: [{ _id: 'r1', name: 'Music room', room_type: 'Music room', capacity: 20 }],
  conflicts: [
    { kind: 'teacher_clash' as const, lesson_ids: ['a', 'b'], day: 'monday' as const, period: 0 },
    { kind: 'unplaced' as const, lesson_ids: ['c'], day: null, period: null },
  ],
};

describe('the board by names', () => {
  it('names a lesson by its subject, class and teacher, and its room (none for the class’s own)', () => {
    const names = boardNames(board);
    expect(lessonLabel({ subject_id: 's1', class_id: 'c1', teacher_id: 't1' }, names)).toBe('Music · Nursery A · Neha Patel');
    expect(names.room(null)).toBeNull();
    expect(names.room('r1')).toBe('Music room');
    expect(names.roomTypeOf('s1')).toBe('Music room');
    expect(names.subject('gone')).toBe('…');
  });

  it('marks the lessons in a clash, not those only left out', () => {
    expect([...conflictedIds(board)]).toEqual(['a', 'b']);
  });

  it('suits a subject with a room of its kind, whatever the case', () => {
    expect(roomSuits('Music room', 'music room')).toBe(true);
    expect(roomSuits('Hall', 'Music room')).toBe(false);
    expect(roomSuits(null, null)).toBe(true);
  });
});
