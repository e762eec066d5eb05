import { z } from 'zod';
import {
  abilitiesSchema,
  cursorSchema,
  ddmmyyyySchema,
  hhmmaSchema,
  idSchema,
  optionalPhoneSchema,
  pageOf,
  requiredText,
} from '../common.js';
import { LANGUAGES } from '../constants.js';

/*
 * Hiring (issue 26): job openings on a public page, applications with a CV, stages (screening,
 * interview, offer, hired, rejected), interviews scheduled against the interviewers' calendars, and
 * "hired" creating the member of staff with a role and classes in one step.
 */

export const HIRING_MESSAGES = {
  openingCreated: 'Job opening added',
  openingSaved: 'Job opening saved',
  applied: 'Thank you. Your application has been received.',
  moved: 'Stage changed',
  noteAdded: 'Note added',
  interviewScheduled: 'Interview scheduled',
  interviewSaved: 'Interview saved',
  interviewCancelled: 'Interview cancelled',
  interviewerBusy: 'An interviewer already has an interview at that time',
  interviewInPast: 'An interview cannot start in the past',
  hired: 'Hired: the new member of staff has been added',
  alreadyHired: 'This applicant has already been hired',
  openingClosed: 'This job is not taking applications',
  stageNotAllowed: 'This application cannot move to that stage',
  cvRequired: 'Attach your CV',
  cvUnknown: 'This CV was not uploaded for this job',
  tooManyApplications: 'Too many applications from here: try again later',
} as const;

export const HIRING_STAGES = ['screening', 'interview', 'offer', 'hired', 'rejected'] as const;
export type HiringStage = (typeof HIRING_STAGES)[number];
/** Where each stage may go (hired only through the hire call). */
export const HIRING_NEXT: Record<HiringStage, readonly HiringStage[]> = {
  screening: ['interview', 'offer', 'rejected'],
  interview: ['screening', 'offer', 'rejected'],
  offer: ['interview', 'rejected'],
  hired: [],
  rejected: ['screening'],
};

export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'temporary', 'volunteer'] as const;
export const OPENING_STATUSES = ['draft', 'open', 'closed'] as const;

const person = z.object({ _id: idSchema, name: z.string() });

export const jobOpeningSchema = z.object({
  _id: idSchema,
  title: z.string(),
  description: z.string(),
  employment_type: z.enum(EMPLOYMENT_TYPES),
  location: z.string(),
  /** The role the person hired gets (the hire form starts from it). */
  role: person.nullable(),
  classes: z.array(person),
  closes_on: ddmmyyyySchema.nullable(),
  status: z.enum(OPENING_STATUSES),
  applications: z.number().int(),
  /** Applications at each stage. */
  stage_counts: z.record(z.enum(HIRING_STAGES), z.number().int()),
  public_path: z.string(),
  created_at: z.string(),
  abilities: abilitiesSchema('edit'),
});
export type JobOpening = z.infer<typeof jobOpeningSchema>;

export const jobOpeningRequestSchema = z.object({
  title: requiredText(120),
  description: z.string().trim().max(10000).default(''),
  employment_type: z.enum(EMPLOYMENT_TYPES).default('full_time'),
  location: z.string().trim().max(200).default(''),
  role_id: idSchema.nullable().optional(),
  class_ids: z.array(idSchema).max(50).default([]),
  closes_on: ddmmyyyySchema.nullable().optional(),
  status: z.enum(OPENING_STATUSES).default('draft'),
});
export type JobOpeningRequest = z.infer<typeof jobOpeningRequestSchema>;
export const jobOpeningListQuerySchema = z.object({ status: z.enum(OPENING_STATUSES).optional() });

// ------------------------------------------------------------------ public

export const publicJobParamsSchema = z.object({ school_id: idSchema, id: idSchema });
export const publicJobSchema = z.object({
  _id: idSchema,
  title: z.string(),
  description: z.string(),
  employment_type: z.enum(EMPLOYMENT_TYPES),
  location: z.string(),
  closes_on: ddmmyyyySchema.nullable(),
});
export type PublicJob = z.infer<typeof publicJobSchema>;
export const publicJobsSchema = z.object({
  school: z.object({ _id: idSchema, name: z.string(), logo: z.string().nullable() }),
  jobs: z.array(publicJobSchema),
});
export const publicJobPageSchema = z.object({
  school: z.object({ _id: idSchema, name: z.string(), logo: z.string().nullable() }),
  job: publicJobSchema,
});
export const publicCvSchema = z.object({ _id: idSchema, name: z.string(), size: z.number().int() });
export const publicJobApplicationSchema = z.object({
  first_name: requiredText(60),
  last_name: z.string().trim().max(60).default(''),
  email: z.string().trim().email('Enter a valid email').max(200),
  phone: optionalPhoneSchema,
  cover_letter: z.string().trim().max(10000).default(''),
  /** The id of the CV uploaded for this job. */
  cv_id: idSchema,
  language: z.enum(LANGUAGES).default('en'),
  /** Left empty by people (see the admissions form). */
  website: z.string().max(500).optional(),
});
export type PublicJobApplication = z.infer<typeof publicJobApplicationSchema>;

