import type { AccessClaims } from '../../platform/auth/tokens.js';
import { toCsv } from '../../platform/csv.js';
import type { Db } from '../../platform/db/client.js';
import { forbidden, notFound } from '../../platform/errors.js';
import * as classRepo from '../classes/repo.js';
import * as peopleRepo from '../people/repo.js';

const HEADER = ['Student first name', 'Student last name', 'Class', 'Parent', 'Relation', 'Phone', 'Email'];

/** Class lists and contact sheets as CSV. */
export class ReportService {
  constructor(private readonly db: Db) {}

  private async rows(schoolId: string, classIds?: string[]) {
    const { ids } = await peopleRepo.listStudents(this.db, { schoolId, classIds, limit: 100_000, offset: 0 });
    const list = await peopleRepo.loadStudents(this.db, ids);
    const out: string[][] = [];
    for (const s of list) {
      const className = s.classes.map((c) => c.className).join('; ');
      const parents = s.parents.length ? s.parents : [null];
      for (const p of parents)
        out.push([
          s.student.firstName,
          s.student.lastName,
          className,
          p ? `${p.firstName} ${p.lastName}`.trim() : '',
          p?.relation ?? '',
          p?.phone ?? '',
          p?.email ?? '',
        ]);
    }
    return out;
  }

  async classList(auth: AccessClaims, classId: string): Promise<{ filename: string; csv: string }> {
    if (!auth.schoolId) throw forbidden();
    const cls = await classRepo.findClass(this.db, auth.schoolId, classId);
    if (!cls) throw notFound();
    const csv = toCsv([HEADER, ...(await this.rows(auth.schoolId, [classId]))]);
    return { filename: `${cls.cls.name.replace(/[^\w-]+/g, '-')}-class-list.csv`, csv };
  }

  async contacts(auth: AccessClaims): Promise<{ filename: string; csv: string }> {
    if (!auth.schoolId) throw forbidden();
    return { filename: 'contact-sheet.csv', csv: toCsv([HEADER, ...(await this.rows(auth.schoolId))]) };
  }
}
