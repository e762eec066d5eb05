import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { EmailProvider } from '../../platform/email.js';

/**
 * Email templates (issue 25): the product's default wording of every email in en, ar and he, a
 * school's own wording, the preview and test send, and the one way the product sends an email
 * (rendered from the template in the recipient's language, values escaped, right to left for ar and
 * he). Every change is audited (platform/audit.ts).
 */
export class EmailTemplateService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly email: EmailProvider,
  ) {}
}
