import { ERROR_CODES, type ErrorCode, isErrorCode } from '@cue/contract';
import i18n, { currentLanguage } from './i18n';

/**
 * How the web app says what went wrong: by the refusal's `code` (the contract's `ERROR_CODES`), from
 * the catalog section `errors.codes.<CODE>` of the reader's language — never by reading the English
 * words the server sent. The English catalog holds the spec's messages verbatim.
 */

/** A refusal as the server sends it: `{ message, code }`, and the values its sentence carries when it sends them. */
export interface Refusal {
  code: string;
  message: string;
  /** Structured values of the sentence (minutes to wait, a provider's name, a size), when the server sends them. */
  values?: Record<string, string | number>;
}

export interface FieldRefusal {
  field: string;
  message: string;
}

/**
 * Codes whose English sentence is particular to the case (names a field, a role, a number): in
 * English the server's own words say more than the code's general sentence, so they are shown; every
 * other language shows the code's general sentence, in its words.
 */
const CASE_SPECIFIC: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  ERROR_CODES.validation,
  ERROR_CODES.badRequest,
  ERROR_CODES.conflict,
  ERROR_CODES.forbidden,
  ERROR_CODES.notFound,
  ERROR_CODES.invalidToken,
  ERROR_CODES.rateLimited,
  ERROR_CODES.privilegeExceeded,
  ERROR_CODES.otpNumberLocked,
  ERROR_CODES.providerNotConfigured,
  ERROR_CODES.fileTooLarge,
  ERROR_CODES.notAnImage,
  ERROR_CODES.importUnreadable,
  ERROR_CODES.importTooLarge,
  ERROR_CODES.importInvalid,
  ERROR_CODES.notInClass,
  ERROR_CODES.captionFailed,
  ERROR_CODES.transcriptionFailed,
]);

const hasCatalogEntry = (key: string, count?: number): boolean => i18n.exists(key, count === undefined ? undefined : { count });

/** The number a sentence's plural form follows: `count` when given, else its one numeric value. */
const countOf = (values: Record<string, string | number>): number | undefined => {
  if (typeof values.count === 'number') return values.count;
  const numbers = Object.values(values).filter((v): v is number => typeof v === 'number');
  return numbers.length === 1 ? numbers[0] : undefined;
};

/**
 * A refusal in the reader's language: the code's sentence with the values the server sent filled in
 * (`errors.detailed.<CODE>`), else the code's general sentence (`errors.codes.<CODE>`); an unknown code
 * shows the server's message.
 */
export function translateError({ code, message, values }: Refusal): string {
  if (!isErrorCode(code) || !hasCatalogEntry(`errors.codes.${code}`)) return message || i18n.t('errors.generic');
  const count = values ? countOf(values) : undefined;
  if (values && hasCatalogEntry(`errors.detailed.${code}`, count)) {
    return i18n.t(`errors.detailed.${code}`, { ...values, ...(count === undefined ? {} : { count }) });
  }
  if (message && CASE_SPECIFIC.has(code) && currentLanguage() === 'en') return message;
  return i18n.t(`errors.codes.${code}`);
}

/**
 * The text shown on a form field the server refused (`errors[]` of the envelope). A refusal with its
 * own code (a future date, a holiday, a child not in the class) says it by that code; a plain
 * validation refusal shows the server's words in English and a general sentence in other languages.
 */
export function fieldErrorText(refusal: Refusal, field: FieldRefusal): string {
  if (refusal.code !== ERROR_CODES.validation && isErrorCode(refusal.code))
    return translateError({ code: refusal.code, message: field.message, values: refusal.values });
  return currentLanguage() === 'en' && field.message ? field.message : i18n.t('errors.field.rejected');
}

/**
 * The refusal a socket event carries (`{ error, code? }`, Cue's chat and tasks): said by its code when
 * the event names one, else as the event wrote it.
 */
export function socketErrorText(payload: { error?: unknown; code?: unknown }): string {
  const message = typeof payload.error === 'string' ? payload.error : '';
  if (typeof payload.code === 'string' && isErrorCode(payload.code)) return translateError({ code: payload.code, message });
  return message || i18n.t('errors.generic');
}
