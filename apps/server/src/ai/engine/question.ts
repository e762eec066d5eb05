import { ddmmyyyyFromIso, isoOfUtc } from '@cue/contract';
import * as chrono from 'chrono-node';
import { findChildren, type RosterChild } from './names.js';

/**
 * Read-only questions over the class's own records, as a structured query the server runs:
 * - absences: "who was absent this week?", "who was off yesterday?"
 * - no_observation_in_area: "which children have no observation in maths this month?"
 * - attendance_rate: "what is Kabir's attendance rate?", "how is the class's attendance this term?"
 *
 * Periods: today, yesterday, this week (Monday to today), last week (its school days, Monday to Friday), this/last month,
 * this/last term (autumn 1 September to 31 December, spring 1 January to 31 March, summer 1 April to
 * 31 August), this (school) year (from 1 September), a day the sentence names ("on Monday"), or "since"
 * a day. Without one: absences today, observations this month, attendance rate this term.
 */
export type QuestionKind = 'absences' | 'no_observation_in_area' | 'attendance_rate';
export interface ClassQuery {
  kind: QuestionKind;
  from: string;
  to: string;
  student_id?: string;
  area?: string;
}

export const AREAS: { name: string; re: RegExp }[] = [
  {
    name: 'Personal, Social and Emotional Development',
    re: /\b(psed|personal|social|emotional|self[- ]regulation|managing self|building relationships)\b/i,
  },
  {
    name: 'Communication and Language',
    re: /\b(communication|c\s*&\s*l|c and l|cl|cal|language|speaking|listening|talk(ing)?)\b/i,
  },
  { name: 'Physical Development', re: /\b(physical|pd|gross motor|fine motor|motor skills)\b/i },
  { name: 'Literacy', re: /\b(literacy|reading|writing|phonics|comprehension)\b/i },
  { name: 'Mathematics', re: /\b(maths?|mathematics|numeracy|numbers?|number work|counting|shape)\b/i },
  {
    name: 'Understanding the World',
    re: /\b(understanding (of )?the world|utw|the world|people and communities|natural world)\b/i,
  },
  { name: 'Expressive Arts and Design', re: /\b(expressive|arts?|design|ead|creative|creativity|music|dance|role play)\b/i },
];

/** The EYFS area a text speaks of, matched loosely ("maths", "PSED", "physical"), or undefined. */
export function areaIn(text: string): string | undefined {
  return AREAS.find((a) => a.re.test(text))?.name;
}

const fmt = (d: Date) => ddmmyyyyFromIso(isoOfUtc(d));
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));
const DAY = 86_400_000;

function termOf(d: Date): { from: Date; to: Date } {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  if (m >= 8) return { from: utc(y, 8, 1), to: utc(y, 11, 31) };
  if (m <= 2) return { from: utc(y, 0, 1), to: utc(y, 2, 31) };
  return { from: utc(y, 3, 1), to: utc(y, 7, 31) };
}

/** The period a question speaks of, or null when it names none. */
export function periodIn(text: string, now: Date): { from: Date; to: Date } | null {
  const today = utc(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const t = text.toLowerCase();
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY);
  // Last week: its school days, Monday to Friday.
  if (/\b(last|previous|past) week\b/.test(t))
    return { from: new Date(monday.getTime() - 7 * DAY), to: new Date(monday.getTime() - 3 * DAY) };
  if (/\bthis week\b|\bso far this week\b/.test(t)) return { from: monday, to: today };
  if (/\b(last|previous|past) month\b/.test(t)) {
    const from = utc(today.getUTCFullYear(), today.getUTCMonth() - 1, 1);
    return { from, to: utc(today.getUTCFullYear(), today.getUTCMonth(), 0) };
  }
  if (/\bthis month\b/.test(t)) return { from: utc(today.getUTCFullYear(), today.getUTCMonth(), 1), to: today };
  if (/\b(last|previous) term\b/.test(t)) {
    const current = termOf(today);
    return termOf(new Date(current.from.getTime() - DAY));
  }
  if (/\bthis term\b/.test(t)) return { from: termOf(today).from, to: today };
  if (/\b(this|the) (school |academic )?year\b/.test(t)) {
    const y = today.getUTCMonth() >= 8 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
    return { from: utc(y, 8, 1), to: today };
  }
  const ref = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12));
  const [r] = chrono.parse(text, { instant: ref, timezone: 0 }, { forwardDate: false });
  if (r) {
    const d = r.start.date();
    let day = utc(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    if (day > today) day = new Date(day.getTime() - 7 * DAY);
    if (/\bsince\b/i.test(text.slice(Math.max(0, r.index - 7), r.index + 1))) return { from: day, to: today };
    return { from: day, to: day };
  }
  return null;
}

const ASKS =
  /^(who|which|what|whose|how|list|show|give|tell me|can you (tell|show|list|give)|could you (tell|show|list|give)|any)\b|\?\s*$/i;
/** "Can you mark Kabir absent?" asks for an action, not for records. */
const ACTION_REQUEST =
  /^(please\s+)?(can|could|would|will) you\s+(please\s+)?(mark|put|record|register|note|add|tell|let|send|draft|write|post|schedule|create|make|inform|remind|notify|email|announce)\b/i;
const ABSENCE =
  /\b(absent|absences?|off( sick)?|away|missing|not (in|here)|wasn'?t (in|here)|weren'?t (in|here)|sick|ill|didn'?t (come|turn up|show up)|did not (come|turn up|show up))\b/i;
const NO_OBSERVATION =
  /\b(no|not|haven'?t|hasn'?t|without|missing|lack(ing)?|never)\b[^?]*\bobserv|\bobserv\w*[^?]*\b(missing|gaps?|none)\b|\bnot been observed\b|\bhaven'?t observed\b/i;
const RATE = /\battendance\b|\bhow often\b[^?]*\b(absent|off|in|here)\b|\bpercentage\b/i;

/**
 * A read-only question over the class's records as a query ("who was absent this week?" → absences
 * from Monday to today), or null when the text is not such a question. A child is named only when the
 * roster has them.
 */
export function question(text: string, ctx: { roster: RosterChild[]; now: Date }): ClassQuery | null {
  const t = text.replace(/[’‘]/g, "'").trim();
  if (!ASKS.test(t) || ACTION_REQUEST.test(t)) return null;
  const child = findChildren(t, ctx.roster)[0]?.child;
  const today = utc(ctx.now.getUTCFullYear(), ctx.now.getUTCMonth(), ctx.now.getUTCDate());
  const period = periodIn(t, ctx.now);
  const range = (fallback: { from: Date; to: Date }) => {
    const p = period ?? fallback;
    return { from: fmt(p.from), to: fmt(p.to) };
  };
  if (NO_OBSERVATION.test(t)) {
    const area = areaIn(t.replace(/\bobserv\w*/gi, ''));
    return {
      kind: 'no_observation_in_area',
      ...range({ from: utc(today.getUTCFullYear(), today.getUTCMonth(), 1), to: today }),
      ...(area ? { area } : {}),
    };
  }
  if (RATE.test(t) && (child || /\brate|percentage|how often|overall|class\b/i.test(t))) {
    return {
      kind: 'attendance_rate',
      ...range({ from: termOf(today).from, to: today }),
      ...(child ? { student_id: child.id } : {}),
    };
  }
  if (ABSENCE.test(t) && (child || /\b(who|which|how many|list|show|any(one|body)?|children|kids)\b/i.test(t))) {
    return {
      kind: 'absences',
      ...range({ from: today, to: today }),
      ...(child ? { student_id: child.id } : {}),
    };
  }
  return null;
}
