import type { CareEntry, ChildCareDay, Incident } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  checkDue,
  childSideOf,
  dayTimeline,
  detailsOf,
  doseAllowed,
  entriesByChild,
  fieldFromWire,
  initialsOf,
  isFutureDay,
  isolate,
  lastDose,
  lastEntries,
  markFromClick,
  mealOfTime,
  minutesAsleep,
  minutesBetween,
  newEntryFields,
  nowWire,
  numberedMarks,
  pointOfMark,
  readableDay,
  shiftDay,
  wireFromField,
} from './care';

const ID = (n: number) => n.toString(16).padStart(24, '0');
const person = (n: number, name = `Child ${n}`) => ({ _id: ID(n), name });

function entry(n: number, student: number, time: string, over: Partial<CareEntry> = {}): CareEntry {
  return {
    _id: ID(100 + n),
    class_id: ID(1),
    student: person(student),
    kind: 'meal',
    date: '09-03-2026',
    time,
    details: {},
    note: '',
    checks: [],
    staff: person(50, 'Tara Menon'),
    created_at: `2026-03-09T00:00:${String(n).padStart(2, '0')}Z`,
    updated_at: '2026-03-09T00:00:00Z',
    abilities: { can_edit: true, can_delete: true },
    ...over,
  };
}

describe('times between the wire and the time field', () => {
  it('turns hh:mm A into HH:mm and back, midnight and noon included', () => {
    expect(fieldFromWire('12:05 AM')).toBe('00:05');
    expect(fieldFromWire('12:30 PM')).toBe('12:30');
    expect(fieldFromWire('01:30 PM')).toBe('13:30');
    expect(wireFromField('00:05')).toBe('12:05 AM');
    expect(wireFromField('13:30')).toBe('01:30 PM');
    expect(wireFromField('13:30:00')).toBe('01:30 PM');
  });

  it('gives nothing for an empty or impossible time', () => {
    expect(fieldFromWire(null)).toBe('');
    expect(fieldFromWire('25:00 PM')).toBe('');
    expect(wireFromField('')).toBeUndefined();
    expect(wireFromField('24:10')).toBeUndefined();
  });

  it('prefills a new entry with the time now and the meal of that hour', () => {
    const at = new Date(2026, 2, 9, 12, 7);
    expect(nowWire(at)).toBe('12:07 PM');
    const fields = newEntryFields(at);
    expect(fields.time).toBe('12:07');
    expect(fields.meal).toBe('lunch');
    expect(mealOfTime('08:15')).toBe('breakfast');
    expect(mealOfTime('10:00')).toBe('snack_am');
    expect(mealOfTime('15:00')).toBe('snack_pm');
    expect(mealOfTime('17:30')).toBe('tea');
  });
});

describe('days', () => {
  it('moves across months and years and knows a day to come', () => {
    expect(shiftDay('28-02-2026', 1)).toBe('01-03-2026');
    expect(shiftDay('01-01-2026', -1)).toBe('31-12-2025');
    const now = new Date(2026, 2, 9, 10);
    expect(isFutureDay('10-03-2026', now)).toBe(true);
    expect(isFutureDay('09-03-2026', now)).toBe(false);
  });
});

describe("a kind's details", () => {
  const base = { ...newEntryFields(new Date(2026, 2, 9, 12)), food: ' pasta ', amount: 'most' as const, ml: 120, end: '13:30' };
  it('sends only the kind’s own fields, empty ones left out', () => {
    expect(detailsOf('meal', base)).toEqual({ meal: 'lunch', food: 'pasta', amount: 'most' });
    expect(detailsOf('meal', { ...base, food: '  ' }).food).toBeUndefined();
    expect(detailsOf('bottle', base)).toEqual({ ml: 120 });
    expect(detailsOf('bottle', { ...base, ml: '' })).toEqual({ ml: undefined });
    expect(detailsOf('nap', base)).toEqual({ end: '01:30 PM' });
    expect(detailsOf('nap', { ...base, end: '' })).toEqual({ end: null });
    expect(detailsOf('nappy', { ...base, state: 'wet', potty: true })).toEqual({ state: 'wet', potty: true });
    expect(detailsOf('note', base)).toEqual({});
  });
});

