import {
  ADMISSION_SOURCES,
  type AdmissionSource,
  type FormField,
  type FormSection,
  isoFromDdmmyyyy,
  type Language,
  type LocalizedText,
} from '@cue/contract';

/** A text of the school's form in the visitor's language, in English when it was not translated. */
export const localized = (text: LocalizedText | undefined, language: Language): string =>
  (text?.[language] ?? '').trim() || text?.en || '';

/** What a visitor typed or chose for one field, as the form keeps it before sending. */
export type AnswerValue = string | string[] | boolean;

/** Why a field's answer cannot be sent, as the catalog's key under `check.` (the server says the same). */
export type AnswerProblem = 'required' | 'documentMissing' | 'email' | 'phone' | 'date' | 'number' | 'choice';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\d{10}$/;

const isEmpty = (value: AnswerValue | undefined): boolean =>
  value === undefined || (typeof value === 'boolean' ? !value : Array.isArray(value) ? value.length === 0 : value.trim() === '');

/** The problem of one field's answer, the checks of the server's: required, email, phone 10 digits, DD-MM-YYYY day, number, choices. */
export function answerProblem(field: FormField, value: AnswerValue | undefined): AnswerProblem | null {
  if (isEmpty(value)) return field.required ? (field.type === 'file' ? 'documentMissing' : 'required') : null;
  const text = typeof value === 'string' ? value.trim() : '';
  switch (field.type) {
    case 'email':
      return EMAIL.test(text) ? null : 'email';
    case 'phone':
      return PHONE.test(text.replace(/[\s-]/g, '')) ? null : 'phone';
    case 'date':
      return isoFromDdmmyyyy(text) ? null : 'date';
    case 'number':
      return text !== '' && Number.isFinite(Number(text)) ? null : 'number';
    case 'select':
      return field.options.some((o) => o.value === text) ? null : 'choice';
    case 'multiselect':
      return Array.isArray(value) && value.every((v) => field.options.some((o) => o.value === v)) ? null : 'choice';
    default:
      return null;
  }
}

/** Every field's problem by its key (none: an empty object). */
export function formProblems(
  sections: readonly FormSection[],
  answers: Record<string, AnswerValue>,
): Record<string, AnswerProblem> {
  const problems: Record<string, AnswerProblem> = {};
  for (const section of sections)
    for (const field of section.fields) {
      const problem = answerProblem(field, answers[field.key]);
      if (problem) problems[field.key] = problem;
    }
  return problems;
}

/**
 * The answers as the server reads them: text trimmed (a phone without its spaces and dashes), a number
 * as a number, empty answers left out; file fields hold the uploaded documents' ids.
 */
export function answersBody(
  sections: readonly FormSection[],
  answers: Record<string, AnswerValue>,
): Record<string, string | string[] | boolean | number> {
  const body: Record<string, string | string[] | boolean | number> = {};
  for (const section of sections)
    for (const field of section.fields) {
      const value = answers[field.key];
      if (value === undefined || isEmpty(value)) {
        if (field.type === 'checkbox') body[field.key] = false;
        continue;
      }
      if (typeof value === 'boolean' || Array.isArray(value)) body[field.key] = value;
      else if (field.type === 'number') body[field.key] = Number(value.trim());
      else if (field.type === 'phone') body[field.key] = value.replace(/[\s-]/g, '');
      else body[field.key] = value.trim();
    }
  return body;
}

/** The field key a refusal of the server names ("answers.parent_email" → parent_email), null for none. */
export function answerKeyOf(field: string): string | null {
  const match = /^answers\.([a-z][a-z0-9_]*)/.exec(field);
  return match?.[1] ?? null;
}

/** The choices of "How did you hear about us" that are not a source's own name. */
const SOURCE_OF_CHOICE: Record<string, AdmissionSource> = { friend: 'referral', family: 'referral', open_day: 'event' };

/** The pipeline's source a "How did you hear about us" choice stands for (the website when none). */
export function sourceOf(choice: string): AdmissionSource {
  if ((ADMISSION_SOURCES as readonly string[]).includes(choice)) return choice as AdmissionSource;
  return SOURCE_OF_CHOICE[choice] ?? (choice ? 'other' : 'website');
}
