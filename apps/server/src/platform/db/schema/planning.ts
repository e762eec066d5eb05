import { sql } from 'drizzle-orm';
import { customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { classes } from './classes.js';
import { createdAt, id } from './columns.js';
import { curricula, learningAreas } from './observations.js';
import { users } from './people.js';
import { organizations, schools } from './school.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A unit's planner fields (the contract's `UnitFields`), as saved. */
export type UnitFieldsRow = Record<string, string | string[]>;

/**
 * The unit library: the product's own units (organization null, shipped by a migration) and each
 * organization's. A library unit changed gets a new version; units copied from it keep the version they
 * were copied from.
 */
export const libraryUnits = pgTable(
  'library_units',
  {
    id: id().primaryKey(),
    /** null: the global library every school reads. */
    organizationId: id('organization_id').references(() => organizations.id),
    /** The school whose staff put it there (null for the global library). */
    schoolId: id('school_id').references(() => schools.id),
    kind: varchar('kind', { length: 12 }).notNull().default('unit'),
    framework: varchar('framework', { length: 12 }).notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    ageRange: text('age_range').notNull().default(''),
    weeks: integer('weeks').notNull().default(4),
    fields: jsonb('fields').$type<UnitFieldsRow>().notNull().default({}),
    areaIds: jsonb('area_ids').$type<string[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    createdBy: id('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    index('library_units_org_idx').on(t.organizationId, t.framework),
    // The list's order: the organization's own first, then by title (decision 47).
    index('library_units_list_idx').on(sql`(${t.organizationId} is null)`, t.title, t.id),
  ],
);

/** A unit (or project) of one or more classes of a school, with its framework's fields. */
export const units = pgTable(
  'units',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    kind: varchar('kind', { length: 12 }).notNull().default('unit'),
    framework: varchar('framework', { length: 12 }).notNull(),
    curriculumId: id('curriculum_id').references(() => curricula.id),
    title: text('title').notNull(),
    status: varchar('status', { length: 12 }).notNull().default('planned'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    fields: jsonb('fields').$type<UnitFieldsRow>().notNull().default({}),
    /** Increases with every saved change. */
    version: integer('version').notNull().default(1),
    /** Key (a field, or title/status/dates/classes/areas/resources) → the version it last changed at. */
    fieldVersions: jsonb('field_versions').$type<Record<string, number>>().notNull().default({}),
    sourceLibraryId: id('source_library_id').references(() => libraryUnits.id),
    sourceVersion: integer('source_version'),
    createdBy: id('created_by')
      .notNull()
      .references(() => users.id),
    updatedBy: id('updated_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('units_school_dates_idx').on(t.schoolId, t.startDate, t.endDate),
    // The list's order (decision 47).
    index('units_school_list_idx').on(t.schoolId, t.startDate.desc().nullsFirst(), t.title, t.id),
    index('units_source_idx').on(t.sourceLibraryId),
  ],
);

export const unitClasses = pgTable(
  'unit_classes',
  {
    unitId: id('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.classId] }), index('unit_classes_class_idx').on(t.classId)],
);

export const unitAreas = pgTable(
  'unit_areas',
  {
    unitId: id('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    learningAreaId: id('learning_area_id')
      .notNull()
      .references(() => learningAreas.id),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.learningAreaId] }), index('unit_areas_area_idx').on(t.learningAreaId)],
);

/** The resource library: files, links, videos and books of an organization, used by units and activities. */
export const planningResources = pgTable(
  'planning_resources',
  {
    id: id().primaryKey(),
    organizationId: id('organization_id')
      .notNull()
      .references(() => organizations.id),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    kind: varchar('kind', { length: 12 }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    url: text('url'),
    /** An uploaded file's media link (the media store's). */
    fileLink: text('file_link'),
    fileName: text('file_name'),
    author: text('author').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    areaIds: jsonb('area_ids').$type<string[]>().notNull().default([]),
    ageFromMonths: integer('age_from_months'),
    ageToMonths: integer('age_to_months'),
    createdBy: id('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(author, ''))`,
    ),
  },
  (t) => [
    index('planning_resources_org_idx').on(t.organizationId, t.title, t.id),
    index('planning_resources_search_idx').using('gin', t.search),
  ],
);

export const unitResources = pgTable(
  'unit_resources',
  {
    unitId: id('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    resourceId: id('resource_id')
      .notNull()
      .references(() => planningResources.id),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.resourceId] }), index('unit_resources_resource_idx').on(t.resourceId)],
);

/** An activity of a class's day (the weekly plan): a time in the class's hours, maybe of a unit. */
export const planActivities = pgTable(
  'plan_activities',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    date: date('date').notNull(),
    /** HH:MM, 24-hour, the school's wall clock. */
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    unitId: id('unit_id').references(() => units.id, { onDelete: 'set null' }),
    areaIds: jsonb('area_ids').$type<string[]>().notNull().default([]),
    resourceIds: jsonb('resource_ids').$type<string[]>().notNull().default([]),
    createdBy: id('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_activities_class_date_idx').on(t.classId, t.date), index('plan_activities_unit_idx').on(t.unitId)],
);
