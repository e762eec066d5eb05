import { z } from 'zod';
import { idSchema } from '../common.js';
import { editorDirectionSchema, schoolDetailsSchema } from '../school/schemas.js';

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

export const staffUserDetailsSchema = z.object({
  _id: idSchema,
  id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  staff_profile_picture: z.string().nullable(),
  school_details: schoolDetailsSchema,
});
export type StaffUserDetails = z.infer<typeof staffUserDetailsSchema>;

export const parentUserDetailsSchema = z.object({
  _id: idSchema,
  id: idSchema,
  parent_id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  primary_email: z.string().nullable(),
  primary_phone: z.string().nullable(),
  parent_profile_picture: z.string().nullable(),
  current_child: idSchema.nullable(),
  child_list: z.array(childSchema),
});
export type ParentUserDetails = z.infer<typeof parentUserDetailsSchema>;

// POST /api/parent_child_switch/
export const parentChildSwitchRequestSchema = z.object({ child_id: idSchema });

/** Profile pictures: multipart uploads of one image file. */
export const PROFILE_PICTURE_MAX_BYTES = 10 * 1024 * 1024;
export const PROFILE_PICTURE_SIZE_PX = 512;
