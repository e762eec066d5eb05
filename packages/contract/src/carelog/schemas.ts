import { z } from 'zod';
import { abilitiesSchema, ddmmyyyySchema, hhmmaSchema, idSchema } from '../common.js';

/*
 * The carelog (issue 21; feature `daycare`): care through a child's day (meals, bottles, naps, nappies
 * and toileting, sun cream, mood, activities, notes), medicine records with every dose, and incident and
 * accident reports (EYFS statutory framework 3.45-3.54: written parental permission for every medicine,
 * a record of every dose, parents told the same day of any accident or medicine). Days on the wire are
 * DD-MM-YYYY and times hh:mm A in the school's time zone; field names are ours (the spec names none).
 */

export const CARELOG_MESSAGES = {
  saved: 'Saved',
  savedMany: (n: number) => `Saved for ${n} ${n === 1 ? 'child' : 'children'}`,
  entryDeleted: 'Entry deleted',
  napEnded: 'Nap ended',
  napChecked: 'Sleep check recorded',
  medicineSaved: 'Medicine record saved',
  medicineEnded: 'Medicine record ended',
  doseRecorded: 'Dose recorded. The family has been told.',
  homeDoseRecorded: 'Thank you. The school knows when it was last given.',
  incidentSaved: 'Report saved. The family has been asked to acknowledge it.',
  incidentCorrected: 'Correction saved',
  incidentReviewed: 'Report reviewed',
  incidentAcknowledged: 'Thank you. Your acknowledgement is recorded.',
  regulatorRecorded: 'Notification to the regulator recorded',
  settingsSaved: 'Carelog settings saved',
  summarySaved: 'Daily summary preference saved',
  // Refusals.
  noConsent:
    'This medicine has no written permission from the family. Ask the family to give it in the app, or record the signed form.',
  /** `{{last}}` and `{{next}}` are hh:mm A (with the day when not today). */
  doseTooSoon: 'Too soon: the last dose was at {{last}}. The next may be given from {{next}}.',
  medicineNotCurrent: 'This medicine record is not in use on that day',
  allergenWarning: 'A child has a recorded allergy to something in this meal. Check, then save again to confirm.',
  incidentNotDeletable: 'Incident and accident reports cannot be deleted. Correct them with a reason.',
  alreadyAcknowledged: 'This report has already been acknowledged',
  alreadyReviewed: 'This report has already been reviewed',
  notSerious: 'Only serious incidents are notified to the regulator',
  childrenRequired: 'Choose at least one child',
  childrenOfClass: 'Every child must be in this class',
  napNotOpen: 'This nap has already ended',
  notANap: 'This entry is not a nap',
  napEndBeforeStart: 'A nap cannot end before it starts',
  futureTime: 'This time has not come yet',
  witnessRequired: 'A second member of staff must witness the dose',
  witnessNotSelf: 'The witness must be another member of staff',
  consentRequired: 'Give your permission to record this medicine',
  correctionReason: 'Say why the report is corrected',
  nothingChanged: 'Nothing was changed',
} as const;

export const CARE_KINDS = ['meal', 'bottle', 'nap', 'nappy', 'toilet', 'suncream', 'mood', 'activity', 'note'] as const;
export type CareKind = (typeof CARE_KINDS)[number];
export const MEALS = ['breakfast', 'snack_am', 'lunch', 'snack_pm', 'tea'] as const;
export const MEAL_AMOUNTS = ['all', 'most', 'some', 'none'] as const;
export const NAPPY_STATES = ['wet', 'dirty', 'dry'] as const;
export const MOODS = ['happy', 'calm', 'tired', 'sad', 'unsettled', 'poorly'] as const;
export const SLEEP_POSITIONS = ['back', 'side', 'front'] as const;
export const CARE_NOTE_MAX = 2_000;

/** What an entry records, by kind (every field optional but the kind's own). */
export const careDetailsSchema = z.object({
  /** meal */
  meal: z.enum(MEALS).optional(),
  food: z.string().trim().max(300).optional(),
  amount: z.enum(MEAL_AMOUNTS).optional(),
  /** bottle */
  ml: z.number().int().min(0).max(1000).optional(),
  /** nap: the end (hh:mm A), null while asleep */
  end: hhmmaSchema.nullable().optional(),
  /** nappy and toilet */
  state: z.enum(NAPPY_STATES).optional(),
  potty: z.boolean().optional(),
  /** mood */
  mood: z.enum(MOODS).optional(),
  /** activity */
  activity: z.string().trim().max(300).optional(),
  /** sun cream: where applied */
  area: z.string().trim().max(200).optional(),
});
export type CareDetails = z.infer<typeof careDetailsSchema>;

