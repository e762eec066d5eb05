/*
 * How much of a resource bookings hold, minute by minute. The held amount only changes where a booking
 * starts or ends, so its peak over a window is reached at the window's start or at a booking's start
 * inside it: those boundary points are all that need summing.
 */

export interface Held {
  startMinute: number;
  endMinute: number;
  quantity: number;
}

/** The most the bookings hold together at any minute of [start, end) (bookings are [start, end) too). */
export function peakIn(bookings: readonly Held[], start: number, end: number): number {
  const points = [start, ...bookings.map((b) => b.startMinute).filter((p) => p > start && p < end)];
  let peak = 0;
  for (const p of points) {
    let sum = 0;
    for (const b of bookings) if (b.startMinute <= p && p < b.endMinute) sum += b.quantity;
    if (sum > peak) peak = sum;
  }
  return peak;
}

/** The most held at once on any one day by bookings spread over several days. */
export function peakByDay(bookings: readonly (Held & { date: string })[]): number {
  const days = new Map<string, Held[]>();
  for (const b of bookings) days.set(b.date, [...(days.get(b.date) ?? []), b]);
  let peak = 0;
  for (const list of days.values()) peak = Math.max(peak, peakIn(list, 0, 24 * 60));
  return peak;
}
