import { CARELOG_MESSAGES, ERROR_CODES } from '@cue/contract';
import { ApiError } from '../../lib/api';
import i18n from '../../lib/i18n';
import { errorText } from '../../lib/notify';

/** The translation namespace of the carelog: public/locales/<lng>/carelog.json. */
export const CARELOG_NS = 'carelog';

/** The carelog's plain sentences (every message of the contract but the counted one, `savedMany`). */
export type CareMessage = Exclude<keyof typeof CARELOG_MESSAGES, 'savedMany'>;

/** A message of the carelog's rules in the current language (the English catalog holds the contract's words). */
export const careMessage = (name: CareMessage): string =>
  i18n.t(`${CARELOG_NS}:messages.${name}`, { defaultValue: CARELOG_MESSAGES[name] });

/** "Saved for 3 children", counted in the reader's language. */
export const savedManyMessage = (count: number): string =>
  i18n.t(`${CARELOG_NS}:messages.savedMany`, { count, defaultValue: CARELOG_MESSAGES.savedMany(count) });

/** The carelog's refusals said with this module's fuller sentences (what to do next); every other through the app's catalog. */
const OWN_REFUSALS: Partial<Record<string, CareMessage>> = {
  [ERROR_CODES.noMedicineConsent]: 'noConsent',
  [ERROR_CODES.medicineNotCurrent]: 'medicineNotCurrent',
  [ERROR_CODES.allergenWarning]: 'allergenWarning',
  [ERROR_CODES.notDeletable]: 'incidentNotDeletable',
};

/** A failed carelog call in the reader's language. */
export function careErrorText(err: unknown): string {
  const own = err instanceof ApiError ? OWN_REFUSALS[err.code] : undefined;
  return own ? careMessage(own) : errorText(err);
}

/** Paths of the carelog's pages. */
export const CARELOG_PATH = '/communication/carelog';
export const incidentPath = (id: string) => `${CARELOG_PATH}/incidents/${id}`;
