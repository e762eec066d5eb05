import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { studentContacts } from './children.js';
import { classes } from './classes.js';
import { createdAt, id } from './columns.js';
import { parents, students, users } from './people.js';
import { schools } from './school.js';

/** A school's drop-off and pick-up settings. */
export const dispersalSettings = pgTable('dispersal_settings', {
  schoolId: id('school_id')
    .primaryKey()
    .references(() => schools.id),
  healthQuestion: text('health_question'),
  lateAfterMinutes: integer('late_after_minutes').notNull().default(15),
  /** 'HH:MM'; each class's end time when null. */
  closingTime: varchar('closing_time', { length: 5 }),
  latePickupGraceMinutes: integer('late_pickup_grace_minutes').notNull().default(10),
  notifyFamilies: boolean('notify_families').notNull().default(true),
  markAttendance: boolean('mark_attendance').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A shared tablet paired with the school; only the hash of its token is kept. */
export const kiosks = pgTable(
  'kiosks',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdBy: id('created_by').references(() => users.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('kiosks_token_idx').on(t.tokenHash), index('kiosks_school_idx').on(t.schoolId)],
);

/** A family's code at a school: 4 digits (unique in the school) and the QR code's secret. */
export const familyCodes = pgTable(
  'family_codes',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    parentId: id('parent_id')
      .notNull()
      .references(() => parents.id),
    code: varchar('code', { length: 4 }).notNull(),
    qrSecret: varchar('qr_secret', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('family_codes_school_parent_idx').on(t.schoolId, t.parentId),
    uniqueIndex('family_codes_school_code_idx').on(t.schoolId, t.code),
    uniqueIndex('family_codes_qr_idx').on(t.qrSecret),
  ],
);

/** A check-in or check-out of a child: when, by whom, with which adult. */
export const dispersalEvents = pgTable(
  'dispersal_events',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    /** in, out. */
    kind: varchar('kind', { length: 3 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The school's day of `at`. */
    date: date('date').notNull(),
    /** parent, collector, one_time, staff, other. */
    adultKind: varchar('adult_kind', { length: 10 }).notNull(),
    adultName: text('adult_name').notNull(),
    adultRelationship: text('adult_relationship'),
    contactId: id('contact_id').references(() => studentContacts.id),
    parentId: id('parent_id').references(() => parents.id),
    pickupId: id('pickup_id'),
    /** staff, kiosk. */
    via: varchar('via', { length: 6 }).notNull(),
    recordedBy: id('recorded_by').references(() => users.id),
    kioskId: id('kiosk_id').references(() => kiosks.id),
    healthOk: boolean('health_ok'),
    healthNote: text('health_note'),
    late: boolean('late').notNull().default(false),
    lateMinutes: integer('late_minutes'),
    /** Removed as a mistake: kept, but no longer counts. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: id('voided_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('dispersal_events_school_date_idx').on(t.schoolId, t.date),
    index('dispersal_events_student_idx').on(t.studentId, t.at),
    index('dispersal_events_class_date_idx').on(t.classId, t.date),
  ],
);

/** Someone a family sends to collect their child once, on a given day, with a code. */
export const oneTimePickups = pgTable(
  'one_time_pickups',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    name: text('name').notNull(),
    relationship: text('relationship'),
    phone: text('phone'),
    date: date('date').notNull(),
    code: varchar('code', { length: 6 }).notNull(),
    createdBy: id('created_by').references(() => users.id),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('one_time_pickups_student_idx').on(t.studentId, t.date),
    uniqueIndex('one_time_pickups_school_date_code_idx').on(t.schoolId, t.date, t.code),
  ],
);

/** Something staff must see now: an unauthorised or blocked adult, a wrong pick-up code, a health answer. */
export const dispersalAlerts = pgTable(
  'dispersal_alerts',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    kind: varchar('kind', { length: 24 }).notNull(),
    studentId: id('student_id').references(() => students.id),
    classId: id('class_id').references(() => classes.id),
    adultName: text('adult_name'),
    detail: text('detail').notNull(),
    via: varchar('via', { length: 6 }).notNull(),
    kioskId: id('kiosk_id').references(() => kiosks.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    closedBy: id('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('dispersal_alerts_school_idx').on(t.schoolId, t.closedAt, t.at)],
);

/** Wrong codes typed at a kiosk, for its rate limit (kept a day). */
export const kioskAttempts = pgTable(
  'kiosk_attempts',
  {
    id: id().primaryKey(),
    kioskId: id('kiosk_id')
      .notNull()
      .references(() => kiosks.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('kiosk_attempts_kiosk_idx').on(t.kioskId, t.at)],
);
