import { describe, expect, it } from 'vitest';
import { type EvalCase, type Prediction, readCases, score } from './score.js';

const roster = { k1: 'Kabir Khan', m1: 'Meera Nair', n1: 'Noa Levi' };

const attendanceCase: EvalCase = {
  text: 'Kabir is off sick',
  className: 'Nursery A',
  date: '12-11-2026',
  time: '09:00 AM',
  expected: [
    {
      name: 'mark_attendance',
      args: { date: '12-11-2026', student_attendance_list: [{ student: 'Kabir Khan', attendance_status: 'absent' }] },
    },
  ],
};
const attendance = (status: string, date = '12-11-2026') => ({
  name: 'mark_attendance',
  args: { date, student_attendance_list: [{ student_id: 'k1', attendance_status: status }], is_saved: false },
});
const announcementCase = (scheduled: boolean, time: string): EvalCase => ({
  text: 'Tell parents ...',
  className: 'Nursery A',
  date: '12-11-2026',
  time: '09:00 AM',
  expected: [{ name: 'draft_announcement', args: { date: '13-11-2026', time, schedule_later: scheduled } }],
});
const announcement = (scheduled: boolean, time: string) => ({
  text: 'Tell parents ...',
  tool_calls: [{ name: 'draft_announcement', args: { title: 'x', date: '13-11-2026', time, schedule_later: scheduled } }],
});

describe('readCases', () => {
  it('reads the field names leniently and skips blank lines', () => {
    const cases = readCases(
      [
        '{"text":"a","class":"Nursery A","date":"12-11-2026","time":"03:00 PM","expected":[]}',
        '',
        '{"sentence":"b","class_name":"Nursery A","date":"12-11-2026","expected_tool_calls":[{"name":"mentioned_students","args":{"students":[{"name":"Noa Levi"}]}}]}',
        '{"input":"c","className":"Nursery A","tool_calls":[{"function":{"name":"mark_attendance","arguments":"{\\"date\\":\\"12-11-2026\\"}"}}]}',
      ].join('\n'),
    );
    expect(cases.map((c) => [c.text, c.className, c.time, c.expected.map((e) => e.name)])).toEqual([
      ['a', 'Nursery A', '03:00 PM', []],
      ['b', 'Nursery A', '09:00 AM', ['mentioned_students']],
      ['c', 'Nursery A', '09:00 AM', ['mark_attendance']],
    ]);
    expect(cases[2]?.expected[0]?.args).toEqual({ date: '12-11-2026' });
  });

  it('names the line that is not JSON', () => {
    expect(() => readCases('{"text":"a"}\n{oops')).toThrow('line 2');
  });
});

