import type { Db } from '../../platform/db/client.js';

/** Assessment: report card templates, sets per class and period, comments, the check, PDFs and sharing (issue 23). */
export class ReportCardService {
  constructor(readonly db: Db) {}
}
