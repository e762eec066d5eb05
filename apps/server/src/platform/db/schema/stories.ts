import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
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
import { classes } from './classes.js';
import { createdAt, id } from './columns.js';
import { mediaItems } from './media.js';
import { learningAreas } from './observations.js';
import { students, users } from './people.js';
import { schools } from './school.js';

/*
 * Learning stories, the class journal and family stories (issue 20): one table of stories (`kind`
 * story | journal | family), the children, gallery items, tags and learning areas of each, earlier
 * versions of published stories, the families' comments, reactions and views, the school's story tags
 * and its approval setting.
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export type StorySourceRow = { sentence: string; kind: 'observation' | 'media' | 'activity'; id: string; link: string };

export const stories = pgTable(
  'stories',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    /** story | journal | family */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** draft | pending | published | submitted | accepted | declined */
    status: varchar('status', { length: 10 }).notNull(),
    title: text('title').notNull().default(''),
    /** Sanitised rich text. */
    body: text('body').notNull().default(''),
    /** The body without its tags (what search reads). */
    bodyText: text('body_text').notNull().default(''),
    whatNext: text('what_next').notNull().default(''),
    storyDate: date('story_date').notNull(),
    /** The staff member who wrote it; for a family story, the parent who sent it. */
    authorId: id('author_id')
      .notNull()
      .references(() => users.id),
    authorKind: varchar('author_kind', { length: 6 }).notNull().default('staff'),
    approvedBy: id('approved_by').references(() => users.id),
    returnNote: text('return_note'),
    sources: jsonb('sources').$type<StorySourceRow[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Words of the title, text and "what next", language-neutral ('simple': the school writes in en, ar, he). */
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(body_text, '') || ' ' || coalesce(what_next, ''))`,
    ),
  },
  (t) => [
    index('stories_school_date_idx').on(t.schoolId, t.storyDate, t.createdAt, t.id),
    index('stories_class_date_idx').on(t.classId, t.storyDate, t.createdAt, t.id),
    index('stories_search_idx').using('gin', t.search),
    /** One journal entry per class and day. */
    uniqueIndex('stories_journal_day_unique').on(t.classId, t.storyDate).where(sql`kind = 'journal'`),
  ],
);

export const storyChildren = pgTable(
  'story_children',
  {
    storyId: id('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.studentId] }), index('story_children_student_idx').on(t.studentId)],
);

export const storyMedia = pgTable(
  'story_media',
  {
    storyId: id('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    itemId: id('item_id')
      .notNull()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.itemId] })],
);

export const storyTags = pgTable(
  'story_tags',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('story_tags_school_name_unique').on(t.schoolId, sql`lower(${t.name})`).where(sql`archived_at is null`)],
);

export const storyTagLinks = pgTable(
  'story_tag_links',
  {
    storyId: id('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    tagId: id('tag_id')
      .notNull()
      .references(() => storyTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.tagId] }), index('story_tag_links_tag_idx').on(t.tagId)],
);

export const storyAreas = pgTable(
  'story_areas',
  {
    storyId: id('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    areaId: id('area_id')
      .notNull()
      .references(() => learningAreas.id),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.areaId] }), index('story_areas_area_idx').on(t.areaId)],
);

/** What a published story said before each edit. */
export const storyVersions = pgTable(
  'story_versions',
  {
    storyId: id('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    whatNext: text('what_next').notNull(),
    editedBy: id('edited_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.version] })],
);

export const storyComments = pgTable(
  'story_comments',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    storyId: id('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    authorId: id('author_id')
      .notNull()
      .references(() => users.id),
    authorKind: varchar('author_kind', { length: 6 }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('story_comments_story_idx').on(t.storyId, t.createdAt)],
);

export const storyReactions = pgTable(
  'story_reactions',
  {
    storyId: id('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    reaction: varchar('reaction', { length: 8 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.userId] })],
);

/** Each family member's opening of a story: how often, first and last. */
export const storyViews = pgTable(
  'story_views',
  {
    storyId: id('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    views: integer('views').notNull().default(1),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }).notNull(),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.userId] }), index('story_views_user_idx').on(t.userId)],
);

export const storySettings = pgTable('story_settings', {
  schoolId: id('school_id')
    .primaryKey()
    .references(() => schools.id),
  approvalRequired: boolean('approval_required').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
