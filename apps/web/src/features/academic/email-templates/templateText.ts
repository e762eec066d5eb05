import {
  EMAIL_AUDIENCE,
  EMAIL_TEMPLATE_KEYS,
  type EmailTemplateKey,
  type EmailTemplateSummary,
  LANGUAGES,
  type Language,
  RTL_LANGUAGES,
} from '@cue/contract';

/** The areas of the product the emails belong to, in the order the list shows them. */
export const EMAIL_AREAS = [
  'accounts',
  'communication',
  'attendance',
  'care',
  'reports',
  'library',
  'dispersal',
  'admissions',
  'hiring',
  'fees',
  'leave',
] as const;
export type EmailArea = (typeof EMAIL_AREAS)[number];

export const AREA_OF: Record<EmailTemplateKey, EmailArea> = {
  sign_in_code: 'accounts',
  staff_added: 'accounts',
  staff_invitation: 'accounts',
  parent_added: 'accounts',
  announcement: 'communication',
  homework: 'communication',
  absence_reported: 'attendance',
  care_dose: 'care',
  care_incident: 'care',
  care_daily_summary: 'care',
  report_card_shared: 'reports',
  library_overdue: 'library',
  dispersal_checked_in: 'dispersal',
  dispersal_checked_out: 'dispersal',
  admission_received: 'admissions',
  admission_visit: 'admissions',
  admission_offered: 'admissions',
  admission_waiting_list: 'admissions',
  admission_rejected: 'admissions',
  admission_enrolled: 'admissions',
  job_application_received: 'hiring',
  job_interview: 'hiring',
  job_offer: 'hiring',
  job_rejected: 'hiring',
  invoice_issued: 'fees',
  payment_receipt: 'fees',
  invoice_reminder: 'fees',
  invoice_overdue: 'fees',
  leave_requested: 'leave',
  leave_approved: 'leave',
  leave_declined: 'leave',
};

export interface EmailRow {
  key: EmailTemplateKey;
  audience: EmailTemplateSummary['audience'];
  /** One entry per language, in the product's order (a language the server did not list shows as the default). */
  languages: { language: Language; customised: boolean; updated_at: string | null }[];
}

/**
 * The list's groups: every email of the product under its area (areas without one left out), each
 * with its languages as the server reported them. An email the server did not list still shows, with
 * the defaults, so a new email of the product is never missing from the page.
 */
export function groupEmails(summaries: readonly EmailTemplateSummary[]): { area: EmailArea; rows: EmailRow[] }[] {
  const byKey = new Map(summaries.map((s) => [s.key, s]));
  const rows: EmailRow[] = EMAIL_TEMPLATE_KEYS.map((key) => {
    const summary = byKey.get(key);
    return {
      key,
      audience: summary?.audience ?? EMAIL_AUDIENCE[key],
      languages: LANGUAGES.map((language) => {
        const one = summary?.languages.find((l) => l.language === language);
        return { language, customised: one?.customised ?? false, updated_at: one?.updated_at ?? null };
      }),
    };
  });
  return EMAIL_AREAS.map((area) => ({ area, rows: rows.filter((r) => AREA_OF[r.key] === area) })).filter(
    (g) => g.rows.length > 0,
  );
}

/**
 * Puts `{{name}}` where the cursor is (replacing a selection), and says where the cursor goes next:
 * just after what was inserted.
 */
export function insertPlaceholder(
  value: string,
  name: string,
  selectionStart: number | null,
  selectionEnd: number | null = selectionStart,
): { value: string; cursor: number } {
  const token = `{{${name}}}`;
  const start = clamp(selectionStart ?? value.length, value.length);
  const end = Math.max(start, clamp(selectionEnd ?? start, value.length));
  return { value: value.slice(0, start) + token + value.slice(end), cursor: start + token.length };
}

const clamp = (n: number, max: number) => Math.min(Math.max(0, n), max);

/** ar and he are written right to left: the fields follow the language being edited. */
export const fieldDirection = (language: Language): 'rtl' | 'ltr' => (RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr');

/** The language asked for in the address, else English. */
export const languageOf = (asked: string | null): Language =>
  (LANGUAGES as readonly string[]).includes(asked ?? '') ? (asked as Language) : 'en';

/** Whether a key from the address is one of the product's emails. */
export const isEmailKey = (key: string | undefined): key is EmailTemplateKey =>
  (EMAIL_TEMPLATE_KEYS as readonly string[]).includes(key ?? '');

/** Each language named in itself (the same in every catalog: a reader finds their own language by its name). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية', he: 'עברית' };