// ------------------------------------------------------------------ applications

export const jobApplicationSummarySchema = z.object({
  _id: idSchema,
  opening: person,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  stage: z.enum(HIRING_STAGES),
  next_interview: z.object({ date: ddmmyyyySchema, time: hhmmaSchema }).nullable(),
  created_at: z.string(),
  stage_changed_at: z.string(),
});
export type JobApplicationSummary = z.infer<typeof jobApplicationSummarySchema>;

export const jobInterviewSchema = z.object({
  _id: idSchema,
  application: z.object({ _id: idSchema, name: z.string(), opening: z.string() }),
  date: ddmmyyyySchema,
  start: hhmmaSchema,
  end: hhmmaSchema,
  interviewers: z.array(person),
  location: z.string(),
  note: z.string(),
  cancelled: z.boolean(),
  abilities: abilitiesSchema('edit'),
});
export type JobInterview = z.infer<typeof jobInterviewSchema>;

export const jobApplicationSchema = jobApplicationSummarySchema.extend({
  first_name: z.string(),
  last_name: z.string(),
  cover_letter: z.string(),
  language: z.enum(LANGUAGES),
  cv: z.object({ _id: idSchema, name: z.string(), mime: z.string(), size: z.number().int() }).nullable(),
  notes: z.array(z.object({ _id: idSchema, body: z.string(), author: person, created_at: z.string() })),
  history: z.array(
    z.object({
      from: z.enum(HIRING_STAGES).nullable(),
      to: z.enum(HIRING_STAGES),
      note: z.string(),
      by: person.nullable(),
      at: z.string(),
      email_sent: z.boolean(),
    }),
  ),
  interviews: z.array(jobInterviewSchema),
  /** Once hired: the member of staff. */
  staff: person.nullable(),
  next_stages: z.array(z.enum(HIRING_STAGES)),
  abilities: abilitiesSchema('edit', 'hire'),
});
export type JobApplication = z.infer<typeof jobApplicationSchema>;

export const jobApplicationListQuerySchema = z.object({
  opening_id: idSchema.optional(),
  stage: z.enum(HIRING_STAGES).optional(),
  q: z.string().trim().max(120).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
  cursor: cursorSchema.optional(),
});
export const jobApplicationPageSchema = pageOf(jobApplicationSummarySchema);

export const hiringStageRequestSchema = z.object({
  stage: z.enum(HIRING_STAGES).exclude(['hired']),
  note: z.string().trim().max(4000).default(''),
  send_email: z.boolean().default(true),
});
export const hiringNoteRequestSchema = z.object({ body: requiredText(4000) });

export const interviewRequestSchema = z.object({
  date: ddmmyyyySchema,
  start: hhmmaSchema,
  end: hhmmaSchema,
  interviewer_ids: z.array(idSchema).min(1).max(10),
  location: z.string().trim().max(200).default(''),
  note: z.string().trim().max(2000).default(''),
  /** Send the applicant the interview email. */
  send_email: z.boolean().default(true),
});
export type InterviewRequest = z.infer<typeof interviewRequestSchema>;
export const interviewListQuerySchema = z.object({
  from: ddmmyyyySchema,
  to: ddmmyyyySchema,
  interviewer_id: idSchema.optional(),
});

/** Hire: the member of staff is added with this role and these classes, and the application closed. */
export const hireRequestSchema = z
  .object({
    first_name: requiredText(60),
    last_name: z.string().trim().max(60).default(''),
    phone: optionalPhoneSchema,
    email: z
      .string()
      .trim()
      .email('Enter a valid email')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    role_id: idSchema,
    class_ids: z.array(idSchema).default([]),
    start_date: ddmmyyyySchema.optional(),
  })
  .refine((s) => s.phone || s.email, { message: 'Give a phone number or an email to sign in with', path: ['phone'] });
export type HireRequest = z.infer<typeof hireRequestSchema>;
export const hireResultSchema = z.object({ application: jobApplicationSchema, staff: person });
