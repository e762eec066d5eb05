import type { SchoolInfo } from '@cue/contract';
import type { findSchool, listDivisions, schoolsOfUser, usageSince } from './repo.js';

type SchoolRow = NonNullable<Awaited<ReturnType<typeof findSchool>>>;

const direction = (value: string | null) => (value === 'r2l' ? ('r2l' as const) : ('l2r' as const));

export const presentSchoolInfo = ({ school: s, organization }: SchoolRow): SchoolInfo => ({
  id: s.id,
  name: s.name,
  logo: s.logo,
  editor_direction: direction(s.editorDirection),
  time_zone: s.timeZone,
  organization,
});

export const presentDivision = (d: Awaited<ReturnType<typeof listDivisions>>[number]) => ({
  id: d.id,
  name: d.name,
  class_count: Number(d.classCount),
});

export const presentCampus = (s: Awaited<ReturnType<typeof schoolsOfUser>>[number], currentId: string | null) => ({
  id: s.id,
  name: s.name,
  editor_direction: direction(s.editorDirection),
  organization: s.organization,
  current: s.id === currentId,
});

export const presentUsage = (r: Awaited<ReturnType<typeof usageSince>>[number]) => ({
  user: { id: r.userId, first_name: r.firstName, last_name: r.lastName },
  action: r.action,
  count: Number(r.count),
  last_at: new Date(r.lastAt).toISOString(),
});
