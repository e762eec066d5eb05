import { z } from 'zod';
import { idSchema } from '../common.js';
import { LANGUAGES } from '../constants.js';

/*
 * Email templates (issue 25): every email the product sends has a subject and a body per language
 * (en, ar, he), with named placeholders written {{name}}. The product ships a default of each; a school
 * changes its own copy and can reset it. Bodies are plain text: a blank line starts a paragraph, a line
 * break stays a line break. Text placeholders are escaped; the few "html" placeholders carry markup the
 * product made itself (an announcement's sanitised text, a list of books). Arabic and Hebrew emails are
 * laid out right to left.
 */

export const EMAIL_TEMPLATE_MESSAGES = {
  saved: 'Email template saved',
  reset: "Email template reset to the product's default",
  testSent: 'Test email sent to your address',
  unknownPlaceholder: 'This template uses a placeholder this email does not have',
  noEmail: 'Add an email address to your profile to receive a test email',
  languageSaved: 'Language saved',
} as const;

export const EMAIL_TEMPLATE_KEYS = [
  'sign_in_code',
  'staff_added',
  'staff_invitation',
  'parent_added',
  'announcement',
  'homework',
  'absence_reported',
  'report_card_shared',
  'care_dose',
  'care_incident',
  'care_daily_summary',
  'library_overdue',
  'dispersal_checked_in',
  'dispersal_checked_out',
  'admission_received',
  'admission_visit',
  'admission_offered',
  'admission_waiting_list',
  'admission_rejected',
  'admission_enrolled',
  'job_application_received',
  'job_interview',
  'job_offer',
  'job_rejected',
  'invoice_issued',
  'payment_receipt',
  'invoice_reminder',
  'invoice_overdue',
  'leave_requested',
  'leave_approved',
  'leave_declined',
] as const;
export type EmailTemplateKey = (typeof EMAIL_TEMPLATE_KEYS)[number];

export type PlaceholderKind = 'text' | 'html';
export interface PlaceholderDef {
  name: string;
  kind: PlaceholderKind;
  /** What the preview shows for it. */
  sample: string;
}

const text = (name: string, sample: string): PlaceholderDef => ({ name, kind: 'text', sample });
const markup = (name: string, sample: string): PlaceholderDef => ({ name, kind: 'html', sample });
const school = text('school_name', 'Sunrise Early Years');
const firstName = text('first_name', 'Rohan');
const child = text('child_name', 'Aarav');

