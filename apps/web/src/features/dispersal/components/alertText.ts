import type { DispersalAlert } from '@cue/contract';
import type { TFunction } from 'i18next';
import { fullName } from '../../../lib/format';

/**
 * What an alert says in one sentence ("Not authorised: John Smith tried to collect Aarav Sharma"), from
 * the parts it carries; a part the server left out is left out of the sentence.
 */
export function alertSentence(t: TFunction, alert: Partial<DispersalAlert>): string {
  const kind = alert.kind ? t(`alerts.kind.${alert.kind}`) : t('alerts.toastTitle');
  const child = alert.student ? fullName(alert.student) : null;
  const adult = alert.adult_name ?? null;
  if (child && adult) return t('alerts.sentenceBoth', { kind, adult, child });
  if (child) return t('alerts.sentenceChild', { kind, child });
  if (adult) return t('alerts.sentenceAdult', { kind, adult });
  return kind;
}
