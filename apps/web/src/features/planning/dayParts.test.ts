import type { ClassDays, DaySlot, ResourceBooking } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { cycleDay, dayContexts, daySpan, quickPicks, timeRange } from './dayParts';

const slot = (kind: DaySlot['kind'], name: string, start: string, end: string): DaySlot => ({ kind, name, start, end });

const booking = (over: Partial<ResourceBooking> & Pick<ResourceBooking, '_id' | 'date' | 'start' | 'end'>): ResourceBooking => ({
  resource: { _id: 'r1', name: 'Hall', kind: 'room' },
  quantity: 1,
  class: { _id: 'c1', name: 'Nursery A' },
  purpose: '',
  booked_by: { _id: 'u1', name: 'Tara' },
  cancelled: false,
  created_at: '2026-11-20T10:00:00Z',
  abilities: { cancel: true },
  ...over,
});

describe("the class's day beside its plan", () => {
  it("reads a rotating cycle's day and nothing else", () => {
    expect(cycleDay('day_3')).toBe(3);
    expect(cycleDay('day_12')).toBe(12);
    expect(cycleDay('monday')).toBeNull();
    expect(cycleDay(null)).toBeNull();
  });

  it('writes a range once per half of the day, both halves across noon', () => {
    expect(timeRange('10:00 AM', '11:00 AM')).toBe('10:00–11:00 AM');
    expect(timeRange('11:30 AM', '12:30 PM')).toBe('11:30 AM–12:30 PM');
    expect(timeRange('12:00 PM', '01:15 PM')).toBe('12:00–1:15 PM');
    expect(timeRange('09:05 AM', 'soon')).toBe('09:05 AM–soon');
  });

  it("gathers each day's parts in order and the class's standing bookings, leaving another class's answer out", () => {
    const days: ClassDays = {
      class_id: 'c1',
      schedule: { _id: 's1', name: 'Sunrise day', applies_to: 'school' },
      days: [
        {
          date: '23-11-2026',
          day: 'day_2',
          slots: [slot('break', 'Snack', '10:30 AM', '10:45 AM'), slot('session', 'Morning session', '09:00 AM', '10:30 AM')],
        },
        { date: '28-11-2026', day: null, slots: [slot('session', 'Never', '09:00 AM', '10:00 AM')] },
      ],
    };
    const list = [
      booking({ _id: 'b2', date: '23-11-2026', start: '01:00 PM', end: '02:00 PM' }),
      booking({ _id: 'b1', date: '23-11-2026', start: '10:00 AM', end: '11:00 AM' }),
      booking({ _id: 'b3', date: '23-11-2026', start: '09:00 AM', end: '10:00 AM', cancelled: true }),
      booking({ _id: 'b4', date: '24-11-2026', start: '09:00 AM', end: '10:00 AM', class: { _id: 'c2', name: 'Other' } }),
      booking({ _id: 'b5', date: '25-11-2026', start: '09:00 AM', end: '10:00 AM' }),
    ];
    const map = dayContexts('c1', days, list);
    const monday = map.get('23-11-2026');
    expect(monday?.cycleDay).toBe(2);
    expect(monday?.slots.map((s) => s.name)).toEqual(['Morning session', 'Snack']);
    expect(monday?.bookings.map((b) => b._id)).toEqual(['b1', 'b2']);
    // A day the class does not meet shows no parts, whatever the answer holds.
    expect(map.get('28-11-2026')?.slots).toEqual([]);
    expect(map.has('24-11-2026')).toBe(false);
    expect(map.get('25-11-2026')?.bookings.map((b) => b._id)).toEqual(['b5']);

    const other = dayContexts('c2', days, list);
    expect(other.get('23-11-2026')).toBeUndefined();
    expect(other.get('24-11-2026')?.bookings.map((b) => b._id)).toEqual(['b4']);
  });

  it("offers the day's sessions and periods within the class's hours as quick picks, once each", () => {
    const slots = [
      slot('period', 'Late club', '03:00 PM', '04:00 PM'),
      slot('break', 'Lunch', '12:00 PM', '12:30 PM'),
      slot('session', 'Morning session', '09:00 AM', '10:30 AM'),
      slot('session', 'Morning session', '09:00 AM', '10:30 AM'),
      slot('period', 'Stories', '10:45 AM', '11:30 AM'),
    ];
    expect(quickPicks(slots, '09:00 AM', '03:00 PM').map((s) => s.name)).toEqual(['Morning session', 'Stories']);
    expect(quickPicks(undefined, '09:00 AM', '03:00 PM')).toEqual([]);
  });

  it('spans a day from its first start to its last end', () => {
    expect(
      daySpan([
        slot('period', 'B', '11:00 AM', '02:30 PM'),
        slot('session', 'A', '08:45 AM', '10:00 AM'),
        slot('break', 'C', '10:00 AM', '10:15 AM'),
      ]),
    ).toEqual({ start: '08:45 AM', end: '02:30 PM' });
    expect(daySpan([])).toBeNull();
  });
});