/** Each email's placeholders: anything else in its subject or body is refused on save. */
export const EMAIL_PLACEHOLDERS: Record<EmailTemplateKey, readonly PlaceholderDef[]> = {
  sign_in_code: [school, firstName, text('code', '123456'), text('minutes', '10'), text('app_name', 'Cue')],
  staff_added: [school, firstName, text('app_name', 'Cue'), text('link', 'https://cue.example/login')],
  staff_invitation: [school, firstName, text('app_name', 'Cue'), text('link', 'https://cue.example/login')],
  parent_added: [school, firstName, child, text('app_name', 'Cue'), text('link', 'https://cue.example/login')],
  announcement: [
    school,
    firstName,
    text('title', 'Sports day on Friday'),
    markup('message', '<p>Please send your child in trainers.</p>'),
  ],
  homework: [
    school,
    firstName,
    text('title', 'Leaf collection'),
    markup('message', '<p>Bring three different leaves on Monday.</p>'),
  ],
  absence_reported: [
    school,
    firstName,
    child,
    text('class_name', 'Nursery A'),
    text('from_date', '02-12-2026'),
    text('to_date', '03-12-2026'),
    text('reason', 'A cold'),
    text('parent_name', 'Rohan Sharma'),
  ],
  report_card_shared: [school, firstName, child, text('period_name', 'Term 1')],
  care_dose: [
    school,
    firstName,
    child,
    text('medicine', 'Paracetamol'),
    text('dose', '5 ml'),
    text('time', '11:30 AM'),
    text('date', '02-12-2026'),
    text('given_by', 'Tara'),
    text('witness', 'Anita'),
    text('note', 'Taken with water'),
  ],
  care_incident: [
    school,
    firstName,
    child,
    text('what', 'an accident'),
    text('time', '10:15 AM'),
    text('date', '02-12-2026'),
    text('location', 'Garden'),
    text('description', 'Slipped on the wet grass'),
    text('injury', 'Grazed knee'),
    text('first_aid', 'Cleaned and a plaster'),
  ],
  care_daily_summary: [
    school,
    firstName,
    child,
    text('date', '02-12-2026'),
    markup('day_summary', '<ul><li>11:30 AM Lunch: ate all</li></ul>'),
  ],
  library_overdue: [
    school,
    firstName,
    markup('book_list', '<ul><li><strong>The Gruffalo</strong>: borrowed by Aarav, due 01-12-2026</li></ul>'),
  ],
  dispersal_checked_in: [school, firstName, child, text('time', '08:45 AM'), text('adult_name', 'Rohan Sharma')],
  dispersal_checked_out: [school, firstName, child, text('time', '03:10 PM'), text('adult_name', 'Rohan Sharma')],
  admission_received: [school, firstName, child, text('reference', 'A-2026-0042')],
  admission_visit: [
    school,
    firstName,
    child,
    text('reference', 'A-2026-0042'),
    text('date', '02-12-2026'),
    text('time', '10:00 AM'),
    text('note', 'Please come to the front office.'),
  ],
  admission_offered: [
    school,
    firstName,
    child,
    text('reference', 'A-2026-0042'),
    text('class_name', 'Nursery A'),
    text('note', ''),
  ],
  admission_waiting_list: [school, firstName, child, text('reference', 'A-2026-0042'), text('note', '')],
  admission_rejected: [school, firstName, child, text('reference', 'A-2026-0042'), text('note', '')],
  admission_enrolled: [
    school,
    firstName,
    child,
    text('class_name', 'Nursery A'),
    text('start_date', '05-01-2027'),
    text('app_name', 'Cue'),
    text('link', 'https://cue.example/login'),
  ],
  job_application_received: [school, firstName, text('job_title', 'Nursery teacher'), text('reference', 'J-2026-0007')],
  job_interview: [
    school,
    firstName,
    text('job_title', 'Nursery teacher'),
    text('date', '02-12-2026'),
    text('time', '10:00 AM'),
    text('location', 'Main office'),
    text('note', ''),
  ],
  job_offer: [school, firstName, text('job_title', 'Nursery teacher'), text('note', '')],
  job_rejected: [school, firstName, text('job_title', 'Nursery teacher'), text('note', '')],
  invoice_issued: [
    school,
    firstName,
    child,
    text('invoice_number', 'INV-2026-00042'),
    text('period', 'December 2026'),
    text('amount', '₹12,500.00'),
    text('due_date', '05-12-2026'),
    text('link', 'https://cue.example/fees'),
  ],
  payment_receipt: [
    school,
    firstName,
    text('receipt_number', 'RCT-2026-00017'),
    text('amount', '₹5,000.00'),
    text('date', '02-12-2026'),
    text('balance', '₹7,500.00'),
    text('link', 'https://cue.example/fees'),
  ],
  invoice_reminder: [
    school,
    firstName,
    child,
    text('invoice_number', 'INV-2026-00042'),
    text('amount', '₹12,500.00'),
    text('due_date', '05-12-2026'),
    text('link', 'https://cue.example/fees'),
  ],
  invoice_overdue: [
    school,
    firstName,
    child,
    text('invoice_number', 'INV-2026-00042'),
    text('amount', '₹12,500.00'),
    text('due_date', '05-12-2026'),
    text('days', '7'),
    text('link', 'https://cue.example/fees'),
  ],
  leave_requested: [
    school,
    firstName,
    text('staff_name', 'Tara Menon'),
    text('leave_type', 'Annual leave'),
    text('start_date', '07-12-2026'),
    text('end_date', '08-12-2026'),
    text('days', '2'),
    text('reason', 'Family wedding'),
    text('link', 'https://cue.example/admin/leave-portal/leave-requests'),
  ],
  leave_approved: [
    school,
    firstName,
    text('leave_type', 'Annual leave'),
    text('start_date', '07-12-2026'),
    text('end_date', '08-12-2026'),
    text('decided_by', 'Anita Desai'),
    text('note', ''),
    text('link', 'https://cue.example/admin/leave-portal/myleave'),
  ],
  leave_declined: [
    school,
    firstName,
    text('leave_type', 'Annual leave'),
    text('start_date', '07-12-2026'),
    text('end_date', '08-12-2026'),
    text('decided_by', 'Anita Desai'),
    text('note', ''),
    text('link', 'https://cue.example/admin/leave-portal/myleave'),
  ],
};

