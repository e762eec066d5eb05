import type { Db } from '../../platform/db/client.js';

/** Assessment: a child's whole record for staff, one timeline over every module (issue 23). */
export class StudentRecordService {
  constructor(readonly db: Db) {}
}
