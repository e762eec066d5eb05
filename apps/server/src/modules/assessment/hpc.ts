import type { Db } from '../../platform/db/client.js';

/** Assessment: the holistic progress card (NEP 2020 foundational stage) (issue 23). */
export class HpcService {
  constructor(readonly db: Db) {}
}
