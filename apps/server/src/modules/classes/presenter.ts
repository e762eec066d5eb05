import type { ClassSummary } from '@cue/contract';
import type { ClassRow } from './repo.js';

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');

/** 'DD-MM-YYYY - DD-MM-YYYY', or '-' when the class has no academic year. */
export const academicYear = (start: string | null, end: string | null): string =>
  start && end ? `${ddmmyyyy(start)} - ${ddmmyyyy(end)}` : '-';

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
