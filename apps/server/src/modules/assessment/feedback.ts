import type { Db } from '../../platform/db/client.js';

/** Assessment: parent, peer and self feedback forms and their answers (issue 23). */
export class FeedbackService {
  constructor(readonly db: Db) {}
}
