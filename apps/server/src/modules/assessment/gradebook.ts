import type { Db } from '../../platform/db/client.js';

/** Assessment: the gradebook (grade scales, a class's categories and tasks, grades with evidence, the grid and its CSV) (issue 23). */
export class GradebookService {
  constructor(readonly db: Db) {}
}
