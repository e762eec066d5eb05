import { z } from 'zod';
import { ddmmyyyySchema, hhmmSchema, idSchema, requiredText } from '../common.js';
import { editorDirectionSchema } from '../school/schemas.js';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** A class as the lists of this issue show it (spec section 3, Class). */
export const classSummarySchema = z.object({
  id: idSchema,
  _id: idSchema,
  class_name: z.string(),
  academic_year: z.string(),
  age_range: z.string(),
  color: z.string(),
  school_info: z.object({ id: idSchema, name: z.string() }),
  student_count: z.number().int(),
});
export type ClassSummary = z.infer<typeof classSummarySchema>;

// Classes
export const classRequestSchema = z
  .object({
    class_name: requiredText(100),
    academic_year_start: ddmmyyyySchema.optional(),
    academic_year_end: ddmmyyyySchema.optional(),
    age_range: z.string().trim().max(40).default(''),
    classes_days: z.array(z.enum(WEEKDAYS)).default(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']),
    curriculam: z.string().trim().max(120).optional(),
    class_curriculum: idSchema.optional(),
    start_time: hhmmSchema.optional(),
    end_time: hhmmSchema.optional(),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #4c6ef5')
      .default('#4c6ef5'),
    division_id: idSchema.nullable().optional(),
  })
  .refine((c) => !c.academic_year_start === !c.academic_year_end, {
    message: 'Give both the start and the end of the academic year',
    path: ['academic_year_end'],
  });
export const classUpdateRequestSchema = z.object({
  class_name: requiredText(100).optional(),
  academic_year_start: ddmmyyyySchema.nullable().optional(),
  academic_year_end: ddmmyyyySchema.nullable().optional(),
  age_range: z.string().trim().max(40).optional(),
  classes_days: z.array(z.enum(WEEKDAYS)).optional(),
  curriculam: z.string().trim().max(120).nullable().optional(),
  start_time: hhmmSchema.nullable().optional(),
  end_time: hhmmSchema.nullable().optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  division_id: idSchema.nullable().optional(),
  archived: z.boolean().optional(),
});

export const personRefSchema = z.object({
  id: idSchema,
  _id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  profile_picture: z.string().nullable(),
});
/** Class entity of spec section 3, as `GET /api/classes/{id}` answers it in `my_class`: the summary and every field. */
export const classDetailSchema = classSummarySchema.extend({
  classes_days: z.array(z.string()),
  curriculam: z.string().nullable(),
  class_curriculum: idSchema.nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  division: z.object({ id: idSchema, name: z.string() }).nullable(),
  archived: z.boolean(),
  student_list: z.array(personRefSchema),
  staff_list: z.array(personRefSchema.extend({ role: z.string() })),
});
export type ClassDetail = z.infer<typeof classDetailSchema>;

export const addStaffToClassesRequestSchema = z.object({
  staff_ids: z.array(idSchema).optional(),
  class_ids: z.array(idSchema).optional(),
});

/** GET /api/classes/ rows: a class summary with its archive state and division name. */
export const classListItemSchema = classSummarySchema.extend({ archived: z.boolean(), division: z.string().nullable() });
export type ClassListItem = z.infer<typeof classListItemSchema>;

/** A school of the staff member with the classes they may pick (the class selector). */
export const schoolClassesSchema = z.object({
  school_details: z.object({
    id: idSchema,
    name: z.string(),
    editor_direction: editorDirectionSchema,
    organization: z.object({ id: idSchema, name: z.string() }),
  }),
  current: z.boolean(),
  classes: z.array(classSummarySchema),
});
export type SchoolClasses = z.infer<typeof schoolClassesSchema>;

export const staffClassesResponseSchema = z.object({ result: z.array(classSummarySchema) });
export type StaffClassesResponse = z.infer<typeof staffClassesResponseSchema>;
