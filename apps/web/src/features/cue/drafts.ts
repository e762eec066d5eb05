import {
  type AttendanceStatus,
  CARE_KINDS,
  type CareDetails,
  type CareKind,
  ddmmyyyyFromIso,
  formatHhmmA,
  isoFromDdmmyyyy,
  isoOfUtc,
  MEAL_AMOUNTS,
  MEALS,
  MOODS,
  NAPPY_STATES,
  parseHhmmA,
} from '@cue/contract';
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

export interface CareDraftRow {
  student_id: string;
  kind: CareKind;
  date: string;
  time: string;
  details: CareDetails;
  note: string;
}
export interface CareDraft {
  rows: CareDraftRow[];
  confirm_allergen: boolean;
  is_saved: boolean;
}

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined => values.find((v) => v === value);

/** A care entry's details as far as they are readable: only the contract's fields and values. */
export function readCareDetails(value: unknown): CareDetails {
  if (!isRecord(value)) return {};
  const d: CareDetails = {};
  const meal = oneOf(MEALS, value.meal);
  if (meal) d.meal = meal;
  if (typeof value.food === 'string' && value.food) d.food = value.food;
  const amount = oneOf(MEAL_AMOUNTS, value.amount);
  if (amount) d.amount = amount;
  if (typeof value.ml === 'number' && Number.isFinite(value.ml)) d.ml = value.ml;
  if (value.end === null) d.end = null;
  else if (typeof value.end === 'string' && parseHhmmA(value.end)) d.end = value.end;
  const state = oneOf(NAPPY_STATES, value.state);
  if (state) d.state = state;
  if (typeof value.potty === 'boolean') d.potty = value.potty;
  const mood = oneOf(MOODS, value.mood);
  if (mood) d.mood = mood;
  if (typeof value.activity === 'string' && value.activity) d.activity = value.activity;
  if (typeof value.area === 'string' && value.area) d.area = value.area;
  return d;
}

/** log_care: an entry per child and thing done, as far as it has streamed. */
export function readCare(args: Record<string, unknown>): CareDraft {
  const rows: CareDraftRow[] = [];
  for (const item of list(args.care_entries)) {
    if (!isRecord(item) || !isStreamedId(item.student_id)) continue;
    const kind = oneOf(CARE_KINDS, item.kind);
    if (!kind) continue;
    rows.push({
      student_id: item.student_id,
      kind,
      date: str(item.date),
      time: str(item.time),
      details: readCareDetails(item.details),
      note: str(item.note),
    });
  }
  return { rows, confirm_allergen: args.confirm_allergen === true, is_saved: args.is_saved === true };
}

/** 'hh:mm A' ↔ the 24-hour 'HH:mm' of a time field ('' when unreadable). */
export function fieldFromHhmmA(value: string | null | undefined): string {
  const t = value ? parseHhmmA(value) : null;
  return t ? `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}` : '';
}
export function hhmmAFromField(value: string): string | null {
  const m = /^(\d{1,2}):(\d{2})/.exec(value.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  return hour < 24 && minute < 60 ? formatHhmmA(hour, minute) : null;
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
