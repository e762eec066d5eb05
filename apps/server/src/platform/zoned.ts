import { isoFromDdmmyyyy, parseHhmmA } from '@cue/contract';
import { dateTimeFormat } from './intl.js';

/** Offset (ms) of a time zone from UTC at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    dateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** 'DD-MM-YYYY' and 'hh:mm A' on the wall clock of a time zone → the instant. */
export function zonedToInstant(ddmmyyyy: string, hhmma: string, timeZone: string): Date {
  const [y, m, d] = (isoFromDdmmyyyy(ddmmyyyy) ?? '0000-01-01').split('-').map(Number);
  const { hour, minute } = parseHhmmA(hhmma) ?? { hour: 0, minute: 0 };
  const guess = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, hour, minute);
  const first = guess - offsetAt(guess, timeZone);
  return new Date(guess - offsetAt(first, timeZone));
}

/** The instant as 'DD-MM-YYYY' and 'hh:mm A' on a time zone's wall clock. */
export function instantToZoned(instant: Date, timeZone: string): { date: string; time: string } {
  // The answer has the minute's precision: the same minute in the same zone is formatted once (the
  // presenters of every list format each row's dates on every request; decision 43).
  const key = `${timeZone}|${Math.floor(instant.getTime() / 60_000)}`;
  const known = zonedMinutes.get(key);
  if (known) return { ...known };
  const formatted = formatZoned(instant, timeZone);
  if (zonedMinutes.size >= 20_000) zonedMinutes.clear();
  zonedMinutes.set(key, formatted);
  return { ...formatted };
}

const zonedMinutes = new Map<string, { date: string; time: string }>();

function formatZoned(instant: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    dateTimeFormat('en-US', {
      timeZone,
      hour12: true,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.day}-${parts.month}-${parts.year}`,
    time: `${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`,
  };
}

/** The wall clock of a time zone at an instant: the ISO day, minutes after midnight and the weekday (0 Sunday). */
export function wallClock(instant: Date, timeZone: string): { day: string; minute: number; weekday: number } {
  const parts = Object.fromEntries(
    dateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(String(parts.weekday));
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minute: (Number(parts.hour) % 24) * 60 + Number(parts.minute),
    weekday: Math.max(weekday, 0),
  };
}
