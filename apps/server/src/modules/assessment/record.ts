import {
  ASSESSMENT_MESSAGES,
  ddmmyyyyFromIso,
  pagePath,
  RECORD_KINDS,
  type RecordItem,
  type RecordKind,
  type StudentRecord,
  type studentRecordQuerySchema,
} from '@cue/contract';
import type { z } from 'zod';
import { requireAccess, type Scope, staffSchool } from '../../platform/auth/scope.js';
import { isoFromWire } from '../../platform/dates.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { signMedia } from '../../platform/media-urls.js';
import type { AttendanceService } from '../attendance/service.js';
import type { CarelogService } from '../carelog/service.js';
import type { EvidenceReader } from './evidence.js';
import type { GradebookService } from './gradebook.js';
import * as repo from './record-repo.js';
import type { ReflectionService } from './reflections.js';
import type { AssessmentService } from './service.js';

const PAGE_SIZE = 30;
/** Within one day, the order kinds show in. */
const KIND_ORDER = new Map<RecordKind, number>(RECORD_KINDS.map((k, i) => [k, i]));

/** An item and its ISO day (the wire's is DD-MM-YYYY). */
type Dated = RecordItem & { iso: string };

const clip = (text: string, n = 280) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

/**
 * Assessment: a child's whole record for staff (issue 23), one timeline over every module: observations,
 * stories and gallery items (through the evidence reader), grades, progress cards, reflections and
 * shared report cards, with the attendance and carelog counts of the range (the current period unless
 * one is asked for). Each module's service applies its own rules; the timeline pages by day.
 */
export class StudentRecordService {
  constructor(
    readonly db: Db,
    readonly assessment: AssessmentService,
    readonly evidence: EvidenceReader,
    readonly gradebook: GradebookService,
    readonly reflections: ReflectionService,
    readonly attendance: AttendanceService,
    /** The carelog is made after assessment's services. */
    readonly carelog: () => CarelogService,
  ) {}

  async record(scope: Scope, studentId: string, query: z.infer<typeof studentRecordQuerySchema>): Promise<StudentRecord> {
    staffSchool(scope);
    await requireAccess(scope, 'child', [studentId]);
    const kinds = this.kinds(query.kinds);
    let from = query.from ? isoFromWire(query.from, 'from') : undefined;
    let to = query.to ? isoFromWire(query.to, 'to') : undefined;
    if (!from || !to) {
      const period = await this.assessment.period(scope);
      from ??= period.startDate;
      to ??= period.endDate;
    }
    if (to < from) throw badRequest(ASSESSMENT_MESSAGES.endBeforeStart, undefined, 'to');
    const before = query.before ? isoFromWire(query.before, 'before') : undefined;

    const [child, attendance, carelog, items] = await Promise.all([
      repo.child(scope, this.db, studentId),
      this.attendance.childCounts(scope, studentId, from, to),
      this.carelog().childCounts(scope, studentId, from, to),
      this.items(scope, studentId, from, to),
    ]);
    if (!child) throw notFound();

    const counts: Record<string, number> = Object.fromEntries(RECORD_KINDS.map((k) => [k, 0]));
    for (const item of items) counts[item.kind] = (counts[item.kind] ?? 0) + 1;
    const shown = items
      .filter((i) => kinds.has(i.kind) && (!before || i.iso < before))
      .sort((a, b) => (a.iso === b.iso ? (KIND_ORDER.get(a.kind) ?? 0) - (KIND_ORDER.get(b.kind) ?? 0) : a.iso < b.iso ? 1 : -1));
    // A page ends with a whole day: the next one starts before the last day shown.
    let end = Math.min(PAGE_SIZE, shown.length);
    const lastDay = shown[end - 1]?.iso;
    while (end < shown.length && shown[end]?.iso === lastDay) end += 1;
    const page = shown.slice(0, end);
    return {
      student: {
        _id: child.id,
        name: `${child.firstName} ${child.lastName}`.trim(),
        profile_image: signMedia(child.picture),
        class_id: child.classId,
        class_name: child.className,
      },
      attendance,
      carelog,
      counts,
      items: page.map(({ iso: _iso, ...item }) => item),
      next_before: end < shown.length && lastDay ? ddmmyyyyFromIso(lastDay) : null,
    };
  }

