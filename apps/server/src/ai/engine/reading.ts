/**
 * What the readers of each language (English, Arabic, Hebrew) find in a message, kept the same way:
 * statuses per day, observations per child and day, announcements, the children named, and the
 * children told of without a status or a deed (whom an observation the intent layer hears is about).
 */
import { type CareDetails, type CareKind, ddmmyyyyFromIso, formatHhmmA, isoOfUtc } from '@cue/contract';
import { fullName, type RosterChild } from './names.js';

export interface EngineContext {
  roster: RosterChild[];
  /** The school's local "now", as a wall-clock date (its UTC fields are read as local). */
  now: Date;
  /** The school keeps a carelog (feature `daycare`): care is drafted; off, Cue says it cannot log care there. Unset: on. */
  care?: boolean;
}

export type AttendanceStatus = 'present' | 'absent' | 'late' | 'excused';
export type AnnouncementArgs = {
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
  | { name: 'draft_announcement'; args: AnnouncementArgs }
  | { name: 'mentioned_students'; args: { students: { id: string; name: string }[] } }
  | {
      name: 'log_care';
      args: {
        care_entries: {
          student_id: string;
          kind: CareKind;
          date: string;
          time: string;
          details: CareDetails;
          note: string;
        }[];
        confirm_allergen: false;
        is_saved: false;
      };
    };

/** A wall-clock Date (its UTC fields are the local time) as the wire writes its day and time. */
export const ddmmyyyy = (d: Date) => ddmmyyyyFromIso(isoOfUtc(d));
export const hhmma = (d: Date) => formatHhmmA(d.getUTCHours(), d.getUTCMinutes());
export const DAY = 86_400_000;
export const dayOf = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
export const sentenceCase = (s: string) => {
  const t = s.trim().replace(/\s+/g, ' ');
  return t ? `${t[0]?.toUpperCase()}${t.slice(1)}` : t;
};
export const withStop = (s: string) => (/[.!?؟]$/.test(s) ? s : `${s}.`);

/** A child told of with no status and no deed found: an observation if the intent layer hears one. */
export interface Told {
  child: RosterChild;
  date: string;
  note: string;
  /** The child is what the clause speaks of (not "with Noa", "to Kabir"). */
  subject: boolean;
}

interface Day {
  date: string;
  everyone: AttendanceStatus | null;
  marks: Map<string, AttendanceStatus>;
}

export class Reading {
  readonly days = new Map<string, Day>();
  readonly observations = new Map<string, { student_id: string; date: string; notes: string[] }>();
  readonly announcements: AnnouncementArgs[] = [];
  readonly mentioned = new Map<string, RosterChild>();
  readonly told: Told[] = [];

  constructor(readonly ctx: EngineContext) {}

  private day(date: string): Day {
    let day = this.days.get(date);
    if (!day) {
      day = { date, everyone: null, marks: new Map() };
      this.days.set(date, day);
    }
    return day;
  }

  mark(date: string, children: RosterChild[], status: AttendanceStatus) {
    const day = this.day(date);
    for (const c of children) {
      // Late is also present: "marked late, she got here at 9:45" stays late.
      if (status === 'present' && day.marks.get(c.id) === 'late') continue;
      day.marks.set(c.id, status);
    }
  }

  everyone(date: string, status: AttendanceStatus) {
    this.day(date).everyone = status;
  }

  statusOf(date: string, child: RosterChild): AttendanceStatus | null {
    const day = this.days.get(date);
    return day?.marks.get(child.id) ?? day?.everyone ?? null;
  }

  observe(date: string, children: RosterChild[], note: string) {
    for (const c of children) {
      const id = `${c.id} ${date}`;
      const o = this.observations.get(id) ?? { student_id: c.id, date, notes: [] };
      if (note && !o.notes.includes(note)) o.notes.push(note);
      this.observations.set(id, o);
    }
  }

  tell(child: RosterChild, date: string, note: string, subject: boolean) {
    this.told.push({ child, date, note, subject });
  }

  mention(children: RosterChild[]) {
    for (const c of children) this.mentioned.set(c.id, c);
  }

  /** The drafts found: attendance per day (in roster order, like the register), observations, announcements. */
  calls(): ToolCall[] {
    const calls: ToolCall[] = [];
    for (const day of this.days.values()) {
      const status = (c: RosterChild) => day.marks.get(c.id) ?? day.everyone;
      const list = this.ctx.roster
        .filter((c) => status(c))
        .map((c) => ({ student_id: c.id, attendance_status: status(c) as AttendanceStatus }));
      if (list.length)
        calls.push({ name: 'mark_attendance', args: { date: day.date, student_attendance_list: list, is_saved: false } });
    }
    if (this.observations.size)
      calls.push({
        name: 'create_observation',
        args: {
          observation_entries: [...this.observations.values()].map((o) => ({
            student_id: o.student_id,
            date: o.date,
            title: 'Observation',
            general_note: o.notes.join(' ') || '—',
            type_of_anecdote: 'general',
          })),
          is_saved: false,
        },
      });
    for (const a of this.announcements) calls.push({ name: 'draft_announcement', args: a });
    return calls;
  }
}

export const mentionedCall = (children: RosterChild[]): ToolCall => ({
  name: 'mentioned_students',
  args: { students: children.map((c) => ({ id: c.id, name: fullName(c) })) },
});

/** An announcement's arguments: a title from the first words of the text, sent now or at a later time. */
export function announcement(
  body: string,
  when: Date | null,
  ctx: EngineContext,
  classIds: string[],
  titleCut = /\s+(?:is|are|will|on|at|this|next|tomorrow|today|has|have)\b|[,:;.!?]/i,
): AnnouncementArgs | null {
  const text = sentenceCase(body);
  if (!text) return null;
  const scheduled = when !== null && when > ctx.now;
  const sendAt = scheduled && when ? when : ctx.now;
  const titleRaw = (text.split(titleCut)[0] ?? text).replace(/^(the|a|an|our)\s+/i, '').trim();
  const title = sentenceCase(titleRaw).slice(0, 80);
  return {
    title: title.length >= 3 ? title : text.slice(0, 80),
    summary: withStop(text),
    share_with: 'Everyone',
    date: ddmmyyyy(sendAt),
    time: hhmma(sendAt),
    schedule_later: scheduled,
    classes_ids: classIds,
    save_as_draft: false,
    send_email: false,
    is_saved: false,
  };
}
