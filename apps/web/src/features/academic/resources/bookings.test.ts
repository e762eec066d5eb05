import { describe, expect, it } from 'vitest';
import { agendaOf, endsAfterStart, rangeOf, stepDay } from './bookings';

const booking = (id: string, date: string, start: string, end: string, resource: string) => ({
  _id: id,
  date,
  start,
  end,
  resource: { _id: resource, name: resource === 'r1' ? 'Music room' : 'Art box' },
});

describe('the bookings view', () => {
  it('shows a day, or the Monday to Sunday that holds it', () => {
    expect(rangeOf('26-11-2026', 'day')).toEqual({ from: '26-11-2026', to: '26-11-2026' });
    expect(rangeOf('26-11-2026', 'week')).toEqual({ from: '23-11-2026', to: '29-11-2026' });
    expect(rangeOf('29-11-2026', 'week')).toEqual({ from: '23-11-2026', to: '29-11-2026' });
    expect(stepDay('30-11-2026', 'day', 1)).toBe('01-12-2026');
    expect(stepDay('30-11-2026', 'week', -1)).toBe('23-11-2026');
  });
  it("groups each day's bookings by resource in the order of the day", () => {
    const agenda = agendaOf(
      [
        booking('a', '23-11-2026', '11:00 AM', '12:00 PM', 'r1'),
        booking('b', '23-11-2026', '09:00 AM', '10:00 AM', 'r1'),
        booking('c', '23-11-2026', '01:00 PM', '02:00 PM', 'r2'),
        booking('d', '25-11-2026', '09:00 AM', '09:30 AM', 'r2'),
      ],
      '23-11-2026',
      '25-11-2026',
    );
    expect(agenda.map((d) => d.date)).toEqual(['23-11-2026', '24-11-2026', '25-11-2026']);
    expect(agenda[0]?.resources.map((r) => [r.name, r.bookings.map((b) => b._id)])).toEqual([
      ['Art box', ['c']],
      ['Music room', ['b', 'a']],
    ]);
    expect(agenda[1]?.resources).toEqual([]);
    expect(agenda[2]?.resources[0]?.bookings.map((b) => b._id)).toEqual(['d']);
  });
  it('knows a booking must end after it starts', () => {
    expect(endsAfterStart('09:00 AM', '09:30 AM')).toBe(true);
    expect(endsAfterStart('12:30 PM', '12:00 PM')).toBe(false);
    expect(endsAfterStart('09:00 AM', '09:00 AM')).toBe(false);
    expect(endsAfterStart('', '09:00 AM')).toBe(false);
  });
});
