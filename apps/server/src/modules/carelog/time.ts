import { wallClock as zonedWallClock } from '../../platform/zoned.js';

/*
 * The carelog keeps days as the school's local days and times as minutes after its midnight. These
 * turn the server's instant into the school's wall clock and back (for a job's run time, or the
 * instant a next dose is allowed).
 */

const zones = new Map<string, string>();

/** The school's time zone, or UTC where the runtime does not know it (a school is never left without a clock). */
function knownZone(timeZone: string): string {
  let zone = zones.get(timeZone);
  if (zone === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      zone = timeZone;
    } catch {
      zone = 'UTC';
    }
    zones.set(timeZone, zone);
  }
  return zone;
}

/** The school's wall clock at an instant: the ISO day and minutes after midnight. */
export function wallClock(timeZone: string, at: Date): { day: string; minute: number } {
  const { day, minute } = zonedWallClock(at, knownZone(timeZone));
  return { day, minute };
}

/** Days since 1970 of an ISO day (for intervals across days). */
export const dayNumber = (iso: string): number => Math.round(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / 86_400_000);

/** An ISO day and minute as one count of minutes (wall-clock arithmetic, as the schema stores them). */
export const stampOf = (day: string, minute: number): number => dayNumber(day) * 1440 + minute;

/** The ISO day and minute of a stamp. */
export function fromStamp(stamp: number): { day: string; minute: number } {
  const days = Math.floor(stamp / 1440);
  return { day: new Date(days * 86_400_000).toISOString().slice(0, 10), minute: stamp - days * 1440 };
}

/** The instant the school's wall clock shows `minute` on `day`. */
export function instantOf(day: string, minute: number, timeZone: string): Date {
  const wallAsUtc = Date.parse(`${day}T00:00:00Z`) + minute * 60_000;
  const offsetAt = (t: number) => {
    const w = wallClock(timeZone, new Date(t));
    return Date.parse(`${w.day}T00:00:00Z`) + w.minute * 60_000 - Math.floor(t / 60_000) * 60_000;
  };
  let t = wallAsUtc - offsetAt(wallAsUtc);
  t = wallAsUtc - offsetAt(t);
  return new Date(t);
}
