import {
  ADMISSION_MESSAGES,
  type FormField,
  type FormSection,
  isoFromDdmmyyyy,
  RESERVED_FORM_FIELDS,
  type ReservedFormField,
} from '@cue/contract';

/*
 * Pure checks of the admissions' forms: a form the builder saves (reserved fields kept with their
 * type, keys unique, choices for the choice fields) and a family's answers against the form they
 * filled (required fields, each type's format, choices among the options, documents for file fields).
 */

export interface FieldError {
  field: string;
  message: string;
}

export type AnswerValue = string | string[] | boolean | number;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\d{10}$/;

export const FORMAT_MESSAGES = {
  email: 'Enter a valid email',
  phone: 'Phone number must be 10 digits',
  date: 'Use the format DD-MM-YYYY',
  number: 'Enter a number',
  option: 'Choose one of the options',
  text: 'Enter text',
  checkbox: 'Answer yes or no',
} as const;

/** The fields of a form in order, with the id of their section. */
export const fieldsOf = (sections: readonly FormSection[]): (FormField & { section: string })[] =>
  sections.flatMap((s) => s.fields.map((f) => ({ ...f, section: s.id })));

/**
 * A form's sections as the builder saves them: every reserved field present once with its type
 * (reservedKey), every key once (duplicateKey), choices for select and multiselect fields.
 */
export function checkFormSections(sections: readonly FormSection[]): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  sections.forEach((section, s) => {
    section.fields.forEach((f, i) => {
      const at = `sections.${s}.fields.${i}`;
      if (seen.has(f.key)) errors.push({ field: `${at}.key`, message: ADMISSION_MESSAGES.duplicateKey });
      seen.add(f.key);
      const reserved = RESERVED_FORM_FIELDS[f.key as ReservedFormField] as string | undefined;
      if (reserved && reserved !== f.type) errors.push({ field: `${at}.type`, message: ADMISSION_MESSAGES.reservedKey });
      if ((f.type === 'select' || f.type === 'multiselect') && f.options.length === 0)
        errors.push({ field: `${at}.options`, message: 'Give the choices of this field' });
      if (new Set(f.options.map((o) => o.value)).size !== f.options.length)
        errors.push({ field: `${at}.options`, message: ADMISSION_MESSAGES.duplicateKey });
    });
  });
  for (const key of Object.keys(RESERVED_FORM_FIELDS))
    if (!seen.has(key)) errors.push({ field: `sections.${key}`, message: ADMISSION_MESSAGES.reservedKey });
  return errors;
}

const blank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

export interface CheckedAnswers {
  errors: FieldError[];
  /** The answers kept: only the form's keys, trimmed, dates DD-MM-YYYY, numbers as numbers. */
  values: Record<string, AnswerValue>;
  /** The document ids given for each file field. */
  documents: { fieldKey: string; id: string }[];
}

/**
 * A family's answers against the form they filled. Errors are keyed by the field's key; answers to
 * keys the form does not have are dropped. Whether a document id is one uploaded to this school's form
 * is for the caller to check (it needs the database).
 */
export function checkAnswers(sections: readonly FormSection[], answers: Record<string, unknown>): CheckedAnswers {
  const errors: FieldError[] = [];
  const values: Record<string, AnswerValue> = {};
  const documents: { fieldKey: string; id: string }[] = [];
  const fail = (key: string, message: string) => errors.push({ field: key, message });
  for (const f of fieldsOf(sections)) {
    const raw = answers[f.key];
    if (blank(raw) || (f.type === 'checkbox' && raw === false)) {
      if (f.required) fail(f.key, f.type === 'file' ? ADMISSION_MESSAGES.documentMissing : ADMISSION_MESSAGES.requiredField);
      if (f.type === 'checkbox' && raw === false) values[f.key] = false;
      continue;
    }
    switch (f.type) {
      case 'text':
      case 'textarea':
      case 'email':
      case 'phone':
      case 'date': {
        if (typeof raw !== 'string') {
          fail(f.key, FORMAT_MESSAGES.text);
          break;
        }
        const value = raw.trim();
        if (f.type === 'email' && !EMAIL.test(value)) fail(f.key, FORMAT_MESSAGES.email);
        else if (f.type === 'phone' && !PHONE.test(value)) fail(f.key, FORMAT_MESSAGES.phone);
        else if (f.type === 'date' && isoFromDdmmyyyy(value) === null) fail(f.key, FORMAT_MESSAGES.date);
        else if (f.type === 'text' && value.length > 500) fail(f.key, FORMAT_MESSAGES.text);
        else values[f.key] = f.type === 'email' ? value.toLowerCase() : value;
        break;
      }
      case 'number': {
        const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
        if (!Number.isFinite(n)) fail(f.key, FORMAT_MESSAGES.number);
        else values[f.key] = n;
        break;
      }
      case 'select': {
        if (typeof raw !== 'string' || !f.options.some((o) => o.value === raw)) fail(f.key, FORMAT_MESSAGES.option);
        else values[f.key] = raw;
        break;
      }
      case 'multiselect': {
        const list = Array.isArray(raw) ? raw : [raw];
        if (!list.every((v) => typeof v === 'string' && f.options.some((o) => o.value === v)))
          fail(f.key, FORMAT_MESSAGES.option);
        else values[f.key] = [...new Set(list as string[])];
        break;
      }
      case 'checkbox': {
        if (typeof raw !== 'boolean') fail(f.key, FORMAT_MESSAGES.checkbox);
        else values[f.key] = raw;
        break;
      }
      case 'file': {
        const ids = Array.isArray(raw) ? raw : [raw];
        if (!ids.every((v) => typeof v === 'string' && /^[0-9a-f]{24}$/.test(v))) fail(f.key, ADMISSION_MESSAGES.documentUnknown);
        else {
          const unique = [...new Set(ids as string[])];
          values[f.key] = unique;
          for (const id of unique) documents.push({ fieldKey: f.key, id });
        }
        break;
      }
    }
  }
  return { errors, values, documents };
}

/** The reserved answers as the application's columns (dates as ISO). */
export function reservedColumns(values: Record<string, AnswerValue>) {
  const text = (key: ReservedFormField) => (typeof values[key] === 'string' ? (values[key] as string) : '');
  const dob = text('child_date_of_birth');
  return {
    childFirstName: text('child_first_name'),
    childLastName: text('child_last_name'),
    childDateOfBirth: dob ? isoFromDdmmyyyy(dob) : null,
    parentFirstName: text('parent_first_name'),
    parentLastName: text('parent_last_name'),
    parentEmail: text('parent_email') || null,
    parentPhone: text('parent_phone') || null,
  };
}
