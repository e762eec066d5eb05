import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Held, peakByDay, peakIn } from './capacity.js';

const b = (startMinute: number, endMinute: number, quantity: number): Held => ({ startMinute, endMinute, quantity });

describe('peakIn', () => {
  it('sums only bookings that overlap at the same minute', () => {
    // 4 from 9:00 to 10:00 and 2 from 9:30 to 11:00: 6 held from 9:30 to 10:00.
    const held = [b(540, 600, 4), b(570, 660, 2)];
    expect(peakIn(held, 540, 660)).toBe(6);
    expect(peakIn(held, 600, 660)).toBe(2);
    // Touching end to start is not overlapping.
    expect(peakIn(held, 660, 720)).toBe(0);
    expect(peakIn([b(540, 570, 3), b(570, 600, 3)], 540, 600)).toBe(3);
  });

  it('property: equals the largest sum found by checking every minute', () => {
    const booking = fc
      .tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 5 }))
      .map(([s, len, q]) => b(s, s + len, q));
    fc.assert(
      fc.property(
        fc.array(booking, { maxLength: 8 }),
        fc.integer({ min: 0, max: 250 }),
        fc.integer({ min: 1, max: 60 }),
        (held, start, len) => {
          let brute = 0;
          for (let m = start; m < start + len; m++)
            brute = Math.max(
              brute,
              held.filter((h) => h.startMinute <= m && m < h.endMinute).reduce((n, h) => n + h.quantity, 0),
            );
          expect(peakIn(held, start, start + len)).toBe(brute);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('peakByDay', () => {
  it('does not add bookings of different days', () => {
    expect(
      peakByDay([
        { date: '2026-11-02', ...b(540, 600, 4) },
        { date: '2026-11-03', ...b(540, 600, 4) },
      ]),
    ).toBe(4);
  });
});
