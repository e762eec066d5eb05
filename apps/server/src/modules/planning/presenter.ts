import {
  ddmmyyyyFromIso,
  type LibraryUnit,
  type PlanningArea,
  type PlanningFramework,
  type PlanningResource,
  type StatementRef,
  type Unit,
  type UnitFields,
} from '@cue/contract';
import { signMedia } from '../../platform/media-urls.js';
import type { AreaRow, LibraryRow, ResourceRow, UnitExtras, UnitRow } from './repo.js';

const fullName = (p: { firstName: string; lastName: string } | undefined) => (p ? `${p.firstName} ${p.lastName}`.trim() : '');

export const presentArea = (a: AreaRow): PlanningArea => ({
  _id: a.id,
  code: a.code,
  name: a.name,
  group: a.group,
  curriculum: a.curriculum,
});

/** A resource as units and activities name it: an uploaded file's link is signed. */
export const presentResourceRef = (r: {
  id: string;
  title: string;
  kind: string;
  url: string | null;
  fileLink: string | null;
}) => ({
  _id: r.id,
  title: r.title,
  kind: r.kind,
  url: r.fileLink ? signMedia(r.fileLink) : r.url,
});

export function presentUnit(row: UnitRow, x: UnitExtras, abilities: Unit['abilities'], statements: StatementRef[] = []): Unit {
  const source = row.sourceLibraryId ? x.sources.get(row.sourceLibraryId) : undefined;
  return {
    _id: row.id,
    kind: row.kind as Unit['kind'],
    framework: row.framework as PlanningFramework,
    title: row.title,
    status: row.status as Unit['status'],
    start_date: ddmmyyyyFromIso(row.startDate),
    end_date: ddmmyyyyFromIso(row.endDate),
    classes: (x.classes.get(row.id) ?? []).map((c) => ({ _id: c.id, name: c.name })),
    areas: (x.areas.get(row.id) ?? []).map((a) => presentArea(a as AreaRow)),
    statements,
    fields: row.fields as UnitFields,
    resources: (x.resources.get(row.id) ?? []).map(presentResourceRef),
    source: source
      ? {
          _id: source.id,
          title: source.title,
          scope: source.organizationId ? 'organization' : 'global',
          version: row.sourceVersion ?? source.version,
          latest_version: source.version,
        }
      : null,
    version: row.version,
    field_versions: row.fieldVersions,
    activity_count: x.activities.get(row.id) ?? 0,
    created_by: { _id: row.createdBy, name: fullName(x.people.get(row.createdBy)) },
    updated_by: { _id: row.updatedBy, name: fullName(x.people.get(row.updatedBy)) },
    updated_at: row.updatedAt.toISOString(),
    abilities,
  };
}

export function presentLibraryUnit(
  row: LibraryRow,
  areas: ReadonlyMap<string, AreaRow>,
  copies: number,
  abilities: LibraryUnit['abilities'],
): LibraryUnit {
  return {
    _id: row.id,
    scope: row.organizationId ? 'organization' : 'global',
    kind: row.kind as LibraryUnit['kind'],
    framework: row.framework as PlanningFramework,
    title: row.title,
    summary: row.summary,
    age_range: row.ageRange,
    weeks: row.weeks,
    areas: row.areaIds.flatMap((id) => {
      const a = areas.get(id);
      return a ? [presentArea(a)] : [];
    }),
    fields: row.fields as UnitFields,
    version: row.version,
    copies,
    updated_at: row.updatedAt.toISOString(),
    abilities,
  };
}

export function presentResource(
  row: ResourceRow,
  areas: ReadonlyMap<string, AreaRow>,
  uses: number,
  creator: { firstName: string; lastName: string } | undefined,
  abilities: PlanningResource['abilities'],
): PlanningResource {
  return {
    _id: row.id,
    kind: row.kind as PlanningResource['kind'],
    title: row.title,
    description: row.description,
    url: row.fileLink ? signMedia(row.fileLink) : row.url,
    file_name: row.fileName,
    author: row.author,
    tags: row.tags,
    areas: row.areaIds.flatMap((id) => {
      const a = areas.get(id);
      return a ? [presentArea(a)] : [];
    }),
    age_from_months: row.ageFromMonths,
    age_to_months: row.ageToMonths,
    uses,
    created_by: { _id: row.createdBy, name: fullName(creator) },
    updated_at: row.updatedAt.toISOString(),
    abilities,
  };
}
