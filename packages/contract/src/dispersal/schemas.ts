import { z } from 'zod';
import { attendanceStatusSchema } from '../attendance/schemas.js';
import { CHILD_ALERTS } from '../children/schemas.js';
import { abilitiesSchema, cursorSchema, ddmmyyyySchema, hhmmSchema, idSchema, pageOf } from '../common.js';

/*
 * Drop-off and pick-up (issue 24, "entry-dispersal"): each child checked in and out with the time and
 * the adult, by staff from the class list or at a kiosk (a shared tablet paired with the school) by a
 * family's 4-digit code or QR code. Collectors come from the child's record (its `collector` contacts,
 * approved by the school; `not_allowed` ones are blocked); a family adds a one-time pick-up person with
 * a code. Check-in marks attendance. Days are DD-MM-YYYY on the wire; instants ISO.
 */

export const DISPERSAL_MESSAGES = {
  checkedIn: 'Checked in',
  checkedOut: 'Checked out',
  eventVoided: 'Entry removed',
  settingsSaved: 'Drop-off and pick-up settings saved',
  kioskCreated: 'Kiosk added: open its link on the tablet',
  kioskRevoked: 'Kiosk removed',
  pickupCreated: 'Pick-up person added: send them the code',
  pickupCancelled: 'Pick-up cancelled',
  alertClosed: 'Alert closed',
  codeRenewed: 'A new family code was made: the old one no longer works',
  notAuthorised: 'This person is not authorised to collect this child',
  blocked: 'This person must not collect this child: call the office',
  alreadyIn: 'This child is already checked in',
  notIn: 'This child is not checked in',
  healthRequired: 'Answer the health question',
  kioskInvalid: 'This kiosk is not paired with a school: ask the office to pair it again',
  codeInvalid: 'This code is not known: try again or ask the office',
  tooManyAttempts: 'Too many wrong codes: wait a minute and try again',
  pickupCodeInvalid: 'This pick-up code is not valid today',
  pickupInPast: 'The pick-up day must be today or later',
  notToday: 'Only today can be changed',
  noChildren: 'Choose at least one child',
} as const;

export const DISPERSAL_KINDS = ['in', 'out'] as const;
export const ADULT_KINDS = ['parent', 'collector', 'one_time', 'staff', 'other'] as const;
export const DISPERSAL_VIA = ['staff', 'kiosk'] as const;
export const CHILD_DAY_STATUSES = ['not_arrived', 'in', 'out'] as const;
export const DISPERSAL_ALERT_KINDS = ['not_authorised', 'blocked', 'invalid_pickup_code', 'health'] as const;

const text = (max: number) => z.string().trim().max(max);
const personRef = z.object({ id: idSchema, first_name: z.string(), last_name: z.string() });
const studentRef = z.object({
  id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  student_profile_picture: z.string().nullable(),
});

// ---------------------------------------------------------------- settings and kiosks

export const dispersalSettingsSchema = z.object({
  /** Asked at every drop-off when set (yes means all is well); a "no" alerts the class's staff. */
  health_question: z.string().nullable(),
  /** A check-in this many minutes after the class's start time marks the child late. */
  late_after_minutes: z.number().int().min(0).max(180),
  /** The school's closing time; each class's end time when null. */
  closing_time: z.string().nullable(),
  /** A pick-up this many minutes after closing is recorded as late. */
  late_pickup_grace_minutes: z.number().int().min(0).max(120),
  /** Families are told (in the app, and by email) when their child is checked in and out. */
  notify_families: z.boolean(),
  /** Check-in marks attendance (present, or late after the threshold). */
  mark_attendance: z.boolean(),
});
export type DispersalSettings = z.infer<typeof dispersalSettingsSchema>;
export const dispersalSettingsRequestSchema = z.object({
  health_question: text(300).nullable(),
  late_after_minutes: z.number().int().min(0).max(180),
  closing_time: hhmmSchema.nullable(),
  late_pickup_grace_minutes: z.number().int().min(0).max(120),
  notify_families: z.boolean(),
  mark_attendance: z.boolean(),
});

export const kioskSchema = z.object({
  id: idSchema,
  name: z.string(),
  created_at: z.string(),
  created_by: personRef.nullable(),
  last_seen_at: z.string().nullable(),
});
export type Kiosk = z.infer<typeof kioskSchema>;
export const kioskRequestSchema = z.object({ name: text(60).min(1) });
/** Shown once: the tablet opens `pair_url` (or is given the token) and keeps it. */
export const kioskCreatedSchema = kioskSchema.extend({ token: z.string(), pair_url: z.string() });

// ---------------------------------------------------------------- events

export const adultSchema = z.object({
  kind: z.enum(ADULT_KINDS),
  name: z.string(),
  relationship: z.string().nullable(),
  /** The child's contact (collector) it was. */
  contact_id: idSchema.nullable(),
  photo: z.string().nullable(),
});
export type DispersalAdult = z.infer<typeof adultSchema>;

