import type { ClassQuestionArgs } from '@cue/contract';
import { and, between, eq, inArray } from 'drizzle-orm';
import { toDdmmyyyy, toIso } from '../../modules/attendance/dates.js';
import type { Db } from '../../platform/db/client.js';
import { attendanceRecords, classes, learningAreas, observationAreas, observations } from '../../platform/db/schema.js';
import { fullName, type RosterChild } from '../engine/names.js';
import type { QuestionAnswer, Source } from './graph.js';

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

/**
 * Answers a read-only question over one class's records, with numbers and the records it drew on.
 * Only the class's own children are ever named.
 */
export async function answerQuestion(
  db: Db,
  scope: { classId: string; roster: RosterChild[] },
  q: ClassQuestionArgs,
): Promise<QuestionAnswer> {
  const from = toIso(q.from, 'from');
  const to = toIso(q.to, 'to');
  const period = q.from === q.to ? `on ${q.from}` : `from ${q.from} to ${q.to}`;
  const rosterIds = scope.roster.map((c) => c.id);
  const attendanceSource = (date: string): Source => ({
    title: `Attendance ${date}`,
    url: `/housekeeping/attendance?date=${date}&class_id=${scope.classId}`,
  });

  if (q.kind === 'absences') {
    const rows = rosterIds.length
      ? await db
          .select({ studentId: attendanceRecords.studentId, date: attendanceRecords.date })
          .from(attendanceRecords)
          .where(
            and(
              eq(attendanceRecords.classId, scope.classId),
              between(attendanceRecords.date, from, to),
              eq(attendanceRecords.status, 'absent'),
              inArray(attendanceRecords.studentId, rosterIds),
            ),
          )
      : [];
    const byChild = new Map<string, string[]>();
    for (const r of rows) byChild.set(r.studentId, [...(byChild.get(r.studentId) ?? []), toDdmmyyyy(String(r.date))]);
    const children = names([...byChild.keys()], scope.roster);
    const dates = [...new Set(rows.map((r) => toDdmmyyyy(String(r.date))))].sort();
    const answer = children.length
      ? `${children.length} ${children.length === 1 ? 'child was' : 'children were'} absent ${period}: ${children
          .map((c) => `${fullName(c)} (${byChild.get(c.id)?.length ?? 0} ${byChild.get(c.id)?.length === 1 ? 'day' : 'days'})`)
          .join(', ')}.`
      : `No child was marked absent ${period}.`;
    return {
      answer,
      data: children.map((c) => ({ student_id: c.id, name: fullName(c), dates: byChild.get(c.id) ?? [] })),
      sources: dates.map(attendanceSource),
    };
  }

  if (q.kind === 'attendance_rate') {
    const child = scope.roster.find((c) => c.id === q.student_id);
    if (!child) return { answer: 'That child is not in this class.', data: null, sources: [] };
    const rows = await db
      .select({ date: attendanceRecords.date, status: attendanceRecords.status })
      .from(attendanceRecords)
      .where(
        and(
          eq(attendanceRecords.classId, scope.classId),
          eq(attendanceRecords.studentId, child.id),
          between(attendanceRecords.date, from, to),
        ),
      );
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
      sources: [{ title: `${fullName(child)}: attendance`, url: `/housekeeping/attendance-dashboard?student_id=${child.id}` }],
    };
  }

  // no_observation_in_area
  const [klass] = await db.select({ curriculumId: classes.classCurriculumId }).from(classes).where(eq(classes.id, scope.classId));
  const areaRows = await db
    .select({ id: learningAreas.id, name: learningAreas.name, curriculumId: learningAreas.curriculumId })
    .from(learningAreas);
  const wanted = normal(q.area ?? '');
  const target = ALIASES[wanted] ?? wanted;
  const candidates = areaRows.filter((a) => normal(a.name) === target || normal(a.name).includes(target));
  const area = candidates.find((a) => a.curriculumId === klass?.curriculumId) ?? candidates[0];
  if (!area) return { answer: `I do not know the learning area "${q.area ?? ''}".`, data: null, sources: [] };
  const seen = rosterIds.length
    ? await db
        .selectDistinct({ studentId: observations.studentId })
        .from(observations)
        .innerJoin(observationAreas, eq(observationAreas.observationId, observations.id))
        .where(
          and(
            eq(observations.classId, scope.classId),
            eq(observationAreas.learningAreaId, area.id),
            between(observations.date, from, to),
          ),
        )
    : [];
  const covered = new Set(seen.map((r) => r.studentId));
  const missing = scope.roster.filter((c) => !covered.has(c.id));
  const answer = missing.length
    ? `${missing.length} of ${scope.roster.length} children have no observation in ${area.name} ${period}: ${list(missing)}.`
    : `Every child has at least one observation in ${area.name} ${period}.`;
  return {
    answer,
    data: { area: area.name, missing: missing.map((c) => ({ student_id: c.id, name: fullName(c) })) },
    sources: missing.map((c) => ({
      title: `${fullName(c)}: observations`,
      url: `/assessment/observation?view=studentView&id=${c.id}`,
    })),
  };
}
