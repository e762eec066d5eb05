import { z } from 'zod';
import { abilitiesSchema, ddmmyyyySchema, idSchema } from '../common.js';

/*
 * The child's record (issue 18): profile, health and safety, the people around the child, consents,
 * and the changes a family proposes. Dates on the wire are the spec's DD-MM-YYYY; instants are ISO.
 */

export const CHILD_MESSAGES = {
  profileSaved: 'Profile saved',
  healthSaved: 'Health details saved',
  itemAdded: 'Added',
  itemSaved: 'Saved',
  itemRemoved: 'Removed',
  photoSaved: 'Photo saved',
  consentSaved: 'Consent recorded',
  changeProposed: 'Your changes were sent to the school',
  changeAccepted: 'Changes accepted',
  changeDeclined: 'Changes declined',
  noChanges: 'Propose at least one change',
  alreadyDecided: 'These changes were already decided',
  leavingBeforeStart: 'The leaving date must be after the start date',
  bornInFuture: 'The date of birth cannot be in the future',
  keyPersonNotInClass: "The key person must be a member of staff of the child's class",
  unknownConsent: 'No such kind of consent in this school',
  checkRequested: "Families were asked to check their children's details",
  checkConfirmed: 'Thank you: the details are confirmed',
  consentTypeAdded: 'Consent added',
  consentTypeExists: 'This school already asks for this consent',
} as const;

export const GENDERS = ['female', 'male', 'other', 'undisclosed'] as const;
export const IMMUNISATION_STATUSES = ['up_to_date', 'partial', 'not_immunised', 'unknown'] as const;
export const ALLERGY_SEVERITIES = ['mild', 'moderate', 'severe'] as const;
export const HEALTH_ITEM_KINDS = ['allergy', 'condition', 'medicine'] as const;
export const CONTACT_KINDS = ['emergency', 'collector', 'not_allowed'] as const;
/** The consents every school asks for; a school adds its own kinds beside them. */
export const BUILT_IN_CONSENTS = ['photos_class', 'photos_public', 'biometric', 'outings', 'sun_cream', 'first_aid'] as const;
/** Badges shown wherever the child appears. */
export const CHILD_ALERTS = ['severe_allergy', 'epipen', 'medical'] as const;
export type ChildAlert = (typeof CHILD_ALERTS)[number];

const text = (max: number) => z.string().trim().max(max);
const optionalDate = ddmmyyyySchema.nullable().optional();
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a phone number')
  .nullable()
  .optional();

const personRef = z.object({ id: idSchema, first_name: z.string(), last_name: z.string() });
const recorded = { recorded_by: personRef.nullable(), recorded_at: z.string() };

export const childProfileSchema = z.object({
  date_of_birth: z.string().nullable(),
  /** The spec's age format, e.g. '3y 2m'. */
  age: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  preferred_name: z.string().nullable(),
  home_languages: z.array(z.string()),
  address: z.string().nullable(),
  start_date: z.string().nullable(),
  leaving_date: z.string().nullable(),
  key_person: personRef.nullable(),
  notes: z.string().nullable(),
});
export type ChildProfile = z.infer<typeof childProfileSchema>;

export const healthItemSchema = z.object({
  id: idSchema,
  kind: z.enum(HEALTH_ITEM_KINDS),
  name: z.string(),
  severity: z.enum(ALLERGY_SEVERITIES).nullable(),
  reaction: z.string(),
  action_plan: z.string(),
  epipen: z.boolean(),
  ...recorded,
});
export type HealthItem = z.infer<typeof healthItemSchema>;

export const dietarySchema = z.object({
  religious: z.array(text(60)).max(10),
  medical: z.array(text(60)).max(10),
  notes: text(500),
});
export const doctorSchema = z.object({ name: text(120), phone: text(20), practice: text(200) });
export const senSchema = z.object({ needs: text(2000), support_plan: text(2000) });

export const childHealthSchema = z.object({
  allergies: z.array(healthItemSchema),
  conditions: z.array(healthItemSchema),
  medicines: z.array(healthItemSchema),
  dietary: dietarySchema.nullable(),
  doctor: doctorSchema.nullable(),
  immunisation: z.enum(IMMUNISATION_STATUSES).nullable(),
  sen: senSchema.nullable(),
  updated_by: personRef.nullable(),
  updated_at: z.string().nullable(),
});
export type ChildHealth = z.infer<typeof childHealthSchema>;

export const contactSchema = z.object({
  id: idSchema,
  kind: z.enum(CONTACT_KINDS),
  name: z.string(),
  relationship: z.string(),
  phone: z.string().nullable(),
  priority: z.number().int(),
  photo: z.string().nullable(),
  /** Only for admins, on people who must not collect the child. */
  reason: z.string().nullable(),
  ...recorded,
});
export type ChildContact = z.infer<typeof contactSchema>;

export const consentEventSchema = z.object({ granted: z.boolean(), given_by: personRef.nullable(), given_at: z.string() });
export const consentSchema = z.object({
  key: z.string(),
  /** The school's own label for its own kinds; built-in kinds are named by the app in the reader's language. */
  label: z.string().nullable(),
  built_in: z.boolean(),
  /** null: never asked. */
  granted: z.boolean().nullable(),
  given_by: personRef.nullable(),
  given_at: z.string().nullable(),
  history: z.array(consentEventSchema),
});
export type ChildConsent = z.infer<typeof consentSchema>;