  private kinds(raw: string | undefined): Set<RecordKind> {
    if (!raw) return new Set(RECORD_KINDS);
    const asked = raw
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    const unknown = asked.find((k) => !(RECORD_KINDS as readonly string[]).includes(k));
    if (unknown) throw badRequest(`kinds: ${unknown} is not a kind of the record`, undefined, 'kinds');
    return new Set(asked as RecordKind[]);
  }

  /** Every item of the child dated fromIso..toIso, from every module. */
  private async items(scope: Scope, studentId: string, fromIso: string, toIso: string): Promise<Dated[]> {
    const [evidence, grades, reflections, cards, reports] = await Promise.all([
      this.evidence.ofChildren(scope, [studentId], fromIso, toIso),
      this.gradebook.gradesOfChild(scope, studentId, fromIso, toIso),
      this.reflections.ofChild(scope, studentId, fromIso, toIso),
      repo.hpcCardsOf(scope, this.db, studentId, fromIso, toIso),
      repo.sharedReportsOf(scope, this.db, studentId, fromIso, toIso),
    ]);
    const out: Dated[] = [];
    const dated = (iso: string, item: Omit<RecordItem, 'date'>): Dated => ({ ...item, iso, date: ddmmyyyyFromIso(iso) });
    for (const e of evidence.get(studentId) ?? [])
      out.push(
        dated(e.date, {
          kind: e.kind,
          id: e.id,
          title: e.title,
          body: clip(e.text),
          thumbnails: e.thumbnail ? [e.thumbnail] : [],
          link:
            e.kind === 'observation'
              ? pagePath.childObservations(studentId)
              : e.kind === 'story'
                ? pagePath.story(e.id)
                : pagePath.galleryItem(e.id),
        }),
      );
    for (const g of grades) {
      const value = g.scaleKind === 'points' ? `${g.value} / ${g.maxPoints}` : g.value;
      out.push(
        dated(g.dueDate, {
          kind: 'grade',
          id: g.taskId,
          title: `${g.title} (${g.subject})`,
          body: g.comment ? `${value}: ${g.comment}` : value,
          thumbnails: [],
          link: `/assessment/gradebook?${new URLSearchParams({ class_id: g.classId, period_id: g.periodId })}`,
        }),
      );
    }
    for (const r of reflections) {
      const iso = isoFromWire(r.date);
      out.push(
        dated(iso, {
          kind: 'reflection',
          id: r._id,
          // Names and periods only: the page says the kind in the reader's language beside them.
          title: r.author_kind === 'child' ? (r.student_name ?? r.created_by) : r.created_by,
          body: clip(r.body),
          thumbnails: r.media.filter((m) => m.kind === 'image').map((m) => m.media_link),
          link: `/assessment/reflections?${new URLSearchParams({ student_id: studentId })}`,
        }),
      );
    }
    for (const c of cards)
      out.push(
        dated(c.updatedAt.toISOString().slice(0, 10), {
          kind: 'hpc',
          id: c.id,
          title: c.periodName,
          body: clip(c.narrative || `${Object.keys(c.ratings).length} descriptors rated`),
          thumbnails: [],
          link: `/assessment/hpc/card/${encodeURIComponent(studentId)}?${new URLSearchParams({ period_id: c.periodId })}`,
        }),
      );
    for (const r of reports)
      out.push(
        dated((r.sharedAt ?? new Date()).toISOString().slice(0, 10), {
          kind: 'report',
          id: r.id,
          title: r.periodName,
          body: clip(r.teacherNote || r.comments.map((c) => c.text).find(Boolean) || ''),
          thumbnails: [],
          link: `/assessment/report-card/entry/${encodeURIComponent(r.id)}`,
        }),
      );
    return out.filter((i) => i.iso >= fromIso && i.iso <= toIso);
  }
}
