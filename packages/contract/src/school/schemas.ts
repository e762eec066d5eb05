import { z } from 'zod';
import { idSchema } from './common.js';

export const editorDirectionSchema = z.enum(['l2r', 'r2l']);
export type EditorDirection = z.infer<typeof editorDirectionSchema>;

/** The school a staff member is working in (spec section 3, user details school_details). */
export const schoolDetailsSchema = z.object({
  id: idSchema,
  _id: idSchema,
  name: z.string(),
  editor_direction: editorDirectionSchema,
  admin: z.boolean(),
  super_admin: z.boolean(),
});
export type SchoolDetails = z.infer<typeof schoolDetailsSchema>;

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

export const studentClassSchema = z.object({
  class_id: idSchema,
  class_name: z.string(),
  school_details: z.object({ id: idSchema, name: z.string(), editor_direction: editorDirectionSchema }),
});

/** A child as a parent sees it (spec section 3, Child). */
export const childSchema = z.object({
  id: idSchema,
  _id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  student_class: z.array(studentClassSchema),
  student_profile_picture: z.string().nullable(),
});
export type Child = z.infer<typeof childSchema>;

export const staffClassesResponseSchema = z.object({ result: z.array(classSummarySchema) });
export type StaffClassesResponse = z.infer<typeof staffClassesResponseSchema>;