describe("a day's entries", () => {
  const entries = [
    entry(1, 1, '01:30 PM'),
    entry(2, 2, '09:00 AM'),
    entry(3, 1, '09:15 AM'),
    entry(4, 1, '12:00 PM'),
    entry(5, 1, '12:00 PM'),
  ];

  it('groups them by child, oldest first, ties by when they were written', () => {
    const map = entriesByChild(entries);
    expect(map.get(ID(1))?.map((e) => e._id)).toEqual([ID(103), ID(104), ID(105), ID(101)]);
    expect(map.get(ID(2))?.map((e) => e._id)).toEqual([ID(102)]);
  });

  it("shows a child's last three, newest first", () => {
    expect(lastEntries(entriesByChild(entries).get(ID(1))).map((e) => e.time)).toEqual(['01:30 PM', '12:00 PM', '12:00 PM']);
    expect(lastEntries(undefined)).toEqual([]);
  });

  it("merges a child's entries, doses and incidents into one timeline by time", () => {
    const day = {
      entries: [entry(1, 1, '01:30 PM', { kind: 'nap' }), entry(2, 1, '08:00 AM')],
      doses: [
        {
          _id: ID(200),
          date: '09-03-2026',
          time: '11:00 AM',
          dose: '5 ml',
          at_home: false,
          given_by: person(50),
          witness: null,
          note: '',
          created_at: '',
          medicine: 'Calpol',
        },
      ],
      incidents: [{ _id: ID(300), time: '10:00 AM' } as Incident],
    } satisfies Pick<ChildCareDay, 'entries' | 'doses' | 'incidents'>;
    expect(dayTimeline(day).map((i) => `${i.type}@${i.time}`)).toEqual([
      'entry@08:00 AM',
      'incident@10:00 AM',
      'dose@11:00 AM',
      'entry@01:30 PM',
    ]);
  });
});

describe('naps', () => {
  const nap = { baby: true, start: '12:00 PM', last_check: '12:10 PM', minutes: 15, check_due: false };
  const read = Date.UTC(2026, 2, 9, 12, 15);
  const later = (m: number) => read + m * 60_000;

  it('counts minutes across midnight', () => {
    expect(minutesBetween('11:50 PM', '12:10 AM')).toBe(20);
    expect(minutesBetween('12:00 PM', '01:30 PM')).toBe(90);
  });

  it('ticks the minutes asleep since the server answered', () => {
    expect(minutesAsleep(nap, read, read)).toBe(15);
    expect(minutesAsleep(nap, read, later(7.9))).toBe(22);
    expect(minutesAsleep(nap, read, read - 60_000)).toBe(15);
  });

  it("falls a baby's check due once the interval since the last check has passed", () => {
    // Last checked at 12:10, read at 12:15: due at 12:20 with a 10-minute interval.
    expect(checkDue(nap, 10, read, later(4))).toBe(false);
    expect(checkDue(nap, 10, read, later(5))).toBe(true);
    // Without a check yet, from the start (15 minutes already).
    expect(checkDue({ ...nap, last_check: null }, 10, read, read)).toBe(true);
    // The server's word stands; children who are not babies are never due.
    expect(checkDue({ ...nap, check_due: true }, 10, read, read)).toBe(true);
    expect(checkDue({ ...nap, baby: false, check_due: true }, 10, read, later(60))).toBe(false);
  });
});

describe('medicines', () => {
  it('allows a dose once the next allowed time has passed', () => {
    const now = new Date('2026-03-09T12:00:00Z');
    expect(doseAllowed(null, now)).toBe(true);
    expect(doseAllowed('2026-03-09T12:00:00Z', now)).toBe(true);
    expect(doseAllowed('2026-03-09T12:01:00Z', now)).toBe(false);
  });

  it('finds the last dose by day, then time, then when it was written', () => {
    const dose = (date: string, time: string, created_at = '') => ({ date, time, created_at });
    expect(lastDose([dose('09-03-2026', '09:00 AM'), dose('08-03-2026', '11:00 PM'), dose('09-03-2026', '01:00 PM')])).toEqual(
      dose('09-03-2026', '01:00 PM'),
    );
    expect(lastDose([])).toBeNull();
  });
});