/** Who receives each email (shown on the list). */
export const EMAIL_AUDIENCE: Record<EmailTemplateKey, 'family' | 'staff' | 'anyone'> = {
  sign_in_code: 'anyone',
  staff_added: 'staff',
  staff_invitation: 'staff',
  parent_added: 'family',
  announcement: 'family',
  homework: 'family',
  absence_reported: 'staff',
  report_card_shared: 'family',
  care_dose: 'family',
  care_incident: 'family',
  care_daily_summary: 'family',
  library_overdue: 'family',
  dispersal_checked_in: 'family',
  dispersal_checked_out: 'family',
  admission_received: 'family',
  admission_visit: 'family',
  admission_offered: 'family',
  admission_waiting_list: 'family',
  admission_rejected: 'family',
  admission_enrolled: 'family',
  job_application_received: 'anyone',
  job_interview: 'anyone',
  job_offer: 'anyone',
  job_rejected: 'anyone',
  invoice_issued: 'family',
  payment_receipt: 'family',
  invoice_reminder: 'family',
  invoice_overdue: 'family',
  leave_requested: 'staff',
  leave_approved: 'staff',
  leave_declined: 'staff',
};

/** The placeholders a template uses ({{ name }}), in order of first use. */
export function placeholdersIn(template: string): string[] {
  const found: string[] = [];
  for (const m of template.matchAll(/\{\{\s*([A-Za-z0-9_.-]*)\s*\}\}/g)) {
    const name = m[1] ?? '';
    if (!found.includes(name)) found.push(name);
  }
  return found;
}

/** Placeholders of a subject and body that the email does not have. */
export function unknownPlaceholders(key: EmailTemplateKey, ...parts: string[]): string[] {
  const known = new Set(EMAIL_PLACEHOLDERS[key].map((p) => p.name));
  return [...new Set(parts.flatMap(placeholdersIn))].filter((name) => !known.has(name));
}

const language = z.enum(LANGUAGES);
export const emailTemplateParamsSchema = z.object({ key: z.enum(EMAIL_TEMPLATE_KEYS), language });

export const emailTemplateSummarySchema = z.object({
  key: z.enum(EMAIL_TEMPLATE_KEYS),
  audience: z.enum(['family', 'staff', 'anyone']),
  languages: z.array(
    z.object({
      language,
      /** The school changed it (false: the product's default is sent). */
      customised: z.boolean(),
      subject: z.string(),
      updated_at: z.string().nullable(),
    }),
  ),
});
export type EmailTemplateSummary = z.infer<typeof emailTemplateSummarySchema>;

export const emailTemplateSchema = z.object({
  key: z.enum(EMAIL_TEMPLATE_KEYS),
  language,
  subject: z.string(),
  body: z.string(),
  customised: z.boolean(),
  default_subject: z.string(),
  default_body: z.string(),
  placeholders: z.array(z.object({ name: z.string(), kind: z.enum(['text', 'html']), sample: z.string() })),
  updated_at: z.string().nullable(),
  updated_by: z.object({ _id: idSchema, name: z.string() }).nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplateRequestSchema = z.object({
  subject: z.string().trim().min(1).max(300),
  body: z.string().trim().min(1).max(20000),
});
export type EmailTemplateRequest = z.infer<typeof emailTemplateRequestSchema>;

/** The preview of a draft (or of the saved template when nothing is sent), with the sample values. */
export const emailPreviewRequestSchema = emailTemplateRequestSchema.partial();
export const emailPreviewSchema = z.object({
  subject: z.string(),
  /** The whole email's markup, laid out right to left for ar and he. */
  html: z.string(),
  direction: z.enum(['ltr', 'rtl']),
  unknown_placeholders: z.array(z.string()),
});
export type EmailPreview = z.infer<typeof emailPreviewSchema>;

export const userLanguageRequestSchema = z.object({ language });
