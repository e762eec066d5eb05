import { ASSESSMENT_MESSAGES, ERROR_CODES } from '@cue/contract';
import { ApiError } from '../../lib/api';
import i18n from '../../lib/i18n';
import { errorText } from '../../lib/notify';

/**
 * Assessment's catalogs: `assessment` (what every assessment page shares: periods, evidence, messages),
 * and one per area: `gradebook` (the gradebook and the assessment setup), `hpc` (progress cards and
 * feedback), `reportCards` (report cards, the child's record and reflections).
 */
export const ASSESSMENT_NS = 'assessment';
export const GRADEBOOK_NS = 'gradebook';
export const HPC_NS = 'hpc';
export const REPORT_CARDS_NS = 'reportCards';

export type AssessmentMessage = keyof typeof ASSESSMENT_MESSAGES;

/** A message of assessment's rules in the current language (the English catalog holds the contract's words). */
export const assessmentMessage = (name: AssessmentMessage): string =>
  i18n.t(`${ASSESSMENT_NS}:messages.${name}`, { defaultValue: ASSESSMENT_MESSAGES[name] });

/** Assessment's refusals said with this module's fuller sentences; every other through the app's catalog. */
const OWN_REFUSALS: Partial<Record<string, AssessmentMessage>> = {
  [ERROR_CODES.periodLocked]: 'periodLockedRefusal',
  [ERROR_CODES.reportLocked]: 'reportLocked',
  [ERROR_CODES.reportNotReady]: 'reportNotReady',
  [ERROR_CODES.formClosed]: 'formClosed',
};

/** A failed assessment call in the reader's language. */
export function assessmentErrorText(err: unknown): string {
  const own = err instanceof ApiError ? OWN_REFUSALS[err.code] : undefined;
  return own ? assessmentMessage(own) : errorText(err);
}
