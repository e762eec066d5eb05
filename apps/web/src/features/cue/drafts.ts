import { type AttendanceStatus, ddmmyyyyFromIso, formatHhmmA, isoFromDdmmyyyy, isoOfUtc, parseHhmmA } from '@cue/contract';
import { isStreamedId } from './stream';

/**
 * Typed views of a tool call's arguments, as far as they have streamed: entries whose ids are not yet
 * real ids (under 24 characters) or whose fields are not yet readable are left out, so a card never
 * shows a child that has not fully arrived.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const STATUSES: readonly AttendanceStatus[] = ['present', 'absent', 'late', 'excused', 'NA'];

export interface AttendanceDraft {
  date: string;
  rows: { student_id: string; attendance_status: AttendanceStatus }[];
  is_saved: boolean;
}

export function readAttendance(args: Record<string, unknown>): AttendanceDraft {
  const rows: AttendanceDraft['rows'] = [];
  const seen = new Set<string>();
  for (const item of list(args.student_attendance_list)) {
    if (!isRecord(item) || !isStreamedId(item.student_id) || seen.has(item.student_id)) continue;
    const status = STATUSES.find((s) => s === item.attendance_status);
    if (!status) continue;
    seen.add(item.student_id);
    rows.push({ student_id: item.student_id, attendance_status: status });
  }
  return { date: str(args.date), rows, is_saved: args.is_saved === true };
}

export interface ObservationDraftEntry {
  student_id: string;
  date: string;
  title: string;
  general_note: string;
  type_of_anecdote: string;
}
export interface ObservationDraft {
  entries: ObservationDraftEntry[];
  is_saved: boolean;
}

export function readObservation(args: Record<string, unknown>): ObservationDraft {
  const entries: ObservationDraftEntry[] = [];
  for (const item of list(args.observation_entries)) {
    if (!isRecord(item) || !isStreamedId(item.student_id)) continue;
    entries.push({
      student_id: item.student_id,
      date: str(item.date),
      title: str(item.title),
      general_note: str(item.general_note),
      type_of_anecdote: str(item.type_of_anecdote) || 'general',
    });
  }
  return { entries, is_saved: args.is_saved === true };
}

export interface AnnouncementDraft {
  title: string;
  summary: string;
  share_with: 'Everyone' | 'Classes';
  date: string;
  time: string;
  schedule_later: boolean;
  classes_ids: string[];
  save_as_draft: boolean;
  send_email: boolean;
  is_saved: boolean;
}

export function readAnnouncement(args: Record<string, unknown>): AnnouncementDraft {
  return {
    title: str(args.title),
    summary: str(args.summary),
    share_with: args.share_with === 'Classes' ? 'Classes' : 'Everyone',
    date: str(args.date),
    time: str(args.time),
    schedule_later: args.schedule_later === true,
    classes_ids: list(args.classes_ids).filter(isStreamedId),
    save_as_draft: args.save_as_draft === true,
    send_email: args.send_email === true,
    is_saved: args.is_saved === true,
  };
}

export function readMentioned(args: Record<string, unknown>): { id: string; name: string }[] {
  const out: { id: string; name: string }[] = [];
  for (const item of list(args.students)) {
    if (isRecord(item) && isStreamedId(item.id)) out.push({ id: item.id, name: str(item.name) });
  }
  return out;
}

/** Whether a scheduled announcement's date and time ('DD-MM-YYYY', 'hh:mm A') are still ahead of `now`. */
export function isFuture(date: string, time: string, now: Date = new Date()): boolean {
  const day = isoFromDdmmyyyy(date);
  const t = parseHhmmA(time);
  if (!day || !t) return false;
  const when = new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), t.hour, t.minute);
  return when.getTime() > now.getTime();
}

/** Today and now in the chat request's formats: 'DD-MM-YYYY' and 'hh:mm A' (English AM/PM whatever the language). */
export function requestDateTime(now: Date = new Date()): { date: string; time: string } {
  // The device's wall clock, written by the contract's date module.
  const local = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
  return { date: ddmmyyyyFromIso(isoOfUtc(local)), time: formatHhmmA(now.getHours(), now.getMinutes()) };
}

/** A wire date ('DD-MM-YYYY') for reading, e.g. 'Sat, Nov 21, 2026', in the reader's language. */
export function formatWireDate(value: string, language: string): string {
  const day = isoFromDdmmyyyy(value);
  if (!day) return value;
  const date = new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return new Intl.DateTimeFormat(language, { weekday: 'short', month: 'short', day: '2-digit', year: 'numeric' }).format(date);
}