const personRef = z.object({ _id: idSchema, name: z.string() });

/** A sleep check during a nap (every 10 minutes for babies, by default). */
export const napCheckSchema = z.object({
  time: hhmmaSchema,
  position: z.enum(SLEEP_POSITIONS),
  note: z.string(),
  by: personRef,
});

export const careEntrySchema = z.object({
  _id: idSchema,
  class_id: idSchema,
  student: personRef,
  kind: z.enum(CARE_KINDS),
  date: ddmmyyyySchema,
  /** The time it happened (a nap's start). */
  time: hhmmaSchema,
  details: careDetailsSchema,
  note: z.string(),
  checks: z.array(napCheckSchema),
  staff: personRef,
  created_at: z.string(),
  updated_at: z.string(),
  abilities: abilitiesSchema('can_edit', 'can_delete'),
});
export type CareEntry = z.infer<typeof careEntrySchema>;

/** One entry for each chosen child: a whole-room entry in one call. */
export const careEntryRequestSchema = z.object({
  class_id: idSchema,
  student_ids: z.array(idSchema).min(1, CARELOG_MESSAGES.childrenRequired).max(200),
  kind: z.enum(CARE_KINDS),
  date: ddmmyyyySchema,
  time: hhmmaSchema,
  details: careDetailsSchema.default({}),
  note: z.string().trim().max(CARE_NOTE_MAX).default(''),
  /** Save a meal although a child has a recorded allergen in it (after the warning). */
  confirm_allergen: z.boolean().default(false),
});
export type CareEntryRequest = z.infer<typeof careEntryRequestSchema>;

export const careEntryEditSchema = z.object({
  time: hhmmaSchema.optional(),
  details: careDetailsSchema.optional(),
  note: z.string().trim().max(CARE_NOTE_MAX).optional(),
  confirm_allergen: z.boolean().default(false),
});
export type CareEntryEdit = z.infer<typeof careEntryEditSchema>;

export const napEndRequestSchema = z.object({ entry_ids: z.array(idSchema).min(1).max(200), time: hhmmaSchema });
export const napCheckRequestSchema = z.object({
  entry_ids: z.array(idSchema).min(1).max(200),
  time: hhmmaSchema,
  position: z.enum(SLEEP_POSITIONS).default('back'),
  note: z.string().trim().max(500).default(''),
});

/** A child's allergies and medical conditions, shown beside every entry. */
export const careAlertSchema = z.object({
  kind: z.enum(['allergy', 'condition', 'diet']),
  name: z.string(),
  severity: z.string().nullable(),
});
export type CareAlert = z.infer<typeof careAlertSchema>;

export const careChildSchema = z.object({
  _id: idSchema,
  name: z.string(),
  photo: z.string().nullable(),
  /** Under the school's baby age: naps are checked every `nap_check_minutes`. */
  baby: z.boolean(),
  alerts: z.array(careAlertSchema),
});
export type CareChild = z.infer<typeof careChildSchema>;

export const napNowSchema = z.object({
  entry_id: idSchema,
  student: personRef,
  start: hhmmaSchema,
  /** Minutes asleep so far. */
  minutes: z.number().int(),
  baby: z.boolean(),
  last_check: hhmmaSchema.nullable(),
  /** A baby's sleep check is due (the last one, or the start, was `nap_check_minutes` ago or more). */
  check_due: z.boolean(),
});
export type NapNow = z.infer<typeof napNowSchema>;

/** A class's day in the carelog: its children with their alerts, every entry, who is asleep now. */
export const careDaySchema = z.object({
  class_id: idSchema,
  date: ddmmyyyySchema,
  children: z.array(careChildSchema),
  entries: z.array(careEntrySchema),
  naps_now: z.array(napNowSchema),
  /** Medicines in use today for children of the class. */
  medicines: z.array(z.lazy(() => medicineSchema)),
  nap_check_minutes: z.number().int(),
  /** The school's other staff, who may witness a dose. */
  witnesses: z.array(personRef),
});
export type CareDay = z.infer<typeof careDaySchema>;
export const careDayQuerySchema = z.object({ class_id: idSchema, date: ddmmyyyySchema.optional() });

// ------------------------------------------------------------------ medicine

