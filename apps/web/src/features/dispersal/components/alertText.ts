import type { DispersalAlert } from '@cue/contract';
import type { TFunction } from 'i18next';

/**
 * What an alert says in one sentence ("Not authorised: John Smith, for Aarav Sharma"), from the parts
 * known; a part left out is left out of the sentence.
 */
export function alertSentence(
  t: TFunction,
  alert: { kind: DispersalAlert['kind']; adult: string | null; child: string | null },
): string {
  const kind = t(`alerts.kind.${alert.kind}`);
  const { adult, child } = alert;
  if (child && adult) return t('alerts.sentenceBoth', { kind, adult, child });
  if (child) return t('alerts.sentenceChild', { kind, child });
  if (adult) return t('alerts.sentenceAdult', { kind, adult });
  return kind;
}
