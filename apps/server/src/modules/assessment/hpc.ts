import {
  type AssessmentPeriod,
  ERROR_CODES,
  type EvidenceRef,
  HPC_DESCRIPTOR_KEYS,
  HPC_DOMAINS,
  HPC_LEVELS,
  HPC_SELF_PROMPTS,
  type HpcCard,
  type hpcCardChangeSchema,
  type hpcClassSummarySchema,
  type hpcProgressSchema,
  type hpcStudentListSchema,
} from '@cue/contract';
import type { z } from 'zod';
import { requireAccess, type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { signMedia } from '../../platform/media-urls.js';
import type { ClassService } from '../classes/service.js';
import type { EvidenceReader } from './evidence.js';
import type { FeedbackService } from './feedback.js';
import { domainAverages, presentRatings, presentSelf, presentSuggestion, ratedCount, statusOf } from './hpc-presenter.js';
import * as repo from './hpc-repo.js';
import { suggest } from './hpc-suggest.js';
import type { PeriodRow } from './repo.js';
import type { AssessmentService } from './service.js';

type CardChange = z.infer<typeof hpcCardChangeSchema>;
const DESCRIPTORS = new Set<string>(HPC_DESCRIPTOR_KEYS);
const PROMPTS = new Set<string>(HPC_SELF_PROMPTS);

/**
 * Assessment: the holistic progress card of NEP 2020's foundational stage (PARAKH's template), one per
 * child and period (issue 23). Staff who reach a child read the card; those who teach the child (or
 * manage classes) rate its descriptors, record the child's self-assessment and write the narrative,
 * while the period is open. Each descriptor not yet rated is proposed from the period's records of the
 * child (observations, stories, photos) with the level their words point to; the teacher confirms.
 */
export class HpcService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly assessment: AssessmentService,
    readonly classes: ClassService,
    readonly evidence: EvidenceReader,
    readonly feedback: FeedbackService,
  ) {}

  /** The class a child's card belongs to: the child's class the caller teaches, else the child's first. */
  private async classOf(scope: Scope, studentId: string): Promise<string> {
    const [classesOf, taught] = await Promise.all([scope.childrenInSchool([studentId]), scope.taughtClassIds()]);
    const own = classesOf.get(studentId) ?? [];
    const chosen = own.find((c) => taught.has(c)) ?? own[0];
    if (!chosen) throw notFound();
    return chosen;
  }

  private async canWrite(scope: Scope, studentId: string, period: PeriodRow): Promise<boolean> {
    if (period.lockedAt) return false;
    return requireAccess(scope, 'teach', [studentId]).then(
      () => true,
      () => false,
    );
  }

  /** The child's card of a period (the current one when none is named), with suggestions, evidence and feedback. */
  async card(scope: Scope, studentId: string, periodId?: string): Promise<HpcCard> {
    staffSchool(scope);
    await requireAccess(scope, 'child', [studentId]);
    const period = await this.assessment.period(scope, periodId);
    return this.present(scope, studentId, period);
  }

  private async present(scope: Scope, studentId: string, period: PeriodRow): Promise<HpcCard> {
    const classId = await this.classOf(scope, studentId);
    const [row, [student], className, periods, canEdit, found, feedback] = await Promise.all([
      repo.card(scope, this.db, studentId, period.id),
      repo.studentsOf(scope, this.db, [studentId]),
      this.classes.nameOf(scope, classId),
      this.assessment.presentWithAll(scope, period),
      this.canWrite(scope, studentId, period),
      this.evidence.ofChildren(scope, [studentId], period.startDate, period.endDate),
      this.feedback.forChild(scope, studentId, period.id),
    ]);
    if (!student) throw notFound();
    const ratings = row?.ratings ?? {};
    const refs: EvidenceRef[] = Object.values(ratings).flatMap((r) => r.evidence);
    const unique = [...new Map(refs.map((r) => [`${r.kind}:${r.id}`, r])).values()];
    const evidence = unique.length ? await this.evidence.resolve(scope, studentId, unique) : [];
    return {
      student: {
        _id: student.id,
        name: student.name,
        profile_image: signMedia(student.profilePicture),
        class_id: classId,
        class_name: className,
      },
      period: periods.period,
      status: row ? (row.status as HpcCard['status']) : 'not_started',
      ratings: presentRatings(ratings),
      self: presentSelf(row?.self ?? {}),
      narrative: row?.narrative ?? '',
      suggestions: suggest(found.get(studentId) ?? [], new Set(Object.keys(ratings))).map(presentSuggestion),
      evidence,
      feedback,
      updated_at: row ? row.updatedAt.toISOString() : null,
      updated_by: row?.updatedByName ?? null,
      abilities: { can_edit: canEdit },
    };
  }

  /**
   * Saves what is sent: ratings merge key by key (null clears one), self answers likewise, the
   * narrative when given. The card is locked for the transaction, so two teachers rating different
   * descriptors at once both keep their ratings.
   */
  async save(scope: Scope, studentId: string, body: CardChange): Promise<HpcCard> {
    staffSchool(scope);
    await requireAccess(scope, 'teach', [studentId]);
    const period = await this.assessment.period(scope, body.period_id);
    this.assessment.assertOpen(period);
    const ratings = body.ratings ?? {};
    const self = body.self ?? {};
    const unknown = Object.keys(ratings).find((k) => !DESCRIPTORS.has(k));
    if (unknown) throw badRequest(`ratings: "${unknown}" is not a descriptor of the card`, ERROR_CODES.validation, 'ratings');
    const prompt = Object.keys(self).find((k) => !PROMPTS.has(k));
    if (prompt) throw badRequest(`self: "${prompt}" is not a statement of the card`, ERROR_CODES.validation, 'self');
    const refs = Object.values(ratings).flatMap((r) => r?.evidence ?? []);
    if (refs.length) await this.evidence.assertOfChild(scope, studentId, refs);
    const classId = await this.classOf(scope, studentId);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const row = await repo.lockCard(scope, tx, { id: newId(), studentId, periodId: period.id, classId });
      const nextRatings = { ...row.ratings };
      for (const [k, r] of Object.entries(ratings)) {
        if (r === null) delete nextRatings[k];
        else
          nextRatings[k] = {
            level: r.level,
            evidence: r.evidence.map((e) => ({ kind: e.kind, id: e.id })),
            from_evidence: r.from_evidence,
          };
      }
      const nextSelf = { ...row.self };
      for (const [k, a] of Object.entries(self)) {
        if (a === null) delete nextSelf[k];
        else nextSelf[k] = a;
      }
      const narrative = body.narrative ?? row.narrative;
      const status = statusOf({ ratings: nextRatings, self: nextSelf, narrative });
      await repo.saveCard(scope, tx, row.id, {
        ratings: nextRatings,
        self: nextSelf,
        narrative,
        status,
        classId: row.classId,
        updatedBy: scope.userId,
        updatedAt: now,
      });
    });
    return this.present(scope, studentId, period);
  }

  private async classRoster(scope: Scope, classId: string) {
    staffSchool(scope);
    await requireAccess(scope, 'class', [classId]);
    const detail = await this.classes.detail(scope, classId);
    return {
      cls: { _id: classId, name: detail.class_name },
      students: detail.student_list.map((s) => ({
        id: s.id,
        name: `${s.first_name} ${s.last_name}`.trim(),
        picture: s.profile_picture,
      })),
    };
  }

  /** Every child of a class with the state of their card; suggestions from one read of the class's records. */
  async students(scope: Scope, classId: string, periodId?: string): Promise<z.infer<typeof hpcStudentListSchema>> {
    const { cls, students } = await this.classRoster(scope, classId);
    const period = await this.assessment.period(scope, periodId);
    const ids = students.map((s) => s.id);
    const [cards, found, counts, periods] = await Promise.all([
      repo.cardsOf(scope, this.db, ids, period.id),
      this.evidence.ofChildren(scope, ids, period.startDate, period.endDate),
      this.feedback.countsFor(scope, ids, period.id),
      this.assessment.presentWithAll(scope, period),
    ]);
    const byChild = new Map(cards.map((c) => [c.studentId, c]));
    const rows = students.map((s) => {
      const card = byChild.get(s.id);
      const ratings = card?.ratings ?? {};
      return {
        _id: s.id,
        name: s.name,
        profile_image: s.picture,
        status: card ? (card.status as HpcCard['status']) : ('not_started' as const),
        rated: ratedCount(ratings),
        total: HPC_DESCRIPTOR_KEYS.length,
        has_self: HPC_SELF_PROMPTS.some((p) => card?.self[p]),
        has_narrative: (card?.narrative.trim() ?? '') !== '',
        feedback_count: counts.get(s.id) ?? 0,
        suggestions: suggest(found.get(s.id) ?? [], new Set(Object.keys(ratings))).length,
      };
    });
    return {
      class: cls,
      period: periods.period,
      periods: periods.periods,
      students: rows,
      complete: rows.filter((r) => r.status === 'complete').length,
    };
  }

  /** The class at a glance: per descriptor how many children at each level, per child the domains' averages. */
  async summary(scope: Scope, classId: string, periodId?: string): Promise<z.infer<typeof hpcClassSummarySchema>> {
    const { cls, students } = await this.classRoster(scope, classId);
    const period = await this.assessment.period(scope, periodId);
    const [cards, periods] = await Promise.all([
      repo.cardsOf(
        scope,
        this.db,
        students.map((s) => s.id),
        period.id,
      ),
      this.assessment.presentWithAll(scope, period),
    ]);
    const byChild = new Map(cards.map((c) => [c.studentId, c]));
    const descriptors = HPC_DOMAINS.flatMap((d) =>
      d.descriptors.map((x) => {
        const counts = { beginner: 0, progressing: 0, proficient: 0, not_rated: 0 };
        for (const s of students) {
          const level = byChild.get(s.id)?.ratings[x.key]?.level;
          if (level && (HPC_LEVELS as readonly string[]).includes(level)) counts[level as (typeof HPC_LEVELS)[number]]++;
          else counts.not_rated++;
        }
        return { domain: d.key, descriptor: x.key, ...counts };
      }),
    );
    return {
      class: cls,
      period: periods.period,
      periods: periods.periods,
      descriptors,
      students: students.map((s) => {
        const card = byChild.get(s.id);
        return {
          _id: s.id,
          name: s.name,
          domains: domainAverages(card?.ratings ?? {}),
          status: card ? (card.status as HpcCard['status']) : 'not_started',
        };
      }),
    };
  }

  /** A child's cards over the periods, oldest first. */
  async progress(scope: Scope, studentId: string): Promise<z.infer<typeof hpcProgressSchema>> {
    staffSchool(scope);
    await requireAccess(scope, 'child', [studentId]);
    const [[student], cards, periods] = await Promise.all([
      repo.studentsOf(scope, this.db, [studentId]),
      repo.cardsOfChild(scope, this.db, studentId),
      this.assessment.list(scope),
    ]);
    if (!student) throw notFound();
    const byId = new Map<string, AssessmentPeriod>(periods.map((p) => [p._id, p]));
    return {
      student: { _id: student.id, name: student.name, profile_image: signMedia(student.profilePicture) },
      periods: cards.flatMap((c) => {
        const period = byId.get(c.periodId);
        if (!period) return [];
        const ratings: Record<string, (typeof HPC_LEVELS)[number]> = {};
        for (const [k, r] of Object.entries(c.ratings)) ratings[k] = r.level as (typeof HPC_LEVELS)[number];
        return [
          {
            period,
            status: c.status as HpcCard['status'],
            domains: domainAverages(c.ratings),
            ratings,
            narrative: c.narrative,
          },
        ];
      }),
    };
  }
}
