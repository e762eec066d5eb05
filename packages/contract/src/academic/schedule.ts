import { z } from 'zod';
import { abilitiesSchema, ddmmyyyySchema, hhmmaSchema, idSchema, requiredText } from '../common.js';

/*
 * The school's day (issue 25): sessions, periods and breaks with their times, per weekday or per day
 * of a rotating cycle (Day 1 … Day N counted over the class's meeting days from a start date), for the
 * whole school, a division or one class. The most specific one that is not archived applies (class,
 * then division, then school). Weekly planning, attendance and the timetable read a class's days from
 * it. Times on the wire are the spec's hh:mm A; days are DD-MM-YYYY.
 */

export const DAY_SCHEDULE_MESSAGES = {
  created: 'Day schedule added',
  saved: 'Day schedule saved',
  archived: 'Day schedule archived',
  restored: 'Day schedule restored',
  overlap: 'Two parts of the same day overlap',
  endBeforeStart: 'Each part of the day must end after it starts',
  taken: 'This school, division or class already has a day schedule: edit that one',
  targetMissing: 'Choose the division or class the schedule is for',
  dayKeys: 'Give the days of the schedule: weekdays, or Day 1 to the cycle length',
  cycleStart: 'A rotating cycle needs the day it starts',
} as const;

export const DAY_SLOT_KINDS = ['session', 'period', 'break'] as const;
export type DaySlotKind = (typeof DAY_SLOT_KINDS)[number];
export const DAY_SCHEDULE_TARGETS = ['school', 'division', 'class'] as const;
export const DAY_SCHEDULE_CYCLES = ['weekly', 'rotating'] as const;
/** Keys of a weekly schedule's days; a rotating cycle's are day_1 … day_<cycle_days>. */
export const SCHEDULE_WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const MAX_CYCLE_DAYS = 20;

export const daySlotSchema = z.object({
  kind: z.enum(DAY_SLOT_KINDS),
  name: requiredText(80),
  start: hhmmaSchema,
  end: hhmmaSchema,
});
export type DaySlot = z.infer<typeof daySlotSchema>;

export const scheduleDaySchema = z.object({
  /** monday … sunday, or day_1 … day_N. */
  day: z.string().regex(/^(monday|tuesday|wednesday|thursday|friday|saturday|sunday|day_([1-9]|1\d|20))$/),
  slots: z.array(daySlotSchema).max(30),
});
export type ScheduleDay = z.infer<typeof scheduleDaySchema>;

export const dayScheduleSchema = z.object({
  _id: idSchema,
  name: z.string(),
  applies_to: z.enum(DAY_SCHEDULE_TARGETS),
  division: z.object({ _id: idSchema, name: z.string() }).nullable(),
  class: z.object({ _id: idSchema, name: z.string() }).nullable(),
  cycle: z.enum(DAY_SCHEDULE_CYCLES),
  /** Rotating only: how many days the cycle has (2 to 20). */
  cycle_days: z.number().int().nullable(),
  /** Rotating only: the day that is Day 1. */
  cycle_start: ddmmyyyySchema.nullable(),
  days: z.array(scheduleDaySchema),
  archived: z.boolean(),
  updated_at: z.string().nullable(),
  abilities: abilitiesSchema('edit', 'archive'),
});
export type DaySchedule = z.infer<typeof dayScheduleSchema>;

export const dayScheduleRequestSchema = z.object({
  name: requiredText(120),
  applies_to: z.enum(DAY_SCHEDULE_TARGETS),
  division_id: idSchema.nullable().optional(),
  class_id: idSchema.nullable().optional(),
  cycle: z.enum(DAY_SCHEDULE_CYCLES),
  cycle_days: z.number().int().min(2).max(MAX_CYCLE_DAYS).nullable().optional(),
  cycle_start: ddmmyyyySchema.nullable().optional(),
  days: z.array(scheduleDaySchema).max(MAX_CYCLE_DAYS),
});
export type DayScheduleRequest = z.infer<typeof dayScheduleRequestSchema>;

export const dayScheduleListQuerySchema = z.object({ include_archived: z.enum(['true', 'false']).optional() });

/** A class's days between two dates (at most 42 days). */
export const classDaysQuerySchema = z.object({
  from: ddmmyyyySchema,
  to: ddmmyyyySchema.optional(),
});

export const classDaysSchema = z.object({
  class_id: idSchema,
  /** The schedule that applies (null: none, the class's own start and end times are its day). */
  schedule: z.object({ _id: idSchema, name: z.string(), applies_to: z.enum(DAY_SCHEDULE_TARGETS) }).nullable(),
  days: z.array(
    z.object({
      date: ddmmyyyySchema,
      /** The day of the schedule: a weekday, or day_3 of a rotating cycle; null when the class does not meet. */
      day: z.string().nullable(),
      slots: z.array(daySlotSchema),
    }),
  ),
});
export type ClassDays = z.infer<typeof classDaysSchema>;
