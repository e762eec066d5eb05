import { z } from 'zod';
import { statementRefSchema } from '../academic/curriculum.js';
import { abilitiesSchema, cursorSchema, ddmmyyyySchema, idSchema } from '../common.js';
import { mediaLinkSchema } from '../platform/schemas.js';

export const OBSERVATION_DEFAULTS = { title: 'Observation', type_of_anecdote: 'general' } as const;
export const OBSERVATION_MESSAGES = {
  saved: 'Observation saved!',
  saving: 'Saving Observation....',
  savedFlag: 'Observation Saved',
} as const;
export const observationTypeSchema = z.enum(['daily', 'report_card']);
export const observationVisibilitySchema = z.enum(['family', 'staff']);

export const observationEntryInputSchema = z.object({
  student_id: idSchema,
  date: ddmmyyyySchema,
  title: z.string().trim().max(200).default(OBSERVATION_DEFAULTS.title),
  general_note: z.string().trim().min(1, 'Write what you observed').max(10_000),
  type_of_anecdote: z.string().trim().max(40).default(OBSERVATION_DEFAULTS.type_of_anecdote),
});
export const createObservationRequestSchema = z.object({
  /** Optional: without it each child is written under their own class (one the writer teaches). */
  class_id: idSchema.optional(),
  type: observationTypeSchema.default('daily'),
  report_title: z.string().trim().max(200).nullable().default(null),
  visibility: observationVisibilitySchema.default('family'),
  learning_area_ids: z.array(idSchema).max(20).default([]),
  /** Statements of the class's frameworks the observation is evidence for. */
  statement_ids: z.array(idSchema).max(50).optional(),
  media: z
    .array(z.object({ media_link: mediaLinkSchema() }))
    .max(20)
    .default([]),
  observation_entries: z.array(observationEntryInputSchema).min(1, 'Add at least one child').max(100),
});
export const updateObservationRequestSchema = z.object({
  date: ddmmyyyySchema.optional(),
  title: z.string().trim().max(200).optional(),
  general_note: z.string().trim().min(1).max(10_000).optional(),
  type_of_anecdote: z.string().trim().max(40).optional(),
  visibility: observationVisibilitySchema.optional(),
  report_title: z.string().trim().max(200).nullable().optional(),
  learning_area_ids: z.array(idSchema).max(20).optional(),
  /** The whole set of tagged statements (absent: unchanged); ones already tagged may stay when archived. */
  statement_ids: z.array(idSchema).max(50).optional(),
});
/** Files uploaded for the observation (`media`), or items of the class gallery (`media_ids`), or both. */
export const addMediaRequestSchema = z
  .object({
    media: z
      .array(z.object({ media_link: mediaLinkSchema() }))
      .min(1)
      .max(20)
      .optional(),
    media_ids: z.array(idSchema).min(1).max(20).optional(),
  })
  .refine((b) => b.media !== undefined || b.media_ids !== undefined, { message: 'Send media or media_ids', path: ['media'] });

export const learningAreaSchema = z.object({ id: idSchema, code: z.string(), name: z.string(), group: z.string() });
export const observationEntrySchema = z.object({
  _id: idSchema,
  id: idSchema,
  student_id: idSchema,
  student_name: z.string(),
  class_id: idSchema,
  date: ddmmyyyySchema,
  title: z.string(),
  general_note: z.string(),
  type_of_anecdote: z.string(),
  type: observationTypeSchema,
  report_title: z.string().nullable(),
  visibility: observationVisibilitySchema,
  learning_areas: z.array(learningAreaSchema),
  /** Tagged statements by framework, area code and statement code (archived ones keep their wording). */
  statements: z.array(statementRefSchema),
  media: z.array(z.object({ media_link: z.string(), kind: z.string() })),
  created_by: z.object({ id: idSchema, first_name: z.string(), last_name: z.string() }),
  created_at: z.string(),
  is_saved: z.boolean(),
  /** What the caller may do with it: staff of its class edit and delete it; parents only read. */
  abilities: abilitiesSchema('can_edit', 'can_delete'),
});
export type ObservationEntry = z.infer<typeof observationEntrySchema>;
export const observationListQuerySchema = z.object({
  type: observationTypeSchema.optional(),
  date: ddmmyyyySchema.optional(),
  student_id: idSchema.optional(),
  class_id: idSchema.optional(),
  search: z.string().trim().max(200).optional(),
  report_title: z.string().trim().max(200).optional(),
  /** Only observations tagged with this statement. */
  statement_id: idSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  cursor: cursorSchema.optional(),
});

/** One learning area of the child's curriculum with how much evidence there is for it. */
export const coverageRowSchema = learningAreaSchema.extend({
  observations: z.number().int(),
  last_date: ddmmyyyySchema.nullable(),
});
export type CoverageRow = z.infer<typeof coverageRowSchema>;
