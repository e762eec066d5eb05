import { z } from 'zod';
import { abilitiesSchema, cursorSchema, ddmmyyyySchema, hhmmaSchema, idSchema, pageOf, requiredText } from '../common.js';
import { LANGUAGES } from '../constants.js';

/*
 * Admissions (issue 26): a school's public enquiry and application forms, built by the school in
 * en/ar/he; the pipeline of every family that asked (enquiry → application → visit → offered →
 * accepted → enrolled, or waiting list, rejected, withdrawn) with notes, documents and emails at each
 * step; enrolment that creates the child and the parents' accounts and places the child in a class in
 * one transaction; and the month-by-month report of enquiries and conversions by source.
 */

export const ADMISSION_MESSAGES = {
  formSaved: 'Form saved',
  submitted: 'Thank you. The school has received your details and will be in touch.',
  created: 'Enquiry added',
  saved: 'Saved',
  moved: 'Stage changed',
  noteAdded: 'Note added',
  documentAdded: 'Document added',
  enrolled: 'Enrolled',
  alreadyEnrolled: 'This child is already enrolled',
  stageNotAllowed: 'This application cannot move to that stage',
  formClosed: 'This form is not taking new submissions',
  tooManySubmissions: 'Too many submissions from here: try again later',
  requiredField: 'This field is required',
  documentMissing: 'This document is required',
  documentUnknown: 'This document was not uploaded to this form',
  visitNeeded: 'Give the date and time of the visit or interview',
  reservedKey: 'This field cannot be removed',
  duplicateKey: 'Two fields have the same key',
} as const;

export const ADMISSION_STAGES = [
  'enquiry',
  'application',
  'visit',
  'offered',
  'accepted',
  'enrolled',
  'waiting_list',
  'rejected',
  'withdrawn',
] as const;
export type AdmissionStage = (typeof ADMISSION_STAGES)[number];

/** Where each stage may go next (enrolment itself only through the enrol call). */
export const ADMISSION_NEXT: Record<AdmissionStage, readonly AdmissionStage[]> = {
  enquiry: ['application', 'visit', 'waiting_list', 'rejected', 'withdrawn'],
  application: ['visit', 'offered', 'waiting_list', 'rejected', 'withdrawn'],
  visit: ['application', 'offered', 'waiting_list', 'rejected', 'withdrawn'],
  offered: ['accepted', 'waiting_list', 'rejected', 'withdrawn'],
  accepted: ['offered', 'waiting_list', 'withdrawn'],
  enrolled: [],
  waiting_list: ['application', 'visit', 'offered', 'rejected', 'withdrawn'],
  rejected: ['application', 'waiting_list'],
  withdrawn: ['enquiry', 'application', 'waiting_list'],
};

export const ADMISSION_SOURCES = ['website', 'phone', 'walk_in', 'referral', 'social', 'event', 'other'] as const;
export type AdmissionSource = (typeof ADMISSION_SOURCES)[number];

export const ADMISSION_FORM_KINDS = ['enquiry', 'application'] as const;
export type AdmissionFormKind = (typeof ADMISSION_FORM_KINDS)[number];

export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'phone',
  'date',
  'number',
  'select',
  'multiselect',
  'checkbox',
  'file',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/**
 * The fields every form has (they make the pipeline's card and the enrolment): the builder may reword
 * and move them but not remove them or change their type.
 */
export const RESERVED_FORM_FIELDS = {
  child_first_name: 'text',
  child_last_name: 'text',
  child_date_of_birth: 'date',
  parent_first_name: 'text',
  parent_last_name: 'text',
  parent_email: 'email',
  parent_phone: 'phone',
} as const satisfies Record<string, FormFieldType>;
export type ReservedFormField = keyof typeof RESERVED_FORM_FIELDS;

/** A text in each language; English is required, the others fall back to it. */
export const localizedTextSchema = z.object({
  en: requiredText(500),
  ar: z.string().trim().max(500).default(''),
  he: z.string().trim().max(500).default(''),
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;

const fieldKeySchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, 'Use lower-case letters, digits and _ (at most 40)');

export const formFieldSchema = z.object({
  key: fieldKeySchema,
  type: z.enum(FORM_FIELD_TYPES),
  label: localizedTextSchema,
  help: localizedTextSchema.optional(),
  required: z.boolean().default(false),
  /** select and multiselect: the choices. */
  options: z
    .array(z.object({ value: fieldKeySchema, label: localizedTextSchema }))
    .max(50)
    .default([]),
});
export type FormField = z.infer<typeof formFieldSchema>;

export const formSectionSchema = z.object({
  id: fieldKeySchema,
  title: localizedTextSchema,
  fields: z.array(formFieldSchema).max(40),
});
export type FormSection = z.infer<typeof formSectionSchema>;

/** The answers' shapes of the form (no defaults: an answer says what the server holds). */
const localizedTextOutSchema = z.object({ en: z.string(), ar: z.string(), he: z.string() });
const formFieldOutSchema = z.object({
  key: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  label: localizedTextOutSchema,
  help: localizedTextOutSchema.optional(),
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: localizedTextOutSchema })),
});
const formSectionOutSchema = z.object({ id: z.string(), title: localizedTextOutSchema, fields: z.array(formFieldOutSchema) });

