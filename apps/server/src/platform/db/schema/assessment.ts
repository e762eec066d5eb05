import {
  boolean,
  date,
  doublePrecision,
  index,
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
import { learningAreas } from './observations.js';
import { students, users } from './people.js';
import { units } from './planning.js';
import { schools } from './school.js';

/** Evidence a grade, rating or comment names: an observation, a story or a gallery item of the child. */
export interface EvidenceRow {
  kind: 'observation' | 'story' | 'media';
  id: string;
}

/** A school's assessment periods (its terms); a locked period's grades, cards and reports no longer change. */
export const assessmentPeriods = pgTable(
  'assessment_periods',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: id('locked_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('assessment_periods_school_start_idx').on(t.schoolId, t.startDate)],
);

/** Grade scales of a school: points out of a maximum, letters, or standards-based levels. */
export const gradeScales = pgTable(
  'grade_scales',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    kind: varchar('kind', { length: 12 }).notNull(),
    maxPoints: doublePrecision('max_points'),
    levels: jsonb('levels').$type<{ code: string; label: string; value: number }[]>().notNull().default([]),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('grade_scales_school_idx').on(t.schoolId)],
);

/** A class's grade categories, weighted (percent) or not. */
export const gradeCategories = pgTable(
  'grade_categories',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    name: text('name').notNull(),
    weight: doublePrecision('weight'),
    createdAt: createdAt(),
  },
  (t) => [index('grade_categories_class_idx').on(t.classId)],
);

/** An assessment task of a class in a period, graded on one scale. */
export const assessmentTasks = pgTable(
  'assessment_tasks',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    periodId: id('period_id')
      .notNull()
      .references(() => assessmentPeriods.id),
    title: text('title').notNull(),
    subject: text('subject').notNull(),
    kind: varchar('kind', { length: 12 }).notNull().default('formative'),
    categoryId: id('category_id').references(() => gradeCategories.id, { onDelete: 'set null' }),
    scaleId: id('scale_id')
      .notNull()
      .references(() => gradeScales.id),
    learningAreaId: id('learning_area_id').references(() => learningAreas.id),
    dueDate: date('due_date').notNull(),
    description: text('description').notNull().default(''),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    createdBy: id('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assessment_tasks_class_period_idx').on(t.classId, t.periodId, t.dueDate)],
);

