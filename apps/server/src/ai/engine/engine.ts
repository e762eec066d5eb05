import * as chrono from 'chrono-node';
import { findChildren, fullName, type NameMatch, type RosterChild } from './names.js';

/**
 * The local language engine: turns a teacher's sentence into tool calls (attendance, observations,
 * announcements, mentioned children), offline and deterministic. It only ever names children of the
 * roster and dates the sentence gives (or today); it never invents a child, a date or a fact.
 */
export interface EngineContext {
  roster: RosterChild[];
  /** The school's local "now", as a wall-clock date (its UTC fields are read as local). */
  now: Date;
}

export type AttendanceStatus = 'present' | 'absent' | 'late' | 'excused';
export type ToolCall =
  | {
      name: 'mark_attendance';
      args: {
        date: string;
        student_attendance_list: { student_id: string; attendance_status: AttendanceStatus }[];
        is_saved: false;
      };
    }
  | {
      name: 'create_observation';
      args: {
        observation_entries: {
          student_id: string;
          date: string;
          title: string;
          general_note: string;
          type_of_anecdote: string;
        }[];
        is_saved: false;
      };
    }
  | {
      name: 'draft_announcement';
      args: {
        title: string;
        summary: string;
        share_with: 'Everyone';
        date: string;
        time: string;
        schedule_later: boolean;
        classes_ids: string[];
        save_as_draft: boolean;
        send_email: boolean;
        is_saved: false;
      };
    }
  | { name: 'mentioned_students'; args: { students: { id: string; name: string }[] } };

