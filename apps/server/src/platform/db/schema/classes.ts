import { date, index, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { students, users } from './people.js';
import { divisions, schools } from './school.js';

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