export const dispersalEventSchema = z.object({
  id: idSchema,
  student: studentRef,
  class_id: idSchema,
  kind: z.enum(DISPERSAL_KINDS),
  at: z.string(),
  date: ddmmyyyySchema,
  adult: adultSchema,
  via: z.enum(DISPERSAL_VIA),
  recorded_by: personRef.nullable(),
  kiosk_name: z.string().nullable(),
  /** The health question's answer at drop-off (true: all is well); null when none was asked. */
  health_ok: z.boolean().nullable(),
  health_note: z.string().nullable(),
  /** A late arrival, or a pick-up after closing. */
  late: z.boolean(),
  late_minutes: z.number().int().nullable(),
});
export type DispersalEvent = z.infer<typeof dispersalEventSchema>;
export const dispersalEventPageSchema = pageOf(dispersalEventSchema);
export const eventsQuerySchema = z.object({
  from: ddmmyyyySchema.optional(),
  to: ddmmyyyySchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(30),
  cursor: cursorSchema.optional(),
});

/** Someone expected to collect the child today. */
export const expectedCollectorSchema = z.object({
  kind: z.enum(['parent', 'collector', 'one_time']),
  name: z.string(),
  relationship: z.string().nullable(),
  phone: z.string().nullable(),
  photo: z.string().nullable(),
  contact_id: idSchema.nullable(),
  parent_id: idSchema.nullable(),
  pickup_id: idSchema.nullable(),
});
export type ExpectedCollector = z.infer<typeof expectedCollectorSchema>;

export const childDaySchema = z.object({
  student: studentRef,
  class_id: idSchema,
  class_name: z.string(),
  status: z.enum(CHILD_DAY_STATUSES),
  checked_in: dispersalEventSchema.nullable(),
  checked_out: dispersalEventSchema.nullable(),
  attendance: attendanceStatusSchema,
  alerts: z.array(z.enum(CHILD_ALERTS)),
  expected: z.array(expectedCollectorSchema),
  /** People who must not collect the child (names only, for staff to recognise). */
  blocked: z.array(z.string()),
  /** Still in after closing (plus grace). */
  late_pickup: z.boolean(),
});
export type ChildDay = z.infer<typeof childDaySchema>;

export const classDaySchema = z.object({
  class: z.object({
    id: idSchema,
    class_name: z.string(),
    start_time: z.string().nullable(),
    end_time: z.string().nullable(),
  }),
  date: ddmmyyyySchema,
  closing_time: z.string().nullable(),
  health_question: z.string().nullable(),
  children: z.array(childDaySchema),
  counts: z.object({ children: z.number().int(), in: z.number().int(), out: z.number().int(), not_arrived: z.number().int() }),
  abilities: abilitiesSchema('can_check'),
});
export type ClassDay = z.infer<typeof classDaySchema>;

/** The live dismissal list: children still in school (checked in, not out) of the caller's classes. */
export const dismissalSchema = z.object({
  date: ddmmyyyySchema,
  closing_time: z.string().nullable(),
  children: z.array(childDaySchema),
});
export type Dismissal = z.infer<typeof dismissalSchema>;
export const dismissalQuerySchema = z.object({ class_id: idSchema.optional() });

const adultRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('parent'), parent_id: idSchema }),
  z.object({ kind: z.literal('collector'), contact_id: idSchema }),
  z.object({
    kind: z.literal('one_time'),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code'),
  }),
  /** Anyone else, by name: refused unless the name is one of the child's collectors. */
  z.object({ kind: z.literal('other'), name: text(120).min(1), relationship: text(60).optional() }),
]);
export type AdultRequest = z.infer<typeof adultRequest>;

export const checkInRequestSchema = z.object({
  student_id: idSchema,
  adult: adultRequest,
  health_ok: z.boolean().optional(),
  health_note: text(500).nullable().optional(),
});
export const checkOutRequestSchema = z.object({ student_id: idSchema, adult: adultRequest });

// ---------------------------------------------------------------- alerts

export const dispersalAlertSchema = z.object({
  id: idSchema,
  kind: z.enum(DISPERSAL_ALERT_KINDS),
  student: studentRef.nullable(),
  class_id: idSchema.nullable(),
  adult_name: z.string().nullable(),
  detail: z.string(),
  via: z.enum(DISPERSAL_VIA),
  kiosk_name: z.string().nullable(),
  at: z.string(),
  closed_by: personRef.nullable(),
  closed_at: z.string().nullable(),
});
export type DispersalAlert = z.infer<typeof dispersalAlertSchema>;
export const alertsQuerySchema = z.object({ status: z.enum(['open', 'all']).default('open') });

