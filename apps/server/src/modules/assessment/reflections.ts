import type { Db } from '../../platform/db/client.js';

/** Assessment: teachers' and children's reflections per unit or period (issue 23). */
export class ReflectionService {
  constructor(readonly db: Db) {}
}