const pad = (n: number) => String(n).padStart(2, '0');
const ddmmyyyy = (d: Date) => `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
const hhmma = (d: Date) => `${pad(d.getUTCHours() % 12 || 12)}:${pad(d.getUTCMinutes())} ${d.getUTCHours() < 12 ? 'AM' : 'PM'}`;

const EVERYONE = /\b(every(one|body)|all( of)?( the)?( children| kids| students| class)?|the whole class|whole class)\b/i;
const EXCEPT = /\b(except( for)?|apart from|but( not)?|other than|besides)\b/i;
const STATUS_WORDS: [RegExp, AttendanceStatus][] = [
  [/\b(came|come|arrived|got) in late\b|\blate\b|\btardy\b/i, 'late'],
  [/\bexcused\b|\bon leave\b|\bexcusal\b/i, 'excused'],
  [
    /\b(absent|off sick|sick|ill|not (here|in|present)|away|missing|off today|stayed home|didn'?t come|did not come|isn'?t here|aren'?t here)\b/i,
    'absent',
  ],
  [/\b(present|here|in today|in class|came in|arrived|attended)\b/i, 'present'],
];
const ATTENDANCE_HINT =
  /\b(attendance|register|present|absent|here|late|sick|ill|away|missing|excused|on leave|came in|arrived|didn'?t come|stayed home)\b/i;
const ANNOUNCE =
  /\b(tell|inform|remind|notify|let)\b[^.]*\b(parents|families|everyone|all parents)\b|\bannounce(ment)?\b|\bsend (a |an )?(note|message|notice|announcement) to (the )?(parents|families)\b|\bdraft an? announcement\b/i;
const OBSERVATION_VERB =
  /\b(\w{2,}[^e\W]ed|\w+ied|did|made|built|drew|drawn|ran|sang|said|told|wrote|read|ate|shared|took|gave|tried|played|enjoyed|learn(ed|t)|counted|stacked|painted|helped|showed|found|spoke|climbed|threw|caught|sorted|matched|named|recogni[sz]ed|began|started|finished|managed|can now|was able|is able|loves|likes)\b/i;

function dateIn(text: string, now: Date): { date: Date; hasTime: boolean; matched: string } | null {
  const ref = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes()),
  );
  const [result] = chrono.parse(text, { instant: ref, timezone: 0 }, { forwardDate: false });
  if (!result) return null;
  return { date: result.start.date(), hasTime: result.start.isCertain('hour'), matched: result.text };
}

/** Splits a message into clauses that may each carry an intent. */
export function clauses(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|;\s*|,\s*(?:and|also|plus)\s+|\s+and also\s+|\s+also\s*,?\s+(?=[A-Z])/)
    .map((c) => c.trim().replace(/[.!?]+$/, ''))
    .filter((c) => c.length > 0);
}

function statusNear(text: string, from: number): AttendanceStatus | null {
  const rest = text.slice(from);
  let best: { at: number; status: AttendanceStatus } | null = null;
  for (const [re, status] of STATUS_WORDS) {
    const m = re.exec(rest);
    if (m && (best === null || m.index < best.at)) best = { at: m.index, status };
  }
  return best?.status ?? null;
}

/** Children named in the clause, with "both of them" / "them" resolved to the children just named. */
function namedIn(clause: string, ctx: EngineContext, previous: RosterChild[]): NameMatch[] {
  const found = findChildren(clause, ctx.roster);
  if (found.length === 0 && /\b(both of them|both|them|they)\b/i.test(clause) && previous.length) {
    return previous.map((child) => ({ child, start: 0, end: 0 }));
  }
  return found;
}

function attendanceFrom(clause: string, ctx: EngineContext, previous: RosterChild[]) {
  const everyone = EVERYONE.test(clause);
  const exceptAt = clause.search(EXCEPT);
  const names = namedIn(clause, ctx, previous);
  const marks = new Map<string, AttendanceStatus>();
  if (everyone) {
    const head = exceptAt >= 0 ? clause.slice(0, exceptAt) : clause;
    const allStatus = statusNear(head, 0) ?? 'present';
    for (const c of ctx.roster) marks.set(c.id, allStatus);
    const exceptions = exceptAt >= 0 ? names.filter((n) => n.start >= exceptAt || n.end === 0) : [];
    const tail = exceptAt >= 0 ? clause.slice(exceptAt) : '';
    const tailStatus = statusNear(tail.replace(EXCEPT, ''), 0);
    const opposite: AttendanceStatus = allStatus === 'present' ? 'absent' : 'present';
    for (const n of exceptions) {
      const own = statusNear(clause, n.end);
      marks.set(n.child.id, own && own !== allStatus ? own : tailStatus && tailStatus !== allStatus ? tailStatus : opposite);
    }
    for (const n of names.filter((m) => !exceptions.includes(m))) {
      const own = statusNear(clause, n.end);
      if (own) marks.set(n.child.id, own);
    }
  } else {
    for (const n of names) {
      const own = statusNear(clause, n.end) ?? statusNear(clause, 0);
      if (own) marks.set(n.child.id, own);
    }
  }
  return { marks, names: names.map((n) => n.child) };
}

const sentenceCase = (s: string) => {
  const t = s.trim().replace(/\s+/g, ' ');
  return t ? `${t[0]?.toUpperCase()}${t.slice(1)}` : t;
};

function announcementFrom(clause: string, ctx: EngineContext, classIds: string[]) {
  let body = clause
    .replace(/^(please\s+)?(can you\s+|could you\s+)?/i, '')
    .replace(/^(draft an? announcement( to (the )?(parents|families))?( that| saying| about)?:?\s*)/i, '')
    .replace(
      /^(tell|inform|remind|notify|let)\s+(all\s+)?(the\s+)?(parents|families|everyone)(\s+know)?(\s+(that|about|to))?\s*:?\s*/i,
      '',
    )
    .replace(/^(send (a |an )?(note|message|notice|announcement) to (the )?(parents|families)( that| saying| about)?:?\s*)/i, '')
    .replace(/^announce( that)?\s*/i, '');
  body = sentenceCase(body);
  if (!body) return null;
  const schedule = /\b(send|schedule|post)\b[^.]*\b(at|on|tomorrow|tonight|next)\b/i.test(clause)
    ? dateIn(clause, ctx.now)
    : null;
  const sendAt = schedule && schedule.date > ctx.now ? schedule.date : ctx.now;
  const title = sentenceCase(body.split(/\s+(?:is|are|will|on|at|this|next|tomorrow|today)\b/i)[0] ?? body).slice(0, 80);
  return {
    title: title.length >= 3 ? title : body.slice(0, 80),
    summary: /[.!?]$/.test(body) ? body : `${body}.`,
    share_with: 'Everyone' as const,
    date: ddmmyyyy(sendAt),
    time: hhmma(sendAt),
    schedule_later: sendAt !== ctx.now,
    classes_ids: classIds,
    save_as_draft: false,
    send_email: false,
    is_saved: false as const,
  };
}

export function understand(text: string, ctx: EngineContext, classIds: string[] = []): ToolCall[] {
  const calls: ToolCall[] = [];
  const attendance = new Map<string, { date: string; marks: Map<string, AttendanceStatus> }>();
  const observations: { student_id: string; date: string; title: string; general_note: string; type_of_anecdote: string }[] = [];
  const mentioned = new Map<string, RosterChild>();
  let previous: RosterChild[] = [];
  for (const clause of clauses(text)) {
    const when = dateIn(clause, ctx.now);
    const date = ddmmyyyy(when && !when.hasTime ? when.date : (when?.date ?? ctx.now));
    if (ANNOUNCE.test(clause)) {
      const a = announcementFrom(clause, ctx, classIds);
      if (a) calls.push({ name: 'draft_announcement', args: a });
      continue;
    }
    const isAttendance =
      ATTENDANCE_HINT.test(clause) &&
      (EVERYONE.test(clause) || findChildren(clause, ctx.roster).length > 0 || /\b(both|them|they)\b/i.test(clause));
    if (isAttendance && !(OBSERVATION_VERB.test(clause) && !/\b(here|present|absent|late|sick|away|excused)\b/i.test(clause))) {
      const { marks, names } = attendanceFrom(clause, ctx, previous);
      if (marks.size) {
        const day = attendance.get(date) ?? { date, marks: new Map() };
        for (const [id, s] of marks) day.marks.set(id, s);
        attendance.set(date, day);
        previous = names.length ? names : previous;
        continue;
      }
    }
    const names = namedIn(clause, ctx, previous);
    if (names.length && OBSERVATION_VERB.test(clause)) {
      const note = sentenceCase(
        clause
          .replace(when && !/today|yesterday/i.test(when.matched) ? '' : /\b(today|this morning|this afternoon)\b\s*/gi, '')
          .trim(),
      );
      for (const n of names) {
        observations.push({
          student_id: n.child.id,
          date,
          title: 'Observation',
          general_note: /[.!?]$/.test(note) ? note : `${note}.`,
          type_of_anecdote: 'general',
        });
      }
      previous = names.map((n) => n.child);
      continue;
    }
    for (const n of names) mentioned.set(n.child.id, n.child);
    if (names.length) previous = names.map((n) => n.child);
  }
  for (const day of attendance.values()) {
    // Roster order, so a card reads like the register.
    const list = ctx.roster
      .filter((c) => day.marks.has(c.id))
      .map((c) => ({ student_id: c.id, attendance_status: day.marks.get(c.id) as AttendanceStatus }));
    calls.unshift({ name: 'mark_attendance', args: { date: day.date, student_attendance_list: list, is_saved: false } });
  }
  if (observations.length)
    calls.push({ name: 'create_observation', args: { observation_entries: observations, is_saved: false } });
  if (mentioned.size && calls.length === 0)
    calls.push({
      name: 'mentioned_students',
      args: { students: [...mentioned.values()].map((c) => ({ id: c.id, name: fullName(c) })) },
    });
  return calls;
}