export const MEDICINE_NAME_MAX = 200;
export const medicineDoseSchema = z.object({
  _id: idSchema,
  date: ddmmyyyySchema,
  time: hhmmaSchema,
  dose: z.string(),
  /** Given at home (recorded by the family), not at school. */
  at_home: z.boolean(),
  given_by: personRef,
  witness: personRef.nullable(),
  note: z.string(),
  created_at: z.string(),
});
export type MedicineDose = z.infer<typeof medicineDoseSchema>;

export const medicineSchema = z.object({
  _id: idSchema,
  student: personRef,
  name: z.string(),
  dose: z.string(),
  /** When it is to be given (e.g. "12:00 and 4 pm", "when needed"). */
  times: z.string(),
  reason: z.string(),
  /** Hours that must pass between two doses. */
  min_interval_hours: z.number(),
  from: ddmmyyyySchema,
  to: ddmmyyyySchema,
  /** Who gave written permission: the family in the app, or staff recording a signed form. */
  consent: z.object({ kind: z.enum(['app', 'signed_form']), by: personRef, at: z.string() }).nullable(),
  status: z.enum(['active', 'ended']),
  doses: z.array(medicineDoseSchema),
  /** The earliest time of the next dose (ISO instant), from the last one given (at home or school). */
  next_allowed_at: z.string().nullable(),
  created_by: personRef.extend({ kind: z.enum(['staff', 'parent']) }),
  created_at: z.string(),
  abilities: abilitiesSchema('can_give', 'can_end', 'can_record_home_dose'),
});
export type Medicine = z.infer<typeof medicineSchema>;

export const medicineRequestSchema = z.object({
  student_id: idSchema,
  name: z.string().trim().min(1).max(MEDICINE_NAME_MAX),
  dose: z.string().trim().min(1).max(200),
  times: z.string().trim().max(300).default(''),
  reason: z.string().trim().max(1_000).default(''),
  min_interval_hours: z.number().min(0).max(72).default(4),
  from: ddmmyyyySchema,
  to: ddmmyyyySchema,
  /** A family gives written permission in the app by ticking this. */
  consent: z.boolean().default(false),
  /** Staff: the family signed a paper form, kept by the school. */
  signed_form: z.boolean().default(false),
});
export type MedicineRequest = z.infer<typeof medicineRequestSchema>;
export const medicineListQuerySchema = z.object({
  student_id: idSchema.optional(),
  class_id: idSchema.optional(),
  status: z.enum(['active', 'ended', 'all']).default('active'),
});

export const doseRequestSchema = z.object({
  date: ddmmyyyySchema,
  time: hhmmaSchema,
  dose: z.string().trim().max(200).optional(),
  witness_id: idSchema.optional(),
  note: z.string().trim().max(1_000).default(''),
});
export type DoseRequest = z.infer<typeof doseRequestSchema>;
export const homeDoseRequestSchema = z.object({
  date: ddmmyyyySchema,
  time: hhmmaSchema,
  note: z.string().trim().max(1_000).default(''),
});

// ------------------------------------------------------------------ incidents

export const BODY_SIDES = ['front', 'back'] as const;
export const bodyMarkSchema = z.object({
  side: z.enum(BODY_SIDES),
  /** Position on the figure, 0-100 across and down. */
  x: z.number().min(0).max(100),
  y: z.number().min(0).max(100),
  note: z.string().trim().max(200),
});
export type BodyMark = z.infer<typeof bodyMarkSchema>;
/** A mark as sent: its note may be left out. */
const bodyMarkRequestSchema = bodyMarkSchema.extend({ note: z.string().trim().max(200).default('') });

export const INCIDENT_KINDS = ['accident', 'incident'] as const;
/** The fields of a report that a correction may change (no defaults: a correction names what it changes). */
const incidentFieldShapes = {
  kind: z.enum(INCIDENT_KINDS),
  date: ddmmyyyySchema,
  time: hhmmaSchema,
  location: z.string().trim().min(1).max(300),
  description: z.string().trim().min(1).max(5_000),
  injury: z.string().trim().max(2_000),
  first_aid: z.string().trim().max(2_000),
  body_map: z.array(bodyMarkRequestSchema).max(30),
  witness: z.string().trim().max(300),
  /** A serious injury or incident: the regulator is told within 14 days. */
  serious: z.boolean(),
};
export const incidentRequestSchema = z.object({
  ...incidentFieldShapes,
  injury: incidentFieldShapes.injury.default(''),
  first_aid: incidentFieldShapes.first_aid.default(''),
  body_map: incidentFieldShapes.body_map.default([]),
  witness: incidentFieldShapes.witness.default(''),
  serious: incidentFieldShapes.serious.default(false),
  class_id: idSchema,
  student_id: idSchema,
  /** The staff member's signature: their full name typed. */
  signature: z.string().trim().min(1).max(200),
});
export type IncidentRequest = z.infer<typeof incidentRequestSchema>;
export const incidentCorrectionSchema = z
  .object(incidentFieldShapes)
  .partial()
  .extend({ reason: z.string().trim().min(1, CARELOG_MESSAGES.correctionReason).max(1_000) });
