import { z } from 'zod';
import { ddmmyyyySchema, idSchema } from '../common.js';

// Calendar
export const calendarEventRequestSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).default(''),
  start_date: ddmmyyyySchema,
  end_date: ddmmyyyySchema,
  /** null: the whole school. */
  class_id: idSchema.nullable().default(null),
  is_holiday: z.boolean().default(false),
});
export const calendarEventSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  start_date: ddmmyyyySchema,
  end_date: ddmmyyyySchema,
  class_id: idSchema.nullable(),
  class_name: z.string().nullable(),
  is_holiday: z.boolean(),
  created_by: idSchema,
  can_edit: z.boolean(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;
export type CalendarEventInput = z.input<typeof calendarEventRequestSchema>;
export const calendarQuerySchema = z.object({ from: ddmmyyyySchema, to: ddmmyyyySchema, class_id: idSchema.optional() });
