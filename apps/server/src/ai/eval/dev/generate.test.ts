import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../seed/demo.js';
import { readCases } from '../score.js';
import { CLASSES, categoryOf, type DevCase } from './core.js';
import { DEV_FILE, generate, toJsonl } from './generate.js';

const cases = generate();
const DAY = /^\d{2}-\d{2}-\d{4}$/;
const TIME = /^\d{2}:\d{2} (AM|PM)$/;

describe('the development set', () => {
  it('has at least 1,000 sentences in English, Arabic and Hebrew, over the three demo classes', () => {
    expect(cases.length).toBeGreaterThanOrEqual(1000);
    const count = (f: (c: DevCase) => boolean) => cases.filter(f).length;
    expect(count((c) => c.lang === 'en')).toBeGreaterThan(1000);
    expect(count((c) => c.lang === 'ar')).toBeGreaterThan(300);
    expect(count((c) => c.lang === 'he')).toBeGreaterThan(300);
    for (const cls of ['Nursery A', 'Kindergarten B', 'Toddlers']) expect(count((c) => c.class === cls)).toBeGreaterThan(200);
    for (const category of ['attendance', 'observation', 'announcement', 'multi', 'question', 'mention', 'none'])
      expect(count((c) => c.category === category)).toBeGreaterThan(50);
    expect(count((c) => c.source === 'hand')).toBeGreaterThan(100);
  });

  it('is made the same way every time, and the committed file is what the generator makes', () => {
    expect(toJsonl(generate())).toBe(toJsonl(cases));
    expect(readFileSync(DEV_FILE, 'utf8')).toBe(toJsonl(cases));
  });

  it('lists the same children as the demo school', () => {
    for (const [key, cls] of Object.entries(CLASSES))
      expect(cls.children.map((c) => `${c.first} ${c.last}`)).toEqual([
        ...DEMO.classes[key as keyof typeof DEMO.classes].students,
      ]);
  });

  it('labels every sentence with valid calls of the class', () => {
    const names = new Map(Object.values(CLASSES).map((c) => [c.name, new Set(c.children.map((x) => `${x.first} ${x.last}`))]));
    for (const c of cases) {
      const roster = names.get(c.class) as Set<string>;
      expect(c.date, c.text).toMatch(DAY);
      expect(c.time, c.text).toMatch(TIME);
      expect(categoryOf(c.expected), c.text).toBe(c.category);
      for (const call of c.expected) {
        const a = call.args as Record<string, unknown>;
        if (call.name === 'mark_attendance') {
          expect(a.date, c.text).toMatch(DAY);
          const list = a.student_attendance_list as { student: string; attendance_status: string }[];
          expect(list.length, c.text).toBeGreaterThan(0);
          for (const e of list) {
            expect(roster.has(e.student), `${c.text}: ${e.student}`).toBe(true);
            expect(['present', 'absent', 'late', 'excused']).toContain(e.attendance_status);
          }
        } else if (call.name === 'create_observation') {
          for (const e of a.observation_entries as { student: string; date: string }[]) {
            expect(roster.has(e.student), `${c.text}: ${e.student}`).toBe(true);
            expect(e.date).toMatch(DAY);
          }
        } else if (call.name === 'draft_announcement') {
          expect(a.date).toMatch(DAY);
          expect(a.time).toMatch(TIME);
          expect(typeof a.schedule_later).toBe('boolean');
        } else if (call.name === 'mentioned_students') {
          for (const e of a.students as { student: string }[]) expect(roster.has(e.student)).toBe(true);
        } else {
          expect(call.name).toBe('class_question');
          expect(['absences', 'no_observation_in_area', 'attendance_rate']).toContain(a.kind);
          expect(a.from).toMatch(DAY);
          expect(a.to).toMatch(DAY);
        }
      }
    }
  });

  it('reads back through the scorer', () => {
    expect(readCases(toJsonl(cases))).toHaveLength(cases.length);
  });
});
