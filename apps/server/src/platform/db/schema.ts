import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const id = (name = 'id') => varchar(name, { length: 24 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const organizations = pgTable('organizations', {
  id: id().primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const schools = pgTable(
  'schools',
  {
    id: id().primaryKey(),
    organizationId: id('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    editorDirection: varchar('editor_direction', { length: 3 }).notNull().default('l2r'),
    timeZone: text('time_zone').notNull().default('UTC'),
    logo: text('logo'),
    /** School permissions (spec section 3): module and flag names switched on for this school. */
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    /** The chat assistant's model provider: 'local' (offline) unless an admin connects an external one. */
    aiProvider: varchar('ai_provider', { length: 12 }).notNull().default('local'),
    createdAt: createdAt(),
  },
  (t) => [index('schools_organization_idx').on(t.organizationId)],
);

/** A person who can sign in. Staff fields live here; the parent record is in `parents`. */
export const users = pgTable(
  'users',
  {
    id: id().primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    phone: varchar('phone', { length: 10 }),
    staffProfilePicture: text('staff_profile_picture'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_phone_unique').on(t.phone).where(sql`${t.phone} is not null`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`).where(sql`${t.email} is not null`),
  ],
);

/** A school's role: an editable set of role permissions. Code checks permissions, never role names. */
export const roles = pgTable(
  'roles',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    /** Shown as 'Admin' rather than 'Member' (spec section 6). */
    isAdmin: boolean('is_admin').notNull().default(false),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_school_name_unique').on(t.schoolId, t.name)],
);

/** A staff member's place in a school: this is the staff record. */
export const memberships = pgTable(
  'memberships',
  {
    id: id().primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    roleId: id('role_id')
      .notNull()
      .references(() => roles.id),
    /**
     * The name as this school records it. A person may belong to several schools (and be a parent in
     * another): a school edits its own membership, never the shared person. Null: the person's own name.
     */
    firstName: text('first_name'),
    lastName: text('last_name'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('memberships_user_school_unique').on(t.userId, t.schoolId), index('memberships_school_idx').on(t.schoolId)],
);

/**
 * An invitation to join a school's staff, made to a person who already has an account (here or in
 * another school). Nothing of that person is shown to the school or changed until they accept; the
 * school sees only what it typed.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    roleId: id('role_id')
      .notNull()
      .references(() => roles.id),
    classIds: jsonb('class_ids').$type<string[]>().notNull().default([]),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    phone: varchar('phone', { length: 10 }),
    email: text('email'),
    invitedBy: id('invited_by')
      .notNull()
      .references(() => users.id),
    /** pending, accepted, declined or cancelled. */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_invitations_school_idx').on(t.schoolId),
    index('staff_invitations_user_idx').on(t.userId),
    uniqueIndex('staff_invitations_pending_unique').on(t.schoolId, t.userId).where(sql`${t.status} = 'pending'`),
  ],
);

export const parents = pgTable('parents', {
  id: id().primaryKey(),
  userId: id('user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  primaryEmail: text('primary_email'),
  primaryPhone: varchar('primary_phone', { length: 10 }),
  profilePicture: text('profile_picture'),
  currentChildId: id('current_child_id'),
  createdAt: createdAt(),
});

/** A school's divisions (for example Pre-primary, Primary) that group its classes. */
export const divisions = pgTable(
  'divisions',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('divisions_school_name_unique').on(t.schoolId, t.name)],
);

export const classes = pgTable(
  'classes',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    divisionId: id('division_id').references(() => divisions.id),
    name: text('name').notNull(),
    academicYearStart: date('academic_year_start'),
    academicYearEnd: date('academic_year_end'),
    ageRange: text('age_range').notNull().default(''),
    days: jsonb('days').$type<string[]>().notNull().default([]),
    curriculum: text('curriculum'),
    classCurriculumId: id('class_curriculum_id'),
    startTime: varchar('start_time', { length: 8 }),
    endTime: varchar('end_time', { length: 8 }),
    color: varchar('color', { length: 16 }).notNull().default('#4c6ef5'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('classes_school_idx').on(t.schoolId)],
);

export const classStaff = pgTable(
  'class_staff',
  {
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.userId] }), index('class_staff_user_idx').on(t.userId)],
);

export const students = pgTable(
  'students',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    profilePicture: text('profile_picture'),
    createdAt: createdAt(),
  },
  (t) => [index('students_school_idx').on(t.schoolId)],
);

export const classStudents = pgTable(
  'class_students',
  {
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.studentId] }), index('class_students_student_idx').on(t.studentId)],
);

export const parentChildren = pgTable(
  'parent_children',
  {
    parentId: id('parent_id')
      .notNull()
      .references(() => parents.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    relation: text('relation').notNull().default('parent'),
    /**
     * The parent's name and contacts as the child's school recorded them: a person linked by phone or
     * email may be known to another school, whose data this school never sees.
     */
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: varchar('phone', { length: 10 }),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.parentId, t.studentId] }), index('parent_children_student_idx').on(t.studentId)],
);