describe('a correction', () => {
  const report = {
    kind: 'accident' as const,
    date: '09-03-2026',
    time: '10:00 AM',
    location: 'Garden',
    description: 'Fell off the slide',
    injury: 'Graze on the knee',
    first_aid: 'Cleaned',
    witness: '',
    serious: false,
    body_map: [{ side: 'front' as const, x: 40, y: 80, note: 'knee' }],
  };

  it('names only the fields that changed (text compared trimmed)', () => {
    expect(changedFields(report, { ...report, location: ' Garden ' })).toEqual({});
    expect(changedFields(report, { ...report, location: 'Playground', serious: true })).toEqual({
      location: 'Playground',
      serious: true,
    });
    const marks = [...report.body_map, { side: 'back' as const, x: 50, y: 20, note: '' }];
    expect(changedFields(report, { ...report, body_map: marks })).toEqual({ body_map: marks });
  });
});

describe('the body map', () => {
  const rect = { left: 100, top: 50, width: 120, height: 260 };

  it('maps a click to 0-100 across and down the figure, clamped, to one decimal', () => {
    expect(markFromClick(160, 180, rect)).toEqual({ x: 50, y: 50 });
    expect(markFromClick(100, 50, rect)).toEqual({ x: 0, y: 0 });
    expect(markFromClick(400, 10, rect)).toEqual({ x: 100, y: 0 });
    expect(markFromClick(137, 100, rect)).toEqual({ x: 30.8, y: 19.2 });
    // Drawn at half size, the same place on the figure gives the same mark.
    expect(markFromClick(130, 115, { left: 100, top: 50, width: 60, height: 130 })).toEqual({ x: 50, y: 50 });
  });

  it('puts a mark back where it was clicked', () => {
    const { x, y } = markFromClick(137, 100, rect);
    const { cx, cy } = pointOfMark({ x, y });
    expect(cx + rect.left).toBeCloseTo(137, 0);
    expect(cy + rect.top).toBeCloseTo(100, 0);
  });

  it("says which of the child's sides a mark is on: mirrored on the front, not on the back", () => {
    expect(childSideOf({ side: 'front', x: 20 })).toBe('right');
    expect(childSideOf({ side: 'front', x: 80 })).toBe('left');
    expect(childSideOf({ side: 'back', x: 20 })).toBe('left');
    expect(childSideOf({ side: 'back', x: 50 })).toBe('middle');
  });

  it('numbers marks in the order they were made, across both figures', () => {
    const marks = numberedMarks([
      { side: 'front', x: 1, y: 1, note: '' },
      { side: 'back', x: 2, y: 2, note: '' },
      { side: 'front', x: 3, y: 3, note: '' },
    ]);
    expect(marks.map((m) => `${m.side}${m.n}`)).toEqual(['front1', 'back2', 'front3']);
  });
});

describe('initials', () => {
  it('takes the first and last names’ first letters', () => {
    expect(initialsOf('Aarav Sharma')).toBe('AS');
    expect(initialsOf('Ira')).toBe('I');
    expect(initialsOf('  ')).toBe('');
  });
});

describe('words for the reader', () => {
  it('writes a wire day in the reader’s language, and leaves what is no day as it is', () => {
    expect(readableDay('09-03-2026', 'en')).toBe('Mar 9, 2026');
    expect(readableDay('09-03-2026', 'ar')).not.toContain('09-03-2026');
    expect(readableDay('31-02-2026', 'en')).toBe('31-02-2026');
  });

  it('isolates a value set into a sentence so its direction is its own', () => {
    expect(isolate('5 ml')).toBe('\u20685 ml\u2069');
  });
});