export type IncidentCorrection = z.infer<typeof incidentCorrectionSchema>;

export const incidentSchema = z.object({
  _id: idSchema,
  class_id: idSchema,
  student: personRef,
  kind: z.enum(INCIDENT_KINDS),
  date: ddmmyyyySchema,
  time: hhmmaSchema,
  location: z.string(),
  description: z.string(),
  injury: z.string(),
  first_aid: z.string(),
  body_map: z.array(bodyMarkSchema),
  witness: z.string(),
  serious: z.boolean(),
  staff: personRef,
  signature: z.string(),
  signed_at: z.string(),
  reviewed: z.object({ by: personRef, at: z.string(), note: z.string() }).nullable(),
  acknowledged: z.object({ by: personRef, at: z.string(), signature: z.string() }).nullable(),
  /** Serious incidents: the day the regulator must be told by, and when it was. */
  regulator_due: ddmmyyyySchema.nullable(),
  regulator_notified: z.object({ on: ddmmyyyySchema, reference: z.string(), by: personRef }).nullable(),
  corrections: z.array(
    z.object({
      by: personRef,
      at: z.string(),
      reason: z.string(),
      changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
    }),
  ),
  created_at: z.string(),
  abilities: abilitiesSchema('can_correct', 'can_review', 'can_acknowledge', 'can_notify_regulator'),
});
export type Incident = z.infer<typeof incidentSchema>;
export const incidentListQuerySchema = z.object({
  class_id: idSchema.optional(),
  student_id: idSchema.optional(),
  /** unacknowledged: the reminders list; unreviewed: waiting for the manager; regulator: serious, not yet notified. */
  state: z.enum(['all', 'unacknowledged', 'unreviewed', 'regulator']).default('all'),
  from_date: ddmmyyyySchema.optional(),
  to_date: ddmmyyyySchema.optional(),
});
export const incidentReviewSchema = z.object({ note: z.string().trim().max(2_000).default('') });
export const incidentAcknowledgeSchema = z.object({
  /** The parent's e-signature: their full name typed. */
  signature: z.string().trim().min(1).max(200),
});
export const incidentRegulatorSchema = z.object({ on: ddmmyyyySchema, reference: z.string().trim().max(200).default('') });

// ------------------------------------------------------------------ the child's day and settings

/** What a family (or staff) sees of one child's day: a timeline, newest last. */
export const childCareDaySchema = z.object({
  student: personRef,
  date: ddmmyyyySchema,
  alerts: z.array(careAlertSchema),
  entries: z.array(careEntrySchema),
  doses: z.array(medicineDoseSchema.extend({ medicine: z.string() })),
  incidents: z.array(incidentSchema),
  /** The family asked for a summary of each day by email. */
  summary_email: z.boolean(),
});
export type ChildCareDay = z.infer<typeof childCareDaySchema>;
export const childCareDayQuerySchema = z.object({ date: ddmmyyyySchema.optional() });

export const carelogSettingsSchema = z.object({
  /** Babies' naps are checked this often (minutes). */
  nap_check_minutes: z.number().int().min(5).max(60),
  /** Children younger than this (months) count as babies. */
  baby_months: z.number().int().min(6).max(60),
  /** Years incident reports are kept after the child leaves. */
  incident_retention_years: z.number().int().min(1).max(50),
  /** When families' daily summary emails go (hh:mm A, school time). */
  summary_time: hhmmaSchema,
});
export type CarelogSettings = z.infer<typeof carelogSettingsSchema>;
export const summarySubscriptionSchema = z.object({ student_id: idSchema, enabled: z.boolean() });

/** Socket event to the families of a child (their `user:<id>` rooms) and the class room. */
export const CARE_UPDATED_EVENT = 'care-updated';
export interface CareUpdatedEvent {
  class_id: string;
  student_ids: string[];
  date: string;
  kind: CareKind | 'medicine' | 'incident';
}
