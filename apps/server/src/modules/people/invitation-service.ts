import { COUNTRY_CODE, type InvitationSent } from '@cue/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { newId } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { SmsProvider } from '../../platform/sms/provider.js';
import type { EmailTemplateService } from '../email-templates/service.js';
import type { SchoolService } from '../school/service.js';

export const INVITATION_JOB = 'people.invitation';

/** The web app's sign-in page (its index route). */
const SIGN_IN_PATH = '/';

/** Why a person is invited: a new staff account, an existing account asked to join the staff, a parent linked to a child. */
export type InvitationKind = 'staff' | 'staffInvitation' | 'parent';

interface InvitationJob {
  channel: InvitationSent['channel'];
  to: string;
  kind: InvitationKind;
  schoolId: string;
  schoolName: string;
  firstName: string;
  childName?: string;
}

/** The email template of each kind of invitation. */
const INVITATION_TEMPLATE = { staff: 'staff_added', staffInvitation: 'staff_invitation', parent: 'parent_added' } as const;

const isJob = (payload: Record<string, unknown>): payload is Record<string, unknown> & InvitationJob =>
  (payload.channel === 'sms' || payload.channel === 'email') &&
  typeof payload.to === 'string' &&
  typeof payload.schoolId === 'string' &&
  typeof payload.schoolName === 'string' &&
  typeof payload.firstName === 'string' &&
  (payload.kind === 'staff' || payload.kind === 'staffInvitation' || payload.kind === 'parent');

/**
 * Invitations to sign in, sent when a school adds a person: an SMS to the phone and an email to the
 * address given, each with the sign-in link, each a job on the queue (the request does not wait on a
 * provider, and the queue retries a failed send).
 */
export class InvitationSender {
  constructor(
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly sms: SmsProvider,
    private readonly emailTemplates: EmailTemplateService,
    private readonly school: SchoolService,
  ) {
    jobs.handle(INVITATION_JOB, (payload) => this.deliver(payload));
  }

  /** The address of the sign-in page: the app's public address when configured. */
  signInUrl(): string {
    return new URL(SIGN_IN_PATH, this.config.PUBLIC_URL ?? `http://localhost:${this.config.PORT}`).toString();
  }

  /** Queues the invitation to each contact given; returns where it goes. */
  async send(
    auth: Scope,
    person: { kind: InvitationKind; firstName: string; childName?: string; phone: string | null; email: string | null },
  ): Promise<InvitationSent[]> {
    const sent: InvitationSent[] = [];
    if (person.phone) sent.push({ channel: 'sms', to: person.phone });
    if (person.email) sent.push({ channel: 'email', to: person.email });
    if (sent.length === 0) return sent;
    const { id: schoolId, name: schoolName } = await this.school.info(auth);
    for (const target of sent) {
      const job: InvitationJob = {
        ...target,
        kind: person.kind,
        schoolId,
        schoolName,
        firstName: person.firstName,
        ...(person.childName ? { childName: person.childName } : {}),
      };
      await this.jobs.schedule(`invitation:${newId()}`, INVITATION_JOB, this.clock.now(), { ...job });
    }
    return sent;
  }

  private async deliver(payload: Record<string, unknown>): Promise<void> {
    if (!isJob(payload)) return;
    const app = this.config.APP_NAME;
    const link = this.signInUrl();
    const what = {
      staff: `${payload.schoolName} added you to its staff on ${app}.`,
      staffInvitation: `${payload.schoolName} invited you to join its staff on ${app}.`,
      parent: `${payload.schoolName} added you as a parent of ${payload.childName ?? ''} on ${app}.`,
    }[payload.kind];
    if (payload.channel === 'sms') {
      await this.sms.send(
        `${COUNTRY_CODE}${payload.to}`,
        `Hello ${payload.firstName}, ${what} Sign in with this phone number${payload.kind === 'staffInvitation' ? ' to accept' : ''}: ${link}`,
      );
      return;
    }
    // The email is worded by the school's template of this kind of invitation (the person has no language yet).
    await this.emailTemplates.send(
      { kind: 'system', schoolId: payload.schoolId },
      {
        key: INVITATION_TEMPLATE[payload.kind],
        to: payload.to,
        values: {
          first_name: payload.firstName,
          school_name: payload.schoolName,
          app_name: app,
          link,
          ...(payload.kind === 'parent' ? { child_name: payload.childName ?? '' } : {}),
        },
      },
    );
  }
}
