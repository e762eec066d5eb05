import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { classes } from './classes.js';
import { createdAt, id } from './columns.js';
import { students, users } from './people.js';
import { schools } from './school.js';

/*
 * The class gallery (issue 19): items (a photo or a video and its processed copies), the children
 * tagged in them, faces found, reference faces of children whose families consented, albums, posts,
 * links to observations and activities, what each family has seen, and the school's storage quota.
 */

export type FaceBoxRow = { x: number; y: number; width: number; height: number };

export const mediaItems = pgTable(
  'media_items',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    /** image | video */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** processing | ready | failed */
    status: varchar('status', { length: 12 }).notNull(),
    /** class | tagged | staff */
    privacy: varchar('privacy', { length: 8 }).notNull(),
    name: text('name').notNull(),
    caption: text('caption').notNull().default(''),
    takenOn: date('taken_on').notNull(),
    mimeType: text('mime_type').notNull(),
    /** Bytes of every stored copy together (what the item costs the school's quota). */
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    blurhash: text('blurhash'),
    /** The upload as received, until processing replaces it (never served). */
    incomingUrl: text('incoming_url'),
    url: text('url'),
    mediumUrl: text('medium_url'),
    thumbUrl: text('thumb_url'),
    posterUrl: text('poster_url'),
    /** Copies for other families: faces not confirmed as a child with face-recognition consent blurred. */
    sharedUrl: text('shared_url'),
    sharedThumbUrl: text('shared_thumb_url'),
    postId: id('post_id'),
    error: text('error'),
    uploadedBy: id('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: id('deleted_by').references(() => users.id),
  },
  (t) => [
    // A class's gallery in the list's order (read backwards: newest day first).
    index('media_items_class_idx').on(t.classId, t.takenOn, t.createdAt, t.id),
    index('media_items_school_idx').on(t.schoolId, t.createdAt),
    index('media_items_deleted_idx').on(t.deletedAt),
  ],
);

export const mediaTags = pgTable(
  'media_tags',
  {
    itemId: id('item_id')
      .notNull()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    taggedBy: id('tagged_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.studentId] }), index('media_tags_student_idx').on(t.studentId)],
);

export const mediaFaces = pgTable(
  'media_faces',
  {
    id: id().primaryKey(),
    itemId: id('item_id')
      .notNull()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    schoolId: id('school_id').notNull(),
    box: jsonb('box').$type<FaceBoxRow>().notNull(),
    /** suggested | unmatched | assigned | not_in_class | ignored */
    status: varchar('status', { length: 14 }).notNull(),
    studentId: id('student_id').references(() => students.id, { onDelete: 'set null' }),
    distance: real('distance'),
    /** Shown unblurred to other families: a person confirmed it is a child whose family consented to face recognition. */
    shown: boolean('shown').notNull().default(false),
    decidedBy: id('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('media_faces_item_idx').on(t.itemId), index('media_faces_student_idx').on(t.studentId)],
);

/** A child's reference faces: only for children whose family consented to face recognition. */
export const faceReferences = pgTable(
  'face_references',
  {
    id: id().primaryKey(),
    schoolId: id('school_id').notNull(),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    descriptor: jsonb('descriptor').$type<number[]>().notNull(),
    itemId: id('item_id').references(() => mediaItems.id, { onDelete: 'set null' }),
    box: jsonb('box').$type<FaceBoxRow>().notNull(),
    /** The school term it was taken in (e.g. 2026-autumn): a fresh reference each term. */
    term: varchar('term', { length: 16 }).notNull(),
    createdBy: id('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('face_references_student_idx').on(t.studentId)],
);

/** What was done with children's face data, and by whom. */
export const faceAudit = pgTable(
  'face_audit',
  {
    id: id().primaryKey(),
    schoolId: id('school_id').notNull(),
    studentId: id('student_id').notNull(),
    /** reference_added | references_reset | consent_withdrawn */
    action: varchar('action', { length: 24 }).notNull(),
    count: integer('count').notNull(),
    actorId: id('actor_id'),
    createdAt: createdAt(),
  },
  (t) => [index('face_audit_student_idx').on(t.studentId, t.createdAt)],
);

export const mediaAlbums = pgTable(
  'media_albums',
  {
    id: id().primaryKey(),
    schoolId: id('school_id').notNull(),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    name: text('name').notNull(),
    coverItemId: id('cover_item_id').references(() => mediaItems.id, { onDelete: 'set null' }),
    createdBy: id('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_albums_class_idx').on(t.classId)],
);

export const mediaAlbumItems = pgTable(
  'media_album_items',
  {
    albumId: id('album_id')
      .notNull()
      .references(() => mediaAlbums.id, { onDelete: 'cascade' }),
    itemId: id('item_id')
      .notNull()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    addedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.albumId, t.itemId] })],
);

export const mediaPosts = pgTable('media_posts', {
  id: id().primaryKey(),
  schoolId: id('school_id').notNull(),
  classId: id('class_id')
    .notNull()
    .references(() => classes.id),
  caption: text('caption').notNull(),
  createdBy: id('created_by').references(() => users.id),
  createdAt: createdAt(),
});

/** Items added to an observation or a calendar activity. */
export const mediaLinks = pgTable(
  'media_links',
  {
    itemId: id('item_id')
      .notNull()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    /** observation | activity */
    targetKind: varchar('target_kind', { length: 12 }).notNull(),
    targetId: id('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.targetKind, t.targetId] })],
);

/** When a family last opened a class's gallery: what came after is new to it. */
export const mediaSeen = pgTable(
  'media_seen',
  {
    userId: id('user_id').notNull(),
    classId: id('class_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.classId] })],
);

export const mediaQuotas = pgTable('media_quotas', {
  schoolId: id('school_id')
    .primaryKey()
    .references(() => schools.id),
  quotaBytes: bigint('quota_bytes', { mode: 'number' }).notNull(),
});

export const mediaQuotaRequests = pgTable(
  'media_quota_requests',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    extraBytes: bigint('extra_bytes', { mode: 'number' }).notNull(),
    reason: text('reason').notNull().default(''),
    /** pending | approved | declined */
    status: varchar('status', { length: 10 }).notNull(),
    requestedBy: id('requested_by').references(() => users.id),
    createdAt: createdAt(),
    decidedBy: id('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('media_quota_requests_status_idx').on(t.status, t.createdAt)],
);

/** A large file arriving in chunks: what was announced, and how many bytes arrived (the next chunk's offset). */
export const mediaUploads = pgTable(
  'media_uploads',
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
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    /** Where each chunk is stored, in order. */
    parts: jsonb('parts').$type<string[]>().notNull().default([]),
    privacy: varchar('privacy', { length: 8 }).notNull(),
    caption: text('caption').notNull().default(''),
    takenOn: date('taken_on'),
    itemId: id('item_id').references(() => mediaItems.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_uploads_user_idx').on(t.userId, t.createdAt)],
);
