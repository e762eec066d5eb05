import type { InvitationSent } from '@cue/contract';
import type { TFunction } from 'i18next';

/**
 * Where an invitation went (by SMS to a phone, by email to an address), one sentence per channel in
 * the admin namespace; the phone or address is isolated from the sentence's direction.
 */
export function invitationSentText(t: TFunction<'admin'>, sent: readonly InvitationSent[]): string {
  return sent.map((s) => t(s.channel === 'sms' ? 'staff.sentSms' : 'staff.sentEmail', { to: `\u2068${s.to}\u2069` })).join(' · ');
}