export const admissionFormSchema = z.object({
  kind: z.enum(ADMISSION_FORM_KINDS),
  title: localizedTextOutSchema,
  intro: localizedTextOutSchema,
  /** Taking submissions on the public page. */
  open: z.boolean(),
  sections: z.array(formSectionOutSchema),
  /** The public page of this form. */
  public_path: z.string(),
  updated_at: z.string().nullable(),
});
export type AdmissionForm = z.infer<typeof admissionFormSchema>;

export const admissionFormParamsSchema = z.object({ kind: z.enum(ADMISSION_FORM_KINDS) });
export const admissionFormRequestSchema = z.object({
  title: localizedTextSchema,
  intro: localizedTextSchema,
  open: z.boolean(),
  sections: z.array(formSectionSchema).min(1).max(20),
});
export type AdmissionFormRequest = z.infer<typeof admissionFormRequestSchema>;

// ------------------------------------------------------------------ public form

export const publicSchoolParamsSchema = z.object({ school_id: idSchema });
export const publicFormParamsSchema = z.object({ school_id: idSchema, kind: z.enum(ADMISSION_FORM_KINDS) });

/** The public page: the school, the form, and the classes a family may ask for. */
export const publicAdmissionFormSchema = z.object({
  school: z.object({ _id: idSchema, name: z.string(), logo: z.string().nullable() }),
  form: admissionFormSchema.omit({ updated_at: true }),
  classes: z.array(z.object({ _id: idSchema, name: z.string(), age_range: z.string() })),
});
export type PublicAdmissionForm = z.infer<typeof publicAdmissionFormSchema>;

export const answerValueSchema = z.union([z.string().max(5000), z.array(z.string().max(200)).max(50), z.boolean(), z.number()]);
export const publicSubmissionSchema = z.object({
  /** The answers by field key (file fields: the ids of the documents uploaded for them). */
  answers: z.record(z.string().max(40), answerValueSchema),
  /** The class the family asks for, when the school lists them. */
  desired_class_id: idSchema.nullable().optional(),
  desired_start: ddmmyyyySchema.nullable().optional(),
  /** How they heard of the school. */
  source: z.enum(ADMISSION_SOURCES).default('website'),
  /** The language the family filled the form in: the school writes to them in it. */
  language: z.enum(LANGUAGES).default('en'),
  /** Left empty by people; filled by robots (the answer is the same, nothing is kept). */
  website: z.string().max(500).optional(),
});
export type PublicSubmission = z.infer<typeof publicSubmissionSchema>;
export const publicSubmissionResultSchema = z.object({ reference: z.string() });

export const publicDocumentSchema = z.object({ _id: idSchema, name: z.string(), size: z.number().int() });
export type PublicDocument = z.infer<typeof publicDocumentSchema>;

// ------------------------------------------------------------------ pipeline

const person = z.object({ _id: idSchema, name: z.string() });

export const admissionSummarySchema = z.object({
  _id: idSchema,
  /** Short reference given to the family (e.g. "A-2026-0042"). */
  reference: z.string(),
  kind: z.enum(ADMISSION_FORM_KINDS),
  stage: z.enum(ADMISSION_STAGES),
  source: z.enum(ADMISSION_SOURCES),
  child_name: z.string(),
  child_date_of_birth: ddmmyyyySchema.nullable(),
  /** Age on the day, e.g. "3 years 2 months" is built by the page from the date of birth. */
  parent_name: z.string(),
  parent_email: z.string().nullable(),
  parent_phone: z.string().nullable(),
  desired_class: person.nullable(),
  desired_start: ddmmyyyySchema.nullable(),
  visit_date: ddmmyyyySchema.nullable(),
  visit_time: hhmmaSchema.nullable(),
  documents: z.number().int(),
  notes: z.number().int(),
  created_at: z.string(),
  stage_changed_at: z.string(),
});
export type AdmissionSummary = z.infer<typeof admissionSummarySchema>;

export const admissionDocumentSchema = z.object({
  _id: idSchema,
  field_key: z.string().nullable(),
  label: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  received_at: z.string(),
  /** Null: the family uploaded it with the form. */
  added_by: person.nullable(),
});
export type AdmissionDocument = z.infer<typeof admissionDocumentSchema>;

export const admissionNoteSchema = z.object({
  _id: idSchema,
  body: z.string(),
  author: person,
  created_at: z.string(),
});

export const admissionHistorySchema = z.object({
  from: z.enum(ADMISSION_STAGES).nullable(),
  to: z.enum(ADMISSION_STAGES),
  note: z.string(),
  by: person.nullable(),
  at: z.string(),
  /** The email sent to the family with this step, if any. */
  email_sent: z.boolean(),
});

export const admissionAnswerSchema = z.object({
  key: z.string(),
  section: z.string(),
  label: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  /** As shown: a choice's label, "Yes"/"No", a date DD-MM-YYYY. */
  value: z.string(),
});

