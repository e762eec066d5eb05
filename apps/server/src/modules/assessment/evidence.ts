import type { Evidence, EvidenceRef } from '@cue/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/client.js';
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
    _scope: Scope,
    _studentIds: readonly string[],
    _fromIso: string,
    _toIso: string,
  ): Promise<Map<string, ChildEvidence[]>> {
    throw new Error('EvidenceReader.ofChildren is not built yet');
  }

  /** The named evidence of one child as the wire shows it; refs that are not that child's are left out. */
  async resolve(_scope: Scope, _studentId: string, _refs: readonly EvidenceRef[]): Promise<Evidence[]> {
    throw new Error('EvidenceReader.resolve is not built yet');
  }

  /** Refuses (400, `evidenceOfChild`) refs that are not records of this child in the scope's reach. */
  async assertOfChild(_scope: Scope, _studentId: string, _refs: readonly EvidenceRef[]): Promise<void> {
    throw new Error('EvidenceReader.assertOfChild is not built yet');
  }
}

/** A ChildEvidence as the wire shows it. */
export function presentEvidence(e: ChildEvidence): Evidence {
  return {
    kind: e.kind,
    id: e.id,
    date: `${e.date.slice(8, 10)}-${e.date.slice(5, 7)}-${e.date.slice(0, 4)}`,
    title: e.title,
    excerpt: e.text.length > 240 ? `${e.text.slice(0, 237)}…` : e.text,
    thumbnail: e.thumbnail,
  };
}
