import { z } from 'zod';
import { idSchema } from './common.js';
import { PHONE_LENGTH } from './constants.js';
import { ALL_ROLE_PERMISSIONS, type RolePermission, SCHOOL_PERMISSIONS, type SchoolPermission } from './permissions.js';
import { editorDirectionSchema } from './school.js';

const trimmed = (max: number) => z.string().trim().min(1).max(max);
const optionalPhone = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${PHONE_LENGTH}}$`), `Phone number must be ${PHONE_LENGTH} digits`)
  .optional()
  .or(z.literal('').transform(() => undefined));
const optionalEmail = z
  .string()
  .trim()
  .email('Enter a valid email')
  .optional()
  .or(z.literal('').transform(() => undefined));
/** 'DD-MM-YYYY' */
export const ddmmyyyySchema = z.string().regex(/^\d{2}-\d{2}-\d{4}$/, 'Use the format DD-MM-YYYY');
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the 24-hour format HH:MM');
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

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
  name: trimmed(120).optional(),
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
  /** Today's attendance: null until attendance is recorded (attendance module). */
  attendance_today: z.object({ present: z.number().int(), marked: z.number().int(), rate: z.number().nullable() }),
});

// Divisions
export const divisionSchema = z.object({ id: idSchema, name: z.string(), class_count: z.number().int() });
export const divisionRequestSchema = z.object({ name: trimmed(80) });

// Classes
export const classRequestSchema = z
  .object({
    class_name: trimmed(100),
    academic_year_start: ddmmyyyySchema.optional(),
    academic_year_end: ddmmyyyySchema.optional(),
    age_range: z.string().trim().max(40).default(''),
    classes_days: z.array(z.enum(WEEKDAYS)).default(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']),
    curriculam: z.string().trim().max(120).optional(),
    class_curriculum: idSchema.optional(),
    start_time: hhmm.optional(),
    end_time: hhmm.optional(),
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
  class_name: trimmed(100).optional(),
  academic_year_start: ddmmyyyySchema.nullable().optional(),
  academic_year_end: ddmmyyyySchema.nullable().optional(),
  age_range: z.string().trim().max(40).optional(),
  classes_days: z.array(z.enum(WEEKDAYS)).optional(),
  curriculam: z.string().trim().max(120).nullable().optional(),
  start_time: hhmm.nullable().optional(),
  end_time: hhmm.nullable().optional(),
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
/** Class entity of spec section 3, as `GET /api/classes/{id}` answers it in `my_class`. */
export const classDetailSchema = z.object({
  id: idSchema,
  _id: idSchema,
  class_name: z.string(),
  academic_year: z.string(),
  age_range: z.string(),
  classes_days: z.array(z.string()),
  curriculam: z.string().nullable(),
  class_curriculum: idSchema.nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  school_info: z.object({ id: idSchema, name: z.string() }),
  color: z.string(),
  division: z.object({ id: idSchema, name: z.string() }).nullable(),
  archived: z.boolean(),
  student_list: z.array(personRefSchema),
  staff_list: z.array(personRefSchema.extend({ role: z.string() })),
});
export type ClassDetail = z.infer<typeof classDetailSchema>;

// Staff
export const staffMemberSchema = z.object({
  id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  role: z.object({ id: idSchema, name: z.string() }),
  classes: z.array(z.object({ id: idSchema, class_name: z.string() })),
  staff_profile_picture: z.string().nullable(),
  /**
   * active: a member of the school; invited: a person who already has an account was invited and has
   * not accepted yet (the id is then the invitation's, and the fields are what the school typed).
   */
  status: z.enum(['active', 'invited']),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffRequestSchema = z
  .object({
    first_name: trimmed(60),
    last_name: z.string().trim().max(60).default(''),
    phone: optionalPhone,
    email: optionalEmail,
    role_id: idSchema,
    class_ids: z.array(idSchema).default([]),
  })
  .refine((s) => s.phone || s.email, { message: 'Give a phone number or an email to sign in with', path: ['phone'] });
export const staffUpdateRequestSchema = z.object({
  first_name: trimmed(60).optional(),
  last_name: z.string().trim().max(60).optional(),
  role_id: idSchema.optional(),
  class_ids: z.array(idSchema).optional(),
});
/** An invitation to join a school's staff, as the invited person sees it. */
export const staffInvitationSchema = z.object({
  id: idSchema,
  school: z.object({ id: idSchema, name: z.string() }),
  role: z.string(),
  invited_by: z.string(),
  created_at: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;
export const addStaffToClassesRequestSchema = z.object({
  staff_ids: z.array(idSchema).optional(),
  class_ids: z.array(idSchema).optional(),
});

// Students and parents
export const parentRefSchema = z.object({
  id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  primary_phone: z.string().nullable(),
  primary_email: z.string().nullable(),
  relation: z.string(),
});
export const studentSchema = z.object({
  id: idSchema,
  _id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  student_profile_picture: z.string().nullable(),
  student_class: z.array(z.object({ class_id: idSchema, class_name: z.string() })),
  parents: z.array(parentRefSchema),
});
export type Student = z.infer<typeof studentSchema>;
export const studentRequestSchema = z.object({
  first_name: trimmed(60),
  last_name: z.string().trim().max(60).default(''),
  class_id: idSchema,
});
export const studentUpdateRequestSchema = z.object({
  first_name: trimmed(60).optional(),
  last_name: z.string().trim().max(60).optional(),
  /** Moves the student to this class (out of the school's other classes). */
  class_id: idSchema.optional(),
});
export const linkParentRequestSchema = z
  .object({
    first_name: trimmed(60),
    last_name: z.string().trim().max(60).default(''),
    phone: optionalPhone,
    email: optionalEmail,
    relation: z.string().trim().max(30).default('parent'),
  })
  .refine((p) => p.phone || p.email, { message: 'Give a phone number or an email to sign in with', path: ['phone'] });
export const listQuerySchema = z.object({
  class_id: idSchema.optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});

// Roles and school permissions
export const rolePermissionSchema = z.enum(ALL_ROLE_PERMISSIONS as [RolePermission, ...RolePermission[]]);
export const schoolPermissionSchema = z.enum(SCHOOL_PERMISSIONS as unknown as [SchoolPermission, ...SchoolPermission[]]);
export const roleSchema = z.object({
  id: idSchema,
  name: z.string(),
  permissions: z.array(z.string()),
  is_admin: z.boolean(),
  member_count: z.number().int(),
});
export const roleRequestSchema = z.object({
  name: trimmed(60),
  permissions: z.array(rolePermissionSchema).default([]),
  is_admin: z.boolean().default(false),
});
export const roleUpdateRequestSchema = z.object({
  name: trimmed(60).optional(),
  permissions: z.array(rolePermissionSchema).optional(),
  is_admin: z.boolean().optional(),
});
export const schoolPermissionsSchema = z.record(z.string(), z.boolean());
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

// Import
export const importKindSchema = z.enum(['students', 'staff']);
export type ImportKind = z.infer<typeof importKindSchema>;
export const importRowProblemSchema = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export const importPreviewSchema = z.object({
  kind: importKindSchema,
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  problems: z.array(importRowProblemSchema),
  rows: z.array(z.record(z.string(), z.string())),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export const IMPORT_COLUMNS: Record<ImportKind, readonly string[]> = {
  students: [
    'first_name',
    'last_name',
    'class_name',
    'parent_first_name',
    'parent_last_name',
    'parent_phone',
    'parent_email',
    'parent_relation',
  ],
  staff: ['first_name', 'last_name', 'phone', 'email', 'role', 'class_names'],
};
export const IMPORT_MAX_ROWS = 5000;
