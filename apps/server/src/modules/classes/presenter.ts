import { type ClassDetail, type ClassListItem, type ClassSummary, ddmmyyyyFromIso } from '@cue/contract';
import { signMedia } from '../../platform/media-urls.js';
import type { ClassRow } from './repo.js';

/** 'DD-MM-YYYY - DD-MM-YYYY', or '-' when the class has no academic year. */
export const academicYear = (start: string | null, end: string | null): string =>
  start && end ? `${ddmmyyyyFromIso(start)} - ${ddmmyyyyFromIso(end)}` : '-';

export function presentClassSummary(r: ClassRow): ClassSummary {
  return {
    id: r.cls.id,
    _id: r.cls.id,
    class_name: r.cls.name,
    academic_year: academicYear(r.cls.academicYearStart, r.cls.academicYearEnd),
    age_range: r.cls.ageRange,
    color: r.cls.color,
    school_info: { id: r.cls.schoolId, name: r.schoolName },
    student_count: r.studentCount,
  };
}

type Person = { id: string; firstName: string; lastName: string; picture: string | null };
const person = (p: Person) => ({
  id: p.id,
  _id: p.id,
  first_name: p.firstName,
  last_name: p.lastName,
  profile_picture: signMedia(p.picture),
});

export function presentClassDetail(r: ClassRow, studentRows: Person[], staffRows: (Person & { role: string })[]): ClassDetail {
  return {
    ...presentClassSummary(r),
    classes_days: r.cls.days,
    curriculam: r.cls.curriculum,
    class_curriculum: r.cls.classCurriculumId,
    start_time: r.cls.startTime,
    end_time: r.cls.endTime,
    division: r.cls.divisionId && r.divisionName ? { id: r.cls.divisionId, name: r.divisionName } : null,
    archived: r.cls.archivedAt !== null,
    student_list: studentRows.map(person),
    staff_list: staffRows.map((s) => ({ ...person(s), role: s.role })),
  };
}

export const presentClassListItem = (r: ClassRow): ClassListItem => ({
  ...presentClassSummary(r),
  archived: r.cls.archivedAt !== null,
  division: r.divisionName ?? null,
});

/** A school of the class selector with the classes the person works with in it. */
export const presentSchoolClasses = (
  s: { id: string; name: string; editorDirection: string | null; organization: { id: string; name: string } },
  current: boolean,
  rows: ClassRow[],
) => ({
  school_details: {
    id: s.id,
    name: s.name,
    editor_direction: s.editorDirection === 'r2l' ? ('r2l' as const) : ('l2r' as const),
    organization: s.organization,
  },
  current,
  classes: rows.map(presentClassSummary),
});
