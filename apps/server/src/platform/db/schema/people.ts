import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { schools } from './school.js';

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
    /** The language the person reads the app in (en, ar, he): their emails are sent in it. */
    language: varchar('language', { length: 2 }),
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
    /** When the child's data was erased on the family's request (issue 30): the name stays for the records kept. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  // The children's list, by name (decision 47).
  (t) => [index('students_school_idx').on(t.schoolId, t.firstName, t.lastName, t.id)],
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
