import { ERROR_CODES, PLANNING_MESSAGES } from '@cue/contract';
import { ApiError } from '../../lib/api';
import i18n from '../../lib/i18n';
import { errorText } from '../../lib/notify';

/** The translation namespace of planning: public/locales/<lng>/planning.json. */
export const PLANNING_NS = 'planning';

export type PlanningMessage = keyof typeof PLANNING_MESSAGES;

/** A message of planning's rules in the current language (the English catalog holds the contract's words). */
export const planningMessage = (name: PlanningMessage): string =>
  i18n.t(`${PLANNING_NS}:messages.${name}`, { defaultValue: PLANNING_MESSAGES[name] });

/** Planning's refusals said with this module's fuller sentences; every other through the app's catalog. */
const OWN_REFUSALS: Partial<Record<string, PlanningMessage>> = {
  [ERROR_CODES.editConflict]: 'editConflict',
  [ERROR_CODES.outsideClassDay]: 'outsideClassDay',
  [ERROR_CODES.outsideClassHours]: 'outsideClassHours',
  [ERROR_CODES.holiday]: 'holiday',
  [ERROR_CODES.globalLibraryReadOnly]: 'globalReadOnly',
};

/** A failed planning call in the reader's language. */
export function planningErrorText(err: unknown): string {
  const own = err instanceof ApiError ? OWN_REFUSALS[err.code] : undefined;
  return own ? planningMessage(own) : errorText(err);
}
