import { z } from 'zod';
import { idSchema, requiredText } from '../common.js';
import { rolePermissionSchema, schoolPermissionSchema } from '../permission-schemas.js';

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

// School details
export const schoolInfoSchema = z.object({
  id: idSchema,
  name: z.string(),
  logo: z.string().nullable(),
  editor_direction: editorDirectionSchema,
  time_zone: z.string(),
  organization: z.object({ id: idSchema, name: z.string() }),
});
export type SchoolInfo = z.infer<typeof schoolInfoSchema>;
export const updateSchoolRequestSchema = z.object({
  name: requiredText(120).optional(),
  editor_direction: editorDirectionSchema.optional(),
  time_zone: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'Unknown time zone')
    .optional(),
});

export const schoolDashboardSchema = z.object({
  classes: z.number().int(),
  students: z.number().int(),
  staff: z.number().int(),
  parents: z.number().int(),
  /**
   * Today's attendance over the school's classes that meet today: children present (or late) of those
   * marked, the rate, and how many classes are complete, marked but open, or not marked yet (named).
   */
  attendance_today: z.object({
    present: z.number().int(),
    marked: z.number().int(),
    rate: z.number().nullable(),
    classes: z.number().int(),
    complete: z.number().int(),
    unmarked_classes: z.array(z.object({ id: idSchema, class_name: z.string() })),
  }),
});

// Divisions
export const divisionSchema = z.object({ id: idSchema, name: z.string(), class_count: z.number().int() });
export const divisionRequestSchema = z.object({ name: requiredText(80) });

// School permissions
/** Every school permission, on or off. */
export const schoolPermissionsSchema = z.record(schoolPermissionSchema, z.boolean());
/** What the signed-in staff member holds in their school (GET /api/user_permissions/). */
export const userPermissionsSchema = z.object({
  role_permissions: z.array(rolePermissionSchema),
  school_permissions: z.array(schoolPermissionSchema),
});
export const updateSchoolPermissionsRequestSchema = z.object({
  permissions: z.partialRecord(schoolPermissionSchema, z.boolean()),
});

// Switching schools
export const campusSchema = z.object({
  id: idSchema,
  name: z.string(),
  editor_direction: editorDirectionSchema,
  organization: z.object({ id: idSchema, name: z.string() }),
  current: z.boolean(),
});
export const organizationSchema = z.object({
  id: idSchema,
  name: z.string(),
  schools: z.array(z.object({ id: idSchema, name: z.string() })),
});
export const switchSchoolRequestSchema = z.object({ school_id: idSchema });

// Usage
export const usageRowSchema = z.object({
  user: z.object({ id: idSchema, first_name: z.string(), last_name: z.string() }),
  action: z.string(),
  count: z.number().int(),
  last_at: z.string(),
});
