import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/client.js';
import type { ClassService } from '../classes/service.js';
import { classListFilename, presentContactSheet } from './presenter.js';
import * as repo from './repo.js';

/** Class lists and contact sheets as CSV. */
export class ReportService {
  constructor(
    private readonly db: Db,
    private readonly classes: ClassService,
  ) {}

  private async sheet(auth: Scope, classIds?: string[]): Promise<string> {
    const [kids, classRows, parentRows] = await Promise.all([
      repo.reportStudents(auth, this.db, classIds),
      repo.reportClasses(auth, this.db),
      repo.reportParents(auth, this.db),
    ]);
    return presentContactSheet(kids, classRows, parentRows);
  }

  async classList(auth: Scope, classId: string): Promise<{ filename: string; csv: string }> {
    const name = await this.classes.nameOf(auth, classId);
    return { filename: classListFilename(name), csv: await this.sheet(auth, [classId]) };
  }

  async contacts(auth: Scope): Promise<{ filename: string; csv: string }> {
    staffSchool(auth);
    return { filename: 'contact-sheet.csv', csv: await this.sheet(auth) };
  }
}