export const otpRequests = pgTable(
  'otp_requests',
  {
    id: id().primaryKey(),
    phone: varchar('phone', { length: 10 }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** Client address that asked for it, for per-address limits. */
    requestIp: text('request_ip').notNull(),
    /** False for configured test numbers: no message was sent, so no SMS quota was spent. */
    delivered: boolean('delivered').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sendCount: integer('send_count').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otp_requests_phone_idx').on(t.phone, t.createdAt), index('otp_requests_ip_idx').on(t.requestIp, t.createdAt)],
);

/**
 * Fixed-window counters kept in the database, so that every server instance sees the same count:
 * wrong OTP codes per number, phone-number checks per number and per client address.
 */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** One signed-in device for one kind of account. Refresh tokens rotate within a family. */
export const refreshSessions = pgTable(
  'refresh_sessions',
  {
    id: id().primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 8 }).notNull(),
    schoolId: id('school_id'),
    /** Hash of the current refresh token; empty for temporary tokens, which cannot be refreshed. */
    tokenHash: text('token_hash').notNull(),
    /** The token it replaced, accepted for access renewal only during a short grace after rotation. */
    previousTokenHash: text('previous_token_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    isTemp: boolean('is_temp').notNull().default(false),
    /** Temporary tokens: the name given by the admin who issued it, and who that was. */
    label: text('label'),
    createdBy: id('created_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_sessions_user_idx').on(t.userId), index('refresh_sessions_school_temp_idx').on(t.schoolId, t.isTemp)],
);

/** An OAuth sign-in in flight: the state sent to the provider and the PKCE verifier kept back. */
export const oauthStates = pgTable('oauth_states', {
  id: varchar('id', { length: 64 }).primaryKey(),
  provider: varchar('provider', { length: 16 }).notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Settings of the whole installation (for example whether phone login is offered). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who used what, per day: the school's usage report counts these. */
export const usageDaily = pgTable(
  'usage_daily',
  {
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    action: varchar('action', { length: 40 }).notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.userId, t.action, t.day] }),
    index('usage_daily_school_day_idx').on(t.schoolId, t.day),
  ],
);

/**
 * Every stored file (attachments, photos, screenshots, profile pictures, logos), for quotas and
 * clean-up: a file no record refers to any more is removed by the media clean-up job.
 */
export const media = pgTable(
  'media',
  {
    id: id().primaryKey(),
    schoolId: id('school_id'),
    uploadedBy: id('uploaded_by')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 12 }).notNull(),
    url: text('url').notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_school_idx').on(t.schoolId, t.createdAt),
    index('media_uploader_idx').on(t.uploadedBy, t.createdAt),
    index('media_created_idx').on(t.createdAt),
  ],
);

export const bugReports = pgTable('bug_reports', {
  id: id().primaryKey(),
  userId: id('user_id')
    .notNull()
    .references(() => users.id),
  kind: varchar('kind', { length: 8 }).notNull(),
  schoolId: id('school_id'),
  url: text('url').notNull(),
  summary: text('summary').notNull(),
  media: jsonb('media').$type<{ media_link: string }[]>().notNull().default([]),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
});

/** One child's mark for one day in one class. Unmarked (NA) days have no row. */
export const attendanceRecords = pgTable(
  'attendance_records',
  {
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    date: date('date').notNull(),
    status: varchar('status', { length: 8 }).notNull(),
    updatedBy: id('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.studentId, t.date] }),
    index('attendance_student_date_idx').on(t.studentId, t.date),
  ],
);

/** A class's day: whether it was marked complete, by whom and when. */
export const attendanceDays = pgTable(
  'attendance_days',
  {
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    date: date('date').notNull(),
    completedBy: id('completed_by').references(() => users.id),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.date] })],
);

