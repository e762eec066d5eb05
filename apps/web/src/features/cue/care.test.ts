import { readFileSync } from 'node:fs';
import { CARE_KINDS, LANGUAGES, MEAL_AMOUNTS, MEALS, MOODS, NAPPY_STATES } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { fieldFromHhmmA, hhmmAFromField, readCare } from './drafts';

const aarav = 'a'.repeat(24);
const mia = 'b'.repeat(24);

describe('a care card read from its streamed arguments', () => {
  it('keeps whole entries only: real ids, known kinds, the contract details', () => {
    const draft = readCare({
      care_entries: [
        { student_id: aarav, kind: 'nap', date: '12-11-2026', time: '12:10 PM', details: { end: '01:30 PM' }, note: '' },
        { student_id: mia, kind: 'meal', date: '12-11-2026', time: '12:00 PM', details: { meal: 'lunch', amount: 'lots' } },
        // Still streaming: a short id, an unknown kind.
        { student_id: 'abc', kind: 'nap', date: '12-11-2026', time: '12:10 PM', details: {} },
        { student_id: mia, kind: 'dance', date: '12-11-2026', time: '12:10 PM', details: {} },
      ],
      confirm_allergen: false,
      is_saved: false,
    });
    expect(draft.rows).toEqual([
      { student_id: aarav, kind: 'nap', date: '12-11-2026', time: '12:10 PM', details: { end: '01:30 PM' }, note: '' },
      // An amount the carelog does not know is dropped (the teacher picks one).
      { student_id: mia, kind: 'meal', date: '12-11-2026', time: '12:00 PM', details: { meal: 'lunch' }, note: '' },
    ]);
    expect(draft.confirm_allergen).toBe(false);
  });

  it('a nap still going has a null end', () => {
    const [row] = readCare({
      care_entries: [{ student_id: aarav, kind: 'nap', date: '12-11-2026', time: '12:40 PM', details: { end: null } }],
    }).rows;
    expect(row?.details).toEqual({ end: null });
  });

  it('times go between the wire (hh:mm A) and a time field (HH:mm)', () => {
    expect(fieldFromHhmmA('01:30 PM')).toBe('13:30');
    expect(fieldFromHhmmA('12:10 AM')).toBe('00:10');
    expect(fieldFromHhmmA(null)).toBe('');
    expect(hhmmAFromField('13:30')).toBe('01:30 PM');
    expect(hhmmAFromField('09:05')).toBe('09:05 AM');
    expect(hhmmAFromField('25:00')).toBeNull();
    expect(hhmmAFromField('')).toBeNull();
  });
});

type Catalog = { [key: string]: string | Catalog };
const care = (lng: string) =>
  (JSON.parse(readFileSync(new URL(`../../../public/locales/${lng}/cue.json`, import.meta.url), 'utf8')) as Catalog)
    .care as Catalog;

describe('the care card in every language', () => {
  it('names every kind, meal, amount, nappy state and mood of the carelog', () => {
    for (const lng of LANGUAGES) {
      const c = care(lng);
      for (const [group, values] of [
        ['kind', CARE_KINDS],
        ['meal', MEALS],
        ['amount', MEAL_AMOUNTS],
        ['state', NAPPY_STATES],
        ['mood', MOODS],
      ] as const)
        for (const v of values) expect((c[group] as Catalog)[v], `${lng} care.${group}.${v}`).toBeTruthy();
    }
  });
});