export const admissionSchema = admissionSummarySchema.extend({
  language: z.enum(LANGUAGES),
  answers: z.array(admissionAnswerSchema),
  documents_list: z.array(admissionDocumentSchema),
  notes_list: z.array(admissionNoteSchema),
  history: z.array(admissionHistorySchema),
  /** Once enrolled: the child's record. */
  student: person.nullable(),
  next_stages: z.array(z.enum(ADMISSION_STAGES)),
  abilities: abilitiesSchema('edit', 'enrol'),
});
export type Admission = z.infer<typeof admissionSchema>;

export const admissionListQuerySchema = z.object({
  stage: z.enum(ADMISSION_STAGES).optional(),
  source: z.enum(ADMISSION_SOURCES).optional(),
  kind: z.enum(ADMISSION_FORM_KINDS).optional(),
  q: z.string().trim().max(120).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
  cursor: cursorSchema.optional(),
});
export const admissionPageSchema = pageOf(admissionSummarySchema).extend({
  /** How many are at each stage (with the filters but the stage), for the board's columns. */
  stage_counts: z.record(z.enum(ADMISSION_STAGES), z.number().int()),
});

/** Staff adding an enquiry taken by phone or at the door. */
export const admissionCreateSchema = z.object({
  kind: z.enum(ADMISSION_FORM_KINDS).default('enquiry'),
  source: z.enum(ADMISSION_SOURCES),
  child_first_name: requiredText(60),
  child_last_name: z.string().trim().max(60).default(''),
  child_date_of_birth: ddmmyyyySchema.nullable().optional(),
  parent_first_name: requiredText(60),
  parent_last_name: z.string().trim().max(60).default(''),
  parent_email: z.string().trim().email('Enter a valid email').max(200).nullable().optional(),
  parent_phone: z
    .string()
    .trim()
    .regex(/^\d{10}$/, 'Phone number must be 10 digits')
    .nullable()
    .optional(),
  desired_class_id: idSchema.nullable().optional(),
  desired_start: ddmmyyyySchema.nullable().optional(),
  language: z.enum(LANGUAGES).default('en'),
  note: z.string().trim().max(4000).optional(),
});
export type AdmissionCreate = z.infer<typeof admissionCreateSchema>;
export const admissionUpdateSchema = admissionCreateSchema.omit({ kind: true, note: true }).partial();

export const admissionStageRequestSchema = z.object({
  stage: z.enum(ADMISSION_STAGES).exclude(['enrolled']),
  note: z.string().trim().max(4000).default(''),
  /** visit: when the visit or interview is. */
  visit_date: ddmmyyyySchema.optional(),
  visit_time: hhmmaSchema.optional(),
  /** Send the family the email of this step (its template in their language). */
  send_email: z.boolean().default(true),
});
export type AdmissionStageRequest = z.infer<typeof admissionStageRequestSchema>;

export const admissionNoteRequestSchema = z.object({ body: requiredText(4000) });

export const enrolParentSchema = z
  .object({
    first_name: requiredText(60),
    last_name: z.string().trim().max(60).default(''),
    phone: z
      .string()
      .trim()
      .regex(/^\d{10}$/, 'Phone number must be 10 digits')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    email: z
      .string()
      .trim()
      .email('Enter a valid email')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    relation: z.string().trim().max(30).default('parent'),
  })
  .refine((p) => p.phone || p.email, { message: 'Give a phone number or an email to sign in with', path: ['phone'] });

/** Enrolment: the child, the class and start day, and the parents (an existing account is linked). */
export const enrolRequestSchema = z.object({
  class_id: idSchema,
  start_date: ddmmyyyySchema,
  child_first_name: requiredText(60),
  child_last_name: z.string().trim().max(60).default(''),
  child_date_of_birth: ddmmyyyySchema.nullable().optional(),
  parents: z.array(enrolParentSchema).min(1).max(4),
  /** Send the family the "enrolled" email and the parents their sign-in invitation. */
  send_email: z.boolean().default(true),
});
export type EnrolRequest = z.infer<typeof enrolRequestSchema>;
export const enrolResultSchema = z.object({
  application: admissionSchema,
  student: person,
  class: person,
  /** Parents linked who already had an account (not created). */
  linked_existing: z.number().int(),
});

export const admissionReportQuerySchema = z.object({
  from: ddmmyyyySchema.optional(),
  to: ddmmyyyySchema.optional(),
});
export const admissionReportRowSchema = z.object({
  /** 'YYYY-MM'. */
  month: z.string(),
  source: z.enum(ADMISSION_SOURCES),
  enquiries: z.number().int(),
  applications: z.number().int(),
  visits: z.number().int(),
  offers: z.number().int(),
  enrolled: z.number().int(),
  /** enrolled / enquiries of the month, 0 to 1 (null when no enquiries). */
  conversion: z.number().nullable(),
});
export const admissionReportSchema = z.object({
  from: ddmmyyyySchema,
  to: ddmmyyyySchema,
  rows: z.array(admissionReportRowSchema),
  totals: admissionReportRowSchema.omit({ month: true, source: true }),
});
export type AdmissionReport = z.infer<typeof admissionReportSchema>;
