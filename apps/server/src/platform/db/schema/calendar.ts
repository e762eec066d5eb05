import { boolean, date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { classes } from './classes.js';
import { createdAt, id } from './columns.js';
import { users } from './people.js';
import { schools } from './school.js';

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