describe('score', () => {
  it('a right prediction (ids mapped through the roster) scores everything', () => {
    const r = score([attendanceCase], [{ text: 'Kabir is off sick', tool_calls: [attendance('absent')] }], roster);
    expect(r).toMatchObject({ sentences: 1, intentAccuracy: 1, slotExactMatch: 1, failures: [] });
    expect(r.perTool.mark_attendance).toEqual({ precision: 1, recall: 1, tp: 1, fp: 0, fn: 0 });
  });

  it('the right tool with a wrong status or date is an intent but not a slot match', () => {
    for (const wrong of [attendance('late'), attendance('absent', '11-11-2026')]) {
      const r = score([attendanceCase], [{ text: 'Kabir is off sick', tool_calls: [wrong] }], roster);
      expect([r.intentAccuracy, r.slotExactMatch]).toEqual([1, 0]);
      expect(r.failures[0]?.problems[0]).toContain('mark_attendance: expected');
    }
  });

  it('an extra or a missing tool counts against intent accuracy and per-tool precision and recall', () => {
    const extra: Prediction = {
      text: 'Kabir is off sick',
      tool_calls: [attendance('absent'), { name: 'mentioned_students', args: { students: [{ id: 'k1', name: 'Kabir Khan' }] } }],
    };
    const r = score([attendanceCase, attendanceCase], [extra, { text: 'Kabir is off sick', tool_calls: [] }], roster);
    expect(r.intentAccuracy).toBe(0);
    // The first sentence's slots match (the extra tool is not expected); the second has none.
    expect(r.slotExactMatch).toBe(0.5);
    expect(r.perTool.mark_attendance).toMatchObject({ tp: 1, fn: 1, precision: 1, recall: 0.5 });
    expect(r.perTool.mentioned_students).toMatchObject({ fp: 1, precision: 0 });
  });

  it('a sentence that expects nothing matches only when nothing is predicted', () => {
    const none: EvalCase = { ...attendanceCase, text: 'Good morning', expected: [] };
    expect(score([none], [{ text: 'Good morning', tool_calls: [] }], roster).slotExactMatch).toBe(1);
    const r = score([none], [{ text: 'Good morning', tool_calls: [attendance('absent')] }], roster);
    expect([r.intentAccuracy, r.slotExactMatch]).toEqual([0, 0]);
  });

  it('compares an announcement’s time only when it is scheduled, in any spelling of the time', () => {
    expect(score([announcementCase(false, '09:00 AM')], [announcement(false, '10:30 AM')], roster).slotExactMatch).toBe(1);
    expect(score([announcementCase(true, '03:00 PM')], [announcement(true, '3:00 pm')], roster).slotExactMatch).toBe(1);
    expect(score([announcementCase(true, '03:00 PM')], [announcement(true, '04:00 PM')], roster).slotExactMatch).toBe(0);
    expect(score([announcementCase(true, '03:00 PM')], [announcement(false, '03:00 PM')], roster).slotExactMatch).toBe(0);
  });

  it('compares children as sets of names, case-insensitively, whatever the order', () => {
    const mentioned: EvalCase = {
      ...attendanceCase,
      text: 'Pull up Meera and Noa',
      expected: [{ name: 'mentioned_students', args: { students: [{ name: 'meera nair' }, { name: 'NOA LEVI' }] } }],
    };
    const p = (ids: string[]): Prediction => ({
      text: 'Pull up Meera and Noa',
      tool_calls: [{ name: 'mentioned_students', args: { students: ids.map((id) => ({ id })) } }],
    });
    expect(score([mentioned], [p(['n1', 'm1'])], roster).slotExactMatch).toBe(1);
    expect(score([mentioned], [p(['n1'])], roster).slotExactMatch).toBe(0);
    expect(score([mentioned], [p(['n1', 'm1', 'k1'])], roster).slotExactMatch).toBe(0);
  });

  it('pairs predictions by text when their order differs, and a missing one predicts nothing', () => {
    const other: EvalCase = { ...attendanceCase, text: 'Hello', expected: [] };
    const r = score([other, attendanceCase], [{ text: 'Kabir is off sick', tool_calls: [attendance('absent')] }], roster);
    expect([r.intentAccuracy, r.slotExactMatch]).toEqual([1, 1]);
    expect(score([attendanceCase], [], roster).intentAccuracy).toBe(0);
  });
});

describe('log_care slots', () => {
  const careCase: EvalCase = {
    text: 'Kabir and Noa napped 12:10 to 1:30',
    className: 'Nursery A',
    date: '12-11-2026',
    time: '03:00 PM',
    expected: [
      {
        name: 'log_care',
        args: {
          care_entries: ['Kabir Khan', 'Noa Levi'].map((student) => ({
            student,
            kind: 'nap',
            date: '12-11-2026',
            time: '12:10 PM',
            details: { end: '1:30 pm' },
          })),
        },
      },
    ],
  };
  const predicted = (end: string, note = ''): Prediction => ({
    text: careCase.text,
    tool_calls: [
      {
        name: 'log_care',
        args: {
          care_entries: ['k1', 'n1'].map((student_id) => ({
            student_id,
            kind: 'nap',
            date: '12-11-2026',
            time: '12:10 PM',
            details: { end },
            note,
          })),
        },
      },
    ],
  });

  it('compare the children, kind, day, time and what happened, not the free text', () => {
    const r = score([careCase], [predicted('01:30 PM', 'slept well')], roster);
    expect(r.slotExactMatch).toBe(1);
    expect(r.perTool.log_care?.tp).toBe(1);
  });

  it('a wrong nap end fails the slots, not the intent', () => {
    const r = score([careCase], [predicted('02:30 PM')], roster);
    expect(r.intentAccuracy).toBe(1);
    expect(r.slotExactMatch).toBe(0);
  });
});