export const excusals = pgTable(
  'excusals',
  {
    id: id().primaryKey(),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    requestedBy: id('requested_by')
      .notNull()
      .references(() => users.id),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    reason: text('reason').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    decidedBy: id('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('excusals_class_idx').on(t.classId, t.fromDate), index('excusals_student_idx').on(t.studentId)],
);

/** School or class events; holidays close the day for attendance. */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    classId: id('class_id').references(() => classes.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    isHoliday: boolean('is_holiday').notNull().default(false),
    createdBy: id('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('calendar_school_dates_idx').on(t.schoolId, t.startDate, t.endDate)],
);

/** Announcements and homework. */
export const communications = pgTable(
  'communications',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    type: varchar('type', { length: 12 }).notNull(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    summary: text('summary').notNull().default(''),
    shareWith: varchar('share_with', { length: 10 }).notNull().default('Everyone'),
    sendEmail: boolean('send_email').notNull().default(false),
    status: varchar('status', { length: 10 }).notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    media: jsonb('media').$type<{ media_link: string; name: string; kind: string }[]>().notNull().default([]),
    fileLink: text('file_link'),
    dueDate: date('due_date'),
    createdBy: id('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('communications_school_idx').on(t.schoolId, t.type, t.status, t.publishedAt)],
);

export const communicationClasses = pgTable(
  'communication_classes',
  {
    communicationId: id('communication_id')
      .notNull()
      .references(() => communications.id, { onDelete: 'cascade' }),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
  },
  (t) => [primaryKey({ columns: [t.communicationId, t.classId] }), index('communication_classes_class_idx').on(t.classId)],
);

export const communicationReads = pgTable(
  'communication_reads',
  {
    communicationId: id('communication_id')
      .notNull()
      .references(() => communications.id, { onDelete: 'cascade' }),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.communicationId, t.userId] })],
);

/** Background jobs, claimed with row locks so that each runs once across server instances. */
export const jobs = pgTable(
  'jobs',
  {
    id: id().primaryKey(),
    /** One pending job per key: scheduling again moves it. */
    key: text('key').notNull().unique(),
    kind: varchar('kind', { length: 40 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt)],
);

/** Learning frameworks (EYFS, PYP-style, or a school's own) and their areas. */
export const curricula = pgTable('curricula', {
  id: id().primaryKey(),
  /** null: available to every school. */
  schoolId: id('school_id').references(() => schools.id),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const learningAreas = pgTable(
  'learning_areas',
  {
    id: id().primaryKey(),
    curriculumId: id('curriculum_id')
      .notNull()
      .references(() => curricula.id),
    code: varchar('code', { length: 40 }).notNull(),
    name: text('name').notNull(),
    group: text('group').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('learning_areas_curriculum_idx').on(t.curriculumId)],
);

/** One child's observation (several children observed together are several rows). */
export const observations = pgTable(
  'observations',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    /** Observations written together share a group id. */
    groupId: id('group_id').notNull(),
    date: date('date').notNull(),
    title: text('title').notNull(),
    generalNote: text('general_note').notNull(),
    typeOfAnecdote: varchar('type_of_anecdote', { length: 40 }).notNull().default('general'),
    type: varchar('type', { length: 12 }).notNull().default('daily'),
    reportTitle: text('report_title'),
    visibility: varchar('visibility', { length: 8 }).notNull().default('family'),
    media: jsonb('media').$type<{ media_link: string; kind: string }[]>().notNull().default([]),
    createdBy: id('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('observations_class_date_idx').on(t.classId, t.date),
    index('observations_student_date_idx').on(t.studentId, t.date),
    index('observations_search_idx').using('gin', sql`to_tsvector('simple', ${t.title} || ' ' || ${t.generalNote})`),
  ],
);

export const observationAreas = pgTable(
  'observation_areas',
  {
    observationId: id('observation_id')
      .notNull()
      .references(() => observations.id, { onDelete: 'cascade' }),
    learningAreaId: id('learning_area_id')
      .notNull()
      .references(() => learningAreas.id),
  },
  (t) => [primaryKey({ columns: [t.observationId, t.learningAreaId] }), index('observation_areas_area_idx').on(t.learningAreaId)],
);

/** A person's conversation with the chat assistant about one class. */
export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_conversations_user_class_idx').on(t.userId, t.classId, t.updatedAt)],
);

/** The messages of a conversation, as streamed (LangChain message objects). */
export const aiMessages = pgTable(
  'ai_messages',
  {
    id: id().primaryKey(),
    conversationId: id('conversation_id')
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    message: jsonb('message').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ai_messages_conversation_seq_idx').on(t.conversationId, t.seq)],
);

/** A drafted action shown as a card; saved (once) only when the teacher clicks. */
export const aiToolCalls = pgTable(
  'ai_tool_calls',
  {
    id: id().primaryKey(),
    conversationId: id('conversation_id')
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 40 }).notNull(),
    args: jsonb('args').$type<Record<string, unknown>>().notNull(),
    sentence: text('sentence').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('ai_tool_calls_conversation_idx').on(t.conversationId)],
);

/** Every write the assistant initiated: who, what, when, from which sentence. */
export const aiAudit = pgTable(
  'ai_audit',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    toolCallId: id('tool_call_id').notNull(),
    tool: varchar('tool', { length: 40 }).notNull(),
    sentence: text('sentence').notNull(),
    args: jsonb('args').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ai_audit_school_idx').on(t.schoolId, t.createdAt)],
);

/** A Cue task: its whole current state (the last task-log), kept so a reload, a second tab or a restart sees it. */
export const cueTasks = pgTable(
  'cue_tasks',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    endpoint: varchar('endpoint', { length: 40 }).notNull(),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    /** queued, running, done or failed. */
    status: varchar('status', { length: 12 }).notNull().default('queued'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cue_tasks_user_idx').on(t.userId, t.updatedAt)],
);

/** A class's AI configuration: options, blocks per screen and screen prompts. */
export const classAiSettings = pgTable('class_ai_settings', {
  classId: id('class_id')
    .primaryKey()
    .references(() => classes.id),
  aiOptions: jsonb('ai_options').$type<Record<string, unknown>>().notNull().default({}),
  aiBlocks: jsonb('ai_blocks').$type<Record<string, { key: string; enabled: boolean }[]>>().notNull().default({}),
  screenBlocks: jsonb('screen_blocks').$type<Record<string, { enabled: boolean; prompt: string }>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
