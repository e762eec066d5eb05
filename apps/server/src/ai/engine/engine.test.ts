import { describe, expect, it } from 'vitest';
import { type ToolCall, understand } from './engine.js';

const NAMES = [
  'Aarav Sharma',
  'Diya Patel',
  'Vihaan Gupta',
  'Ananya Iyer',
  'Kabir Khan',
  'Meera Nair',
  'Reyansh Verma',
  'Saanvi Reddy',
  'Omar Haddad',
  'Layla Mansour',
  'Noa Levi',
  'Ethan Brooks',
];
const roster = NAMES.map((n) => {
  const [firstName = '', lastName = ''] = n.split(' ');
  return { id: `${firstName.toLowerCase()}`.padEnd(24, '0'), firstName, lastName };
});
const id = (first: string) => first.toLowerCase().padEnd(24, '0');
// Sunday 22-11-2026, 10:15 in the school's time zone.
const ctx = { roster, now: new Date(Date.UTC(2026, 10, 22, 10, 15)) };
const run = (text: string) => understand(text, ctx, ['c'.repeat(24)]);
const attendanceOf = (calls: ToolCall[]) => {
  const call = calls.find((c) => c.name === 'mark_attendance');
  if (call?.name !== 'mark_attendance') return null;
  return {
    date: call.args.date,
    marks: Object.fromEntries(call.args.student_attendance_list.map((e) => [e.student_id, e.attendance_status])),
  };
};

describe('attendance', () => {
  it('everyone present except two: the whole class, two absent', () => {
    const a = attendanceOf(run('Mark everyone present except Kabir and Noa'));
    expect(Object.keys(a?.marks ?? {})).toHaveLength(12);
    expect(Object.values(a?.marks ?? {}).filter((s) => s === 'absent')).toHaveLength(2);
    expect(a?.marks[id('Kabir')]).toBe('absent');
    expect(a?.marks[id('Noa')]).toBe('absent');
    expect(a?.date).toBe('22-11-2026');
  });

  it('lists only the children the sentence speaks of', () => {
    const a = attendanceOf(run('Kabir is off sick and Meera came in late'));
    expect(a?.marks).toEqual({ [id('Kabir')]: 'absent', [id('Meera')]: 'late' });
  });

  it('reads dates and "both of them"', () => {
    const a = attendanceOf(run('Diya and Omar were absent yesterday'));
    expect(a).toEqual({ date: '21-11-2026', marks: { [id('Diya')]: 'absent', [id('Omar')]: 'absent' } });
    const b = attendanceOf(run('Saanvi and Ethan came. Both of them were late'));
    expect(b?.marks).toEqual({ [id('Saanvi')]: 'late', [id('Ethan')]: 'late' });
  });

  it('handles misspelt names and excused absences', () => {
    expect(attendanceOf(run('Kabeer is excused today'))?.marks).toEqual({ [id('Kabir')]: 'excused' });
  });
});

describe('observations and several intents', () => {
  it("keeps the teacher's words for a child's observation", () => {
    const calls = run('Meera stacked ten blocks today');
    expect(calls).toEqual([
      {
        name: 'create_observation',
        args: {
          observation_entries: [
            {
              student_id: id('Meera'),
              date: '22-11-2026',
              title: 'Observation',
              general_note: 'Meera stacked ten blocks.',
              type_of_anecdote: 'general',
            },
          ],
          is_saved: false,
        },
      },
    ]);
  });

  it('splits "everyone is here except Kabir, and Meera stacked ten blocks today" into two tool calls', () => {
    const calls = run('Everyone is here except Kabir, and Meera stacked ten blocks today');
    expect(calls.map((c) => c.name)).toEqual(['mark_attendance', 'create_observation']);
    expect(attendanceOf(calls)?.marks[id('Kabir')]).toBe('absent');
    expect(attendanceOf(calls)?.marks[id('Meera')]).toBe('present');
  });
});

describe('announcements', () => {
  it('drafts an announcement from "tell parents ..."', () => {
    const [call] = run('Tell parents sports day is on Friday');
    expect(call?.name).toBe('draft_announcement');
    if (call?.name !== 'draft_announcement') return;
    expect(call.args).toMatchObject({
      title: 'Sports day',
      summary: 'Sports day is on Friday.',
      share_with: 'Everyone',
      schedule_later: false,
      is_saved: false,
    });
  });
});

describe('no action', () => {
  it('does nothing for small talk, and only mentions children otherwise', () => {
    expect(run('Good morning!')).toEqual([]);
    expect(run('What a lovely sunny day')).toEqual([]);
    expect(run('I need to talk to Aarav')).toEqual([
      { name: 'mentioned_students', args: { students: [{ id: id('Aarav'), name: 'Aarav Sharma' }] } },
    ]);
  });
});
