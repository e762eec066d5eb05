import { toCsv } from '../../platform/csv.js';
import type { reportClasses, reportParents, reportStudents } from './repo.js';

const HEADER = ['Student first name', 'Student last name', 'Class', 'Parent', 'Relation', 'Phone', 'Email'];

/** One line per child and parent (a child without parents has one line), as CSV. */
export function presentContactSheet(
  kids: Awaited<ReturnType<typeof reportStudents>>,
  classRows: Awaited<ReturnType<typeof reportClasses>>,
  parentRows: Awaited<ReturnType<typeof reportParents>>,
): string {
  const out: string[][] = [];
  for (const s of kids) {
    const className = classRows
      .filter((c) => c.studentId === s.id)
      .map((c) => c.className)
      .join('; ');
    const mine = parentRows.filter((p) => p.studentId === s.id);
    for (const p of mine.length ? mine : [null])
      out.push([
        s.firstName,
        s.lastName,
        className,
        p ? `${p.firstName} ${p.lastName}`.trim() : '',
        p?.relation ?? '',
        p?.phone ?? '',
        p?.email ?? '',
      ]);
  }
  return toCsv([HEADER, ...out]);
}

/** A file name made of a class's name. */
export const classListFilename = (className: string) => `${className.replace(/[^\w-]+/g, '-')}-class-list.csv`;