// ---------------------------------------------------------------- the family's side

export const oneTimePickupSchema = z.object({
  id: idSchema,
  student: studentRef,
  name: z.string(),
  relationship: z.string().nullable(),
  phone: z.string().nullable(),
  date: ddmmyyyySchema,
  /** Shown to the family who made it (and the school's staff); the person gives it at pick-up. */
  code: z.string(),
  status: z.enum(['active', 'used', 'cancelled', 'expired']),
  created_by: personRef.nullable(),
  created_at: z.string(),
});
export type OneTimePickup = z.infer<typeof oneTimePickupSchema>;
export const oneTimePickupRequestSchema = z.object({
  name: text(120).min(1),
  relationship: text(60).nullable().optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a phone number')
    .nullable()
    .optional(),
  date: ddmmyyyySchema,
});

/** A family's code at one school: 4 digits to type at the kiosk, or the QR code to show it. */
export const familyCodeSchema = z.object({
  school: z.object({ id: idSchema, name: z.string() }),
  code: z.string(),
  /** What the QR code holds (a long secret; the 4 digits are only typed). */
  qr: z.string(),
  children: z.array(studentRef),
});
export type FamilyCode = z.infer<typeof familyCodeSchema>;
export const familyCodeRenewSchema = z.object({ school_id: idSchema });

/** A child's drop-off and pick-up side of the record: who may collect, today's state, the last days. */
export const childPickupsSchema = z.object({
  today: childDaySchema.nullable(),
  collectors: z.array(expectedCollectorSchema),
  one_time: z.array(oneTimePickupSchema),
  recent: z.array(dispersalEventSchema),
  abilities: abilitiesSchema('can_add_one_time', 'can_check'),
});
export type ChildPickups = z.infer<typeof childPickupsSchema>;

// ---------------------------------------------------------------- the kiosk

/** The kiosk's token rides in this header on every kiosk call. */
export const KIOSK_TOKEN_HEADER = 'x-kiosk-token';
/** Any value is read (and refused when it is no paired kiosk's token), so a person's long access token gets 401 too. */
export const kioskHeadersSchema = z.looseObject({ [KIOSK_TOKEN_HEADER]: z.string().max(8192).optional() });
export const kioskSessionSchema = z.object({
  school: z.object({ id: idSchema, name: z.string(), logo: z.string().nullable() }),
  kiosk: z.object({ id: idSchema, name: z.string() }),
  health_question: z.string().nullable(),
  /** Whether members of staff check in and out here with their staff code (issue 27). */
  staff_attendance: z.boolean(),
});
/** What a kiosk reads or types: a family's 4 digits, its QR code's text, or a 6-digit one-time pick-up code. */
export const kioskCodeSchema = z.object({ code: z.string().trim().min(4).max(200) });
export const kioskChildSchema = z.object({
  student: studentRef,
  class_name: z.string(),
  status: z.enum(CHILD_DAY_STATUSES),
  collectors: z.array(expectedCollectorSchema),
});
export const kioskFamilySchema = z.object({
  /** `family`: a family's code; `one_time`: a one-time pick-up person, with the one child they collect. */
  kind: z.enum(['family', 'one_time']),
  adult: z.object({ name: z.string(), relationship: z.string().nullable(), parent_id: idSchema.nullable() }),
  children: z.array(kioskChildSchema),
});
export type KioskFamily = z.infer<typeof kioskFamilySchema>;
export const kioskCheckRequestSchema = z.object({
  code: z.string().trim().min(4).max(200),
  student_ids: z.array(idSchema).min(1, DISPERSAL_MESSAGES.noChildren).max(10),
  /** Who is dropping off or collecting: the code's own adult when omitted. */
  adult: adultRequest.optional(),
  health_ok: z.boolean().optional(),
  health_note: text(500).nullable().optional(),
});
export const kioskCheckResultSchema = z.object({ events: z.array(dispersalEventSchema) });

// ---------------------------------------------------------------- realtime

/**
 * Socket event: a child was checked in or out (or an entry removed). Sent to the child's family members
 * and the class's staff, so a family's app and an open dismissal list read again.
 */
export const DISPERSAL_UPDATED_EVENT = 'dispersal-updated';
export interface DispersalUpdatedEvent {
  student_id: string;
  class_id: string;
  kind: (typeof DISPERSAL_KINDS)[number];
  /** ISO instant. */
  at: string;
  adult_name: string;
}
/** Socket event: an alert for staff (an unauthorised or blocked adult, a wrong pick-up code, a health answer). */
export const DISPERSAL_ALERT_EVENT = 'dispersal-alert';
export interface DispersalAlertEvent {
  id: string;
  kind: (typeof DISPERSAL_ALERT_KINDS)[number];
  student_id: string | null;
  class_id: string | null;
  adult_name: string | null;
  detail: string;
}