/** One child's grade of one task. */
export const grades = pgTable(
  'grades',
  {
    taskId: id('task_id')
      .notNull()
      .references(() => assessmentTasks.id, { onDelete: 'cascade' }),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    value: varchar('value', { length: 20 }).notNull(),
    comment: text('comment').notNull().default(''),
    evidence: jsonb('evidence').$type<EvidenceRow[]>().notNull().default([]),
    updatedBy: id('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.studentId] }), index('grades_student_idx').on(t.studentId)],
);

/** A child's holistic progress card of one period. */
export const hpcCards = pgTable(
  'hpc_cards',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    periodId: id('period_id')
      .notNull()
      .references(() => assessmentPeriods.id),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    ratings: jsonb('ratings')
      .$type<Record<string, { level: string; evidence: EvidenceRow[]; from_evidence: boolean }>>()
      .notNull()
      .default({}),
    self: jsonb('self').$type<Record<string, string>>().notNull().default({}),
    narrative: text('narrative').notNull().default(''),
    status: varchar('status', { length: 12 }).notNull().default('in_progress'),
    updatedBy: id('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('hpc_cards_student_period_idx').on(t.studentId, t.periodId),
    index('hpc_cards_class_period_idx').on(t.classId, t.periodId),
  ],
);

/** A feedback form (parent, peer or self) of a period for some classes. */
export const feedbackForms = pgTable(
  'feedback_forms',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    periodId: id('period_id')
      .notNull()
      .references(() => assessmentPeriods.id),
    kind: varchar('kind', { length: 8 }).notNull(),
    title: text('title').notNull(),
    questions: jsonb('questions')
      .$type<{ key: string; text: string; answer: string; required: boolean }[]>()
      .notNull()
      .default([]),
    classIds: jsonb('class_ids').$type<string[]>().notNull().default([]),
    status: varchar('status', { length: 8 }).notNull().default('draft'),
    createdBy: id('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_forms_school_period_idx').on(t.schoolId, t.periodId)],
);

/** Answers to a form about one child, by one respondent (a parent, or the staff member who collected them). */
export const feedbackResponses = pgTable(
  'feedback_responses',
  {
    id: id().primaryKey(),
    formId: id('form_id')
      .notNull()
      .references(() => feedbackForms.id, { onDelete: 'cascade' }),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    respondentId: id('respondent_id').notNull(),
    respondentKind: varchar('respondent_kind', { length: 8 }).notNull(),
    answers: jsonb('answers')
      .$type<Record<string, { text?: string; choice?: string; media_link?: string }>>()
      .notNull()
      .default({}),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feedback_responses_once_idx').on(t.formId, t.studentId, t.respondentId),
    index('feedback_responses_student_idx').on(t.studentId),
  ],
);

/** A teacher's or a child's reflection on a unit or a period. */
export const reflections = pgTable(
  'reflections',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    studentId: id('student_id').references(() => students.id),
    unitId: id('unit_id').references(() => units.id, { onDelete: 'set null' }),
    periodId: id('period_id').references(() => assessmentPeriods.id),
    authorKind: varchar('author_kind', { length: 8 }).notNull(),
    date: date('date').notNull(),
    body: text('body').notNull(),
    media: jsonb('media').$type<{ media_link: string; kind: string }[]>().notNull().default([]),
    createdBy: id('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The list's order, newest first (decision 47).
  (t) => [
    index('reflections_class_date_idx').on(t.classId, t.date, t.createdAt, t.id),
    index('reflections_student_idx').on(t.studentId, t.date),
  ],
);

/** A report card's layout: its sections in order. */
export const reportTemplates = pgTable(
  'report_templates',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    sections: jsonb('sections').$type<{ kind: string; title: string; text: string }[]>().notNull().default([]),
    showLogo: boolean('show_logo').notNull().default(true),
    headName: text('head_name').notNull().default(''),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('report_templates_school_idx').on(t.schoolId)],
);

/** The report cards of one class and period. */
export const reportSets = pgTable(
  'report_sets',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    periodId: id('period_id')
      .notNull()
      .references(() => assessmentPeriods.id),
    templateId: id('template_id')
      .notNull()
      .references(() => reportTemplates.id),
    language: varchar('language', { length: 2 }).notNull().default('en'),
    status: varchar('status', { length: 8 }).notNull().default('draft'),
    exportId: id('export_id'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: id('locked_by').references(() => users.id),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    createdBy: id('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('report_sets_class_period_idx').on(t.classId, t.periodId),
    index('report_sets_school_idx').on(t.schoolId, t.periodId),
  ],
);

export interface ReportCommentRow {
  area_id: string;
  text: string;
  sentences: { text: string; evidence: EvidenceRow[] }[];
  drafted: boolean;
  signed_off_by: string | null;
  signed_off_at: string | null;
}

/** One child's report card in a set. */
export const reportEntries = pgTable(
  'report_entries',
  {
    id: id().primaryKey(),
    setId: id('set_id')
      .notNull()
      .references(() => reportSets.id, { onDelete: 'cascade' }),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    comments: jsonb('comments').$type<ReportCommentRow[]>().notNull().default([]),
    teacherNote: text('teacher_note').notNull().default(''),
    /** The stored PDF (storage key) once the locked set is prepared. */
    pdfKey: text('pdf_key'),
    updatedBy: id('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_entries_set_student_idx').on(t.setId, t.studentId),
    index('report_entries_student_idx').on(t.studentId),
  ],
);
