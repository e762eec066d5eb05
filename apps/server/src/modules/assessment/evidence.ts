import { ASSESSMENT_MESSAGES, ddmmyyyyFromIso, ERROR_CODES, type Evidence, type EvidenceRef } from '@cue/contract';
import { requireAccess, type Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest } from '../../platform/errors.js';
import type { MediaService } from '../media/service.js';
import type { ObservationService } from '../observations/service.js';
import type { StoryService } from '../stories/service.js';

/** One piece of a child's recorded evidence, read through its own module's service. */
export interface ChildEvidence {
  kind: EvidenceRef['kind'];
  id: string;
  studentId: string;
  /** ISO day. */
  date: string;
  title: string;
  /** The whole text (an observation's note, a story's words, a photo's caption), for matching and drafting. */
  text: string;
  thumbnail: string | null;
  /** Learning areas it is tagged with, and their codes (EYFS 'PD', 'CL', ...). */
  areaIds: string[];
  areaCodes: string[];
}

/**
 * A child's evidence (observations, stories, gallery photos) of a period, for the gradebook, progress
 * cards, report comments and the child's record. It reads through the observations, stories and
 * gallery services, so each module's rules (what staff may read) apply.
 */
export class EvidenceReader {
  constructor(
    readonly db: Db,
    readonly observations: ObservationService,
    readonly stories: StoryService,
    readonly media: MediaService,
  ) {}

  /** Every child's evidence dated fromIso..toIso (ISO days), newest first per child. */
  async ofChildren(
    scope: Scope,
    studentIds: readonly string[],
    fromIso: string,
    toIso: string,
  ): Promise<Map<string, ChildEvidence[]>> {
    const ids = [...new Set(studentIds)];
    const out = new Map<string, ChildEvidence[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return out;
    await requireAccess(scope, 'child', ids);
    for (const e of await this.read(scope, ids, fromIso, toIso)) out.get(e.studentId)?.push(e);
    return out;
  }

  /** The three modules' evidence of these children, one query each, newest first. */
  private async read(
    scope: Scope,
    studentIds: readonly string[],
    fromIso: string | null,
    toIso: string | null,
    refs?: readonly EvidenceRef[],
  ): Promise<ChildEvidence[]> {
    const idsOf = (kind: EvidenceRef['kind']) => (refs ? refs.filter((r) => r.kind === kind).map((r) => r.id) : undefined);
    const [observations, stories, media] = await Promise.all([
      this.observations.evidenceOf(scope, studentIds, fromIso, toIso, idsOf('observation')),
      this.stories.evidenceOf(scope, studentIds, fromIso, toIso, idsOf('story')),
      this.media.evidenceOf(scope, studentIds, fromIso, toIso, idsOf('media')),
    ]);
    const all: ChildEvidence[] = [
      ...observations.map((e) => ({ ...e, kind: 'observation' as const })),
      ...stories.map((e) => ({ ...e, kind: 'story' as const })),
      ...media.map((e) => ({ ...e, kind: 'media' as const })),
    ];
    // Each list is newest first; merged, a day's observations come before its stories and photos.
    return all.sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? 1 : -1));
  }

  /** The named evidence of one child as the wire shows it; refs that are not that child's are left out. */
  async resolve(scope: Scope, studentId: string, refs: readonly EvidenceRef[]): Promise<Evidence[]> {
    if (refs.length === 0) return [];
    await requireAccess(scope, 'child', [studentId]);
    const found = await this.read(scope, [studentId], null, null, refs);
    const byKey = new Map(found.map((e) => [`${e.kind}:${e.id}`, e]));
    const seen = new Set<string>();
    const out: Evidence[] = [];
    for (const r of refs) {
      const key = `${r.kind}:${r.id}`;
      const e = byKey.get(key);
      if (e && !seen.has(key)) out.push(presentEvidence(e));
      seen.add(key);
    }
    return out;
  }

  /** Refuses (400, `evidenceOfChild`) refs that are not records of this child in the scope's reach. */
  async assertOfChild(scope: Scope, studentId: string, refs: readonly EvidenceRef[]): Promise<void> {
    if (refs.length === 0) return;
    const found = new Set((await this.resolve(scope, studentId, refs)).map((e) => `${e.kind}:${e.id}`));
    if (refs.some((r) => !found.has(`${r.kind}:${r.id}`)))
      throw badRequest(ASSESSMENT_MESSAGES.evidenceOfChild, ERROR_CODES.validation, 'evidence');
  }
}

/** A ChildEvidence as the wire shows it. */
export function presentEvidence(e: ChildEvidence): Evidence {
  return {
    kind: e.kind,
    id: e.id,
    date: ddmmyyyyFromIso(e.date),
    title: e.title,
    excerpt: e.text.length > 240 ? `${e.text.slice(0, 237)}…` : e.text,
    thumbnail: e.thumbnail,
  };
}
