import { TIMETABLE_DAYS, type TimetableDay } from '@cue/contract';
import { parse } from 'csv-parse/sync';

/*
 * A timetable as a CSV file, in the export's columns (class, subject, teacher, periods, day, period, start,
 * end, room, locked; start and end are ignored on the way in). Names are matched ignoring case; days are
 * weekday keys or names; periods count from 1. The file is read with the parser the other imports use
 * (csv-parse), keeping each record's line number for the errors.
 */

export interface ImportRow {
  line: number;
  className: string;
  subject: string;
  teacher: string;
  length: 1 | 2;
  day: TimetableDay | null;
  /** 0-based. */
  period: number | null;
  room: string;
  locked: boolean;
}

export type ParsedTimetable =
  | { ok: true; rows: ImportRow[] }
  | { ok: false; problem: 'format' | 'empty' }
  | { ok: false; line: number; reason: string };

const header = (h: string) =>
  h
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

export function parseTimetableCsv(bytes: Buffer): ParsedTimetable {
  if ((bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b) || bytes.subarray(0, 4096).includes(0))
    return { ok: false, problem: 'format' };
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(bytes, {
      bom: true,
      columns: (names: string[]) => names.map(header),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      info: true,
    }) as typeof records;
  } catch {
    return { ok: false, problem: 'format' };
  }
  if (records.length === 0) return { ok: false, problem: 'empty' };
  const first = records[0]?.record ?? {};
  if (!['class', 'subject', 'teacher'].every((c) => c in first)) return { ok: false, problem: 'format' };
  const rows: ImportRow[] = [];
  for (const { record, info } of records) {
    const line = info.lines;
    const fail = (reason: string): ParsedTimetable => ({ ok: false, line, reason });
    const className = (record.class ?? '').trim();
    const subject = (record.subject ?? '').trim();
    const teacher = (record.teacher ?? '').trim();
    if (!className || !subject || !teacher) return fail('class, subject and teacher are needed');
    if (subject.length > 80) return fail('the subject name is longer than 80 characters');
    const periods = (record.periods ?? '').trim();
    if (periods !== '' && periods !== '1' && periods !== '2') return fail('periods must be 1 or 2');
    const dayText = (record.day ?? '').trim().toLowerCase();
    const day = dayText === '' ? null : (TIMETABLE_DAYS.find((d) => d === dayText || d.slice(0, 3) === dayText) ?? undefined);
    if (day === undefined) return fail(`"${record.day}" is not a day of the week`);
    const periodText = (record.period ?? '').trim();
    const period = periodText === '' ? null : Number(periodText);
    if (period !== null && (!Number.isInteger(period) || period < 1 || period > 30))
      return fail('period must be a number from 1');
    if ((day === null) !== (period === null)) return fail('a placed lesson needs both its day and its period');
    rows.push({
      line,
      className,
      subject,
      teacher,
      length: periods === '2' ? 2 : 1,
      day,
      period: period === null ? null : period - 1,
      room: (record.room ?? '').trim(),
      locked: ['yes', 'true', '1'].includes((record.locked ?? '').trim().toLowerCase()),
    });
  }
  return { ok: true, rows };
}
