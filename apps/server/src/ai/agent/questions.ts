import { type ClassQuestionArgs, ddmmyyyyFromIso, pagePath } from '@cue/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { isoFromWire } from '../../platform/dates.js';
import { fullName, type RosterChild } from '../engine/names.js';
import type { QuestionAnswer, Source } from './graph.js';

/** What the questions read, through the modules' services, as the person asking. */
export interface QuestionServices {
  attendance: {
    /** A class's marks from `from` to `to` (ISO), of one child or one status when given. */
    classMarks(
      auth: Scope,
      classId: string,
      from: string,
      to: string,
      only?: { studentId?: string; status?: string },
    ): Promise<{ studentId: string; date: string; status: string }[]>;
  };
  observations: {
    unobservedInArea(
      auth: Scope,
      classId: string,
      area: string,
      from: string,
      to: string,
    ): Promise<{ area: string; missing: string[] } | null>;
  };
}

const normal = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();
const ALIASES: Record<string, string> = {
  maths: 'mathematics',
  math: 'mathematics',
  numeracy: 'mathematics',
  psed: 'personal social and emotional development',
  pd: 'physical development',
  cl: 'communication and language',
  utw: 'understanding the world',
  ead: 'expressive arts and design',
};

const names = (ids: string[], roster: RosterChild[]) => {
  const byId = new Map(roster.map((c) => [c.id, c]));
  return ids.map((id) => byId.get(id)).filter((c): c is RosterChild => !!c);
};
const list = (children: RosterChild[]) => children.map(fullName).join(', ');
/** ISO dates, each once, in calendar order (ISO sorts as dates). */
const daysInOrder = (isoDates: string[]) => [...new Set(isoDates)].sort();

/**
 * Answers a read-only question over one class's records, with numbers and the records it drew on, as
 * the person asking (the services check that the class is theirs). Only the class's own children are
 * ever named. Days are handled as ISO dates and shown as DD-MM-YYYY; links carry the ISO day, the class
 * and the child.
 */
export async function answerQuestion(
  services: QuestionServices,
  auth: Scope,
  scope: { classId: string; roster: RosterChild[] },
  q: ClassQuestionArgs,
): Promise<QuestionAnswer> {
  const from = isoFromWire(q.from, 'from');
  const to = isoFromWire(q.to, 'to');
  const period = q.from === q.to ? `on ${q.from}` : `from ${q.from} to ${q.to}`;
  const inRoster = new Set(scope.roster.map((c) => c.id));

  if (q.kind === 'absences') {
    const rows = inRoster.size
      ? (await services.attendance.classMarks(auth, scope.classId, from, to, { status: 'absent' })).filter((r) =>
          inRoster.has(r.studentId),
        )
      : [];
    const byChild = new Map<string, string[]>();
    for (const r of rows) byChild.set(r.studentId, [...(byChild.get(r.studentId) ?? []), String(r.date)]);
    const children = names([...byChild.keys()], scope.roster);
    const daysOf = (id: string) => daysInOrder(byChild.get(id) ?? []);
    const answer = children.length
      ? `${children.length} ${children.length === 1 ? 'child was' : 'children were'} absent ${period}: ${children
          .map((c) => `${fullName(c)} (${daysOf(c.id).length} ${daysOf(c.id).length === 1 ? 'day' : 'days'})`)
          .join(', ')}.`
      : `No child was marked absent ${period}.`;
    // One link per day and child, in date order: the page opens that class, that day, that child.
    const sources: Source[] = daysInOrder(rows.map((r) => String(r.date))).flatMap((day) =>
      children
        .filter((c) => daysOf(c.id).includes(day))
        .map((c) => ({
          title: `Attendance ${ddmmyyyyFromIso(day)}: ${fullName(c)}`,
          url: pagePath.attendance({ classId: scope.classId, date: day, studentId: c.id }),
        })),
    );
    return {
      answer,
      data: children.map((c) => ({ student_id: c.id, name: fullName(c), dates: daysOf(c.id).map(ddmmyyyyFromIso) })),
      sources,
    };
  }

  if (q.kind === 'attendance_rate') {
    const child = scope.roster.find((c) => c.id === q.student_id);
    if (!child) return { answer: 'That child is not in this class.', data: null, sources: [] };
    const rows = await services.attendance.classMarks(auth, scope.classId, from, to, { studentId: child.id });
    const marked = rows.filter((r) => r.status !== 'NA');
    const attended = marked.filter((r) => r.status === 'present' || r.status === 'late').length;
    const rate = marked.length ? Math.round((attended / marked.length) * 1000) / 10 : null;
    const answer =
      rate === null
        ? `${fullName(child)} has no attendance marked ${period}.`
        : `${fullName(child)} attended ${attended} of ${marked.length} marked days ${period}: ${rate}%.`;
    return {
      answer,
      data: { student_id: child.id, attended, marked_days: marked.length, rate },
      sources: [
        {
          title: `${fullName(child)}: attendance`,
          url: pagePath.attendanceDashboard({ studentId: child.id, classId: scope.classId }),
        },
      ],
    };
  }

  // no_observation_in_area
  const wanted = normal(q.area ?? '');
  const found = wanted
    ? await services.observations.unobservedInArea(auth, scope.classId, ALIASES[wanted] ?? wanted, from, to)
    : null;
  if (!found) return { answer: `I do not know the learning area "${q.area ?? ''}".`, data: null, sources: [] };
  const missing = names(found.missing, scope.roster);
  const answer = missing.length
    ? `${missing.length} of ${scope.roster.length} children have no observation in ${found.area} ${period}: ${list(missing)}.`
    : `Every child has at least one observation in ${found.area} ${period}.`;
  return {
    answer,
    data: { area: found.area, missing: missing.map((c) => ({ student_id: c.id, name: fullName(c) })) },
    sources: missing.map((c) => ({ title: `${fullName(c)}: observations`, url: pagePath.childObservations(c.id) })),
  };
}