/** What a family may propose; the school accepts or declines it as a whole. */
export const proposedChangesSchema = z
  .object({
    preferred_name: text(60).optional(),
    address: text(300).optional(),
    home_languages: z.array(text(40)).max(6).optional(),
    dietary: dietarySchema.optional(),
    doctor: doctorSchema.optional(),
    /** The family's own phone number and email as the school records them for this child. */
    parent_phone: z
      .string()
      .trim()
      .regex(/^\d{10}$/, 'Phone number must be 10 digits')
      .optional(),
    parent_email: z.string().trim().email('Enter a valid email').optional(),
    /** Contacts to add or, with an id, to change. */
    contacts: z
      .array(
        z.object({
          id: idSchema.optional(),
          kind: z.enum(['emergency', 'collector']),
          name: text(120).min(1),
          relationship: text(60),
          phone: text(20),
        }),
      )
      .max(10)
      .optional(),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), { message: CHILD_MESSAGES.noChanges, path: ['changes'] });
export type ProposedChanges = z.infer<typeof proposedChangesSchema>;

export const changeRequestSchema = z.object({
  id: idSchema,
  student: z.object({ id: idSchema, first_name: z.string(), last_name: z.string() }),
  changes: z.record(z.string(), z.unknown()),
  /** What the record held when the change was proposed, for the same keys. */
  current: z.record(z.string(), z.unknown()),
  status: z.enum(['pending', 'accepted', 'declined']),
  proposed_by: personRef.nullable(),
  created_at: z.string(),
  decided_by: personRef.nullable(),
  decided_at: z.string().nullable(),
});
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

/** The yearly "check your child's details": pending from the school's request until the family confirms. */
export const recordCheckSchema = z.object({
  requested_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  pending: z.boolean(),
});
export type RecordCheck = z.infer<typeof recordCheckSchema>;

export const childRecordSchema = z.object({
  student: z.object({
    id: idSchema,
    first_name: z.string(),
    last_name: z.string(),
    student_profile_picture: z.string().nullable(),
    student_class: z.array(z.object({ class_id: idSchema, class_name: z.string() })),
  }),
  profile: childProfileSchema,
  /** null when the caller may not see medical details. */
  health: childHealthSchema.nullable(),
  /** Badges every member of staff who sees the child gets, whatever else they may read. */
  alerts: z.array(z.enum(CHILD_ALERTS)),
  emergency_contacts: z.array(contactSchema),
  collectors: z.array(contactSchema),
  /** Admins only (null for everyone else). */
  not_allowed: z.array(contactSchema).nullable(),
  consents: z.array(consentSchema),
  pending_changes: z.array(changeRequestSchema),
  check: recordCheckSchema,
  abilities: abilitiesSchema(
    'can_confirm_check',
    'can_edit_profile',
    'can_edit_health',
    'can_edit_contacts',
    'can_see_not_allowed',
    'can_record_consent',
    'can_propose_changes',
    'can_decide_changes',
    // Data protection (issue 30): a copy of all the child's data (the family, admins), its erasure (admins).
    'can_export_data',
    'can_erase_data',
  ),
});
export type ChildRecord = z.infer<typeof childRecordSchema>;

export const profileUpdateSchema = z.object({
  date_of_birth: optionalDate,
  gender: z.enum(GENDERS).nullable().optional(),
  preferred_name: text(60).nullable().optional(),
  home_languages: z.array(text(40)).max(6).optional(),
  address: text(300).nullable().optional(),
  start_date: optionalDate,
  leaving_date: optionalDate,
  key_person_id: idSchema.nullable().optional(),
  notes: text(2000).nullable().optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const healthUpdateSchema = z.object({
  dietary: dietarySchema.nullable().optional(),
  doctor: doctorSchema.nullable().optional(),
  immunisation: z.enum(IMMUNISATION_STATUSES).nullable().optional(),
  sen: senSchema.nullable().optional(),
});
export type HealthUpdate = z.infer<typeof healthUpdateSchema>;

export const healthItemRequestSchema = z
  .object({
    kind: z.enum(HEALTH_ITEM_KINDS),
    name: text(120).min(1),
    severity: z.enum(ALLERGY_SEVERITIES).nullable().optional(),
    reaction: text(500).default(''),
    action_plan: text(2000).default(''),
    epipen: z.boolean().default(false),
  })
  .refine((i) => i.kind !== 'allergy' || !!i.severity, { message: 'Choose how severe the allergy is', path: ['severity'] });
export type HealthItemRequest = z.infer<typeof healthItemRequestSchema>;

export const contactRequestSchema = z.object({
  kind: z.enum(CONTACT_KINDS),
  name: text(120).min(1),
  relationship: text(60).default(''),
  phone,
  priority: z.number().int().min(0).max(100).default(0),
  reason: text(1000).nullable().optional(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const consentRequestSchema = z.object({ key: text(40).min(1), granted: z.boolean() });
export const changeDecisionSchema = z.object({ decision: z.enum(['accept', 'decline']) });
export const changeRequestBodySchema = z.object({ changes: proposedChangesSchema });
export const medicalViewSchema = z.object({ viewed_by: personRef.nullable(), viewed_at: z.string() });

/** The badges of each child of a class who has any (attendance rows, pickers, the assistant's cards). */
export const studentAlertsSchema = z.object({ student_id: idSchema, alerts: z.array(z.enum(CHILD_ALERTS)) });
export type StudentAlerts = z.infer<typeof studentAlertsSchema>;

export const recordCheckRequestSchema = z.object({ class_id: idSchema.optional() });
export const consentTypeSchema = z.object({ id: idSchema, key: z.string(), label: z.string() });
export type ConsentType = z.infer<typeof consentTypeSchema>;
export const consentTypeRequestSchema = z.object({ label: text(80).min(1) });
