import type { CurriculumArea, CurriculumFramework, CurriculumStatement, CurriculumTree } from '@cue/contract';
import type { AreaView, AspectView, FrameworkView, StatementView, TreeRows } from './repo.js';

/** What the caller may do with a framework, by the service's rules. */
export interface FrameworkAbilities {
  edit: boolean;
  archive: boolean;
  copy: boolean;
  add: boolean;
}

export function presentFramework(
  f: FrameworkView,
  counts: { areas: number; statements: number; classes: { _id: string; name: string }[] },
  abilities: FrameworkAbilities,
): CurriculumFramework {
  return {
    _id: f.id,
    name: f.name,
    code: f.code,
    description: f.description,
    shipped: f.schoolId === null,
    archived: f.archived,
    area_count: counts.areas,
    statement_count: counts.statements,
    classes: counts.classes,
    updated_at: f.updatedAt ? f.updatedAt.toISOString() : null,
    abilities,
  };
}

const presentStatement = (s: StatementView, tagged: Map<string, number>): CurriculumStatement => ({
  _id: s.id,
  aspect_id: s.aspectId,
  code: s.code,
  text: s.text,
  age_from_months: s.ageFromMonths,
  age_to_months: s.ageToMonths,
  position: s.position,
  version: s.version,
  shipped: s.schoolId === null,
  archived: s.archived,
  replaced_by: s.replacedBy,
  tagged: tagged.get(s.id) ?? 0,
});

/**
 * The nested tree: areas → aspects → statements, each list in the repository's order (position). With
 * `includeArchived` false, an archived node is left out with everything under it.
 */
export function presentAreas(rows: TreeRows, tagged: Map<string, number>, includeArchived: boolean): CurriculumArea[] {
  const keep = (n: { archived: boolean }) => includeArchived || !n.archived;
  const statementsOf = new Map<string, StatementView[]>();
  for (const s of rows.statements) if (keep(s)) statementsOf.set(s.aspectId, [...(statementsOf.get(s.aspectId) ?? []), s]);
  const aspectsOf = new Map<string, AspectView[]>();
  for (const a of rows.aspects) if (keep(a)) aspectsOf.set(a.areaId, [...(aspectsOf.get(a.areaId) ?? []), a]);
  return rows.areas.filter(keep).map((area: AreaView) => ({
    _id: area.id,
    code: area.code,
    name: area.name,
    group: area.group,
    position: area.position,
    shipped: area.schoolId === null,
    archived: area.archived,
    aspects: (aspectsOf.get(area.id) ?? []).map((aspect) => ({
      _id: aspect.id,
      area_id: aspect.areaId,
      code: aspect.code,
      name: aspect.name,
      position: aspect.position,
      shipped: aspect.schoolId === null,
      archived: aspect.archived,
      statements: (statementsOf.get(aspect.id) ?? []).map((s) => presentStatement(s, tagged)),
    })),
  }));
}

export const presentTree = (framework: CurriculumFramework, areas: CurriculumArea[]): CurriculumTree => ({ framework, areas });
