import type { ObservationEntry, StatementRef } from '@cue/contract';
import { ddmmyyyyFromIso } from '@cue/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { signMediaList } from '../../platform/media-urls.js';
import type { ObservationRow } from './repo.js';

interface Names {
  firstName: string;
  lastName: string;
}

export interface ObservationContext {
  areas: { observationId: string; id: string; code: string; name: string; group: string }[];
  children: Map<string, Names>;
  authors: Map<string, Names>;
  /** Each observation's statements, already in order. */
  statements: Map<string, StatementRef[]>;
}

const byCode = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/**
 * The statements of these ids that the caller sees, by framework, area code, then statement code (the
 * order every tagged record shows them in).
 */
export function orderedStatements(ids: readonly string[], refs: ReadonlyMap<string, StatementRef>): StatementRef[] {
  return [...new Set(ids)]
    .flatMap((id) => {
      const ref = refs.get(id);
      return ref ? [ref] : [];
    })
    .sort(
      (a, b) =>
        byCode(a.framework.name, b.framework.name) ||
        byCode(a.framework._id, b.framework._id) ||
        byCode(a.area.code, b.area.code) ||
        byCode(a.code, b.code) ||
        a.version - b.version,
    );
}

/** An observation as the contract's entry; staff (who reach only their classes' ones) edit and delete, parents read. */
export function presentObservation(scope: Scope, r: ObservationRow, ctx: ObservationContext): ObservationEntry {
  const kid = ctx.children.get(r.studentId);
  const author = ctx.authors.get(r.createdBy);
  return {
    _id: r.id,
    id: r.id,
    student_id: r.studentId,
    student_name: `${kid?.firstName ?? ''} ${kid?.lastName ?? ''}`.trim(),
    class_id: r.classId,
    date: ddmmyyyyFromIso(r.date),
    title: r.title,
    general_note: r.generalNote,
    type_of_anecdote: r.typeOfAnecdote,
    type: r.type === 'report_card' ? 'report_card' : 'daily',
    report_title: r.reportTitle,
    visibility: r.visibility === 'staff' ? 'staff' : 'family',
    learning_areas: ctx.areas
      .filter((a) => a.observationId === r.id)
      .map(({ id, code, name, group }) => ({ id, code, name, group })),
    statements: ctx.statements.get(r.id) ?? [],
    media: signMediaList(r.media),
    created_by: { id: r.createdBy, first_name: author?.firstName ?? '', last_name: author?.lastName ?? '' },
    created_at: r.createdAt.toISOString(),
    is_saved: true,
    abilities: { can_edit: scope.kind === 'staff', can_delete: scope.kind === 'staff' },
  };
}

export const presentArea = (a: { id: string; code: string; name: string; group: string }) => ({
  id: a.id,
  code: a.code,
  name: a.name,
  group: a.group,
});

/** A child's coverage of each learning area: how many observations, and the latest one's date. */
export function presentCoverage(
  areas: { id: string; code: string; name: string; group: string }[],
  counts: { areaId: string; n: number; last: string | null }[],
) {
  return areas.map((a) => {
    const c = counts.find((x) => x.areaId === a.id);
    return {
      ...presentArea(a),
      observations: Number(c?.n ?? 0),
      last_date: c?.last ? ddmmyyyyFromIso(String(c.last)) : null,
    };
  });
}
