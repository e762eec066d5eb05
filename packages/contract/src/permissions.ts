/**
 * The permission registry (spec sections 3 and 6): every role permission and school permission by
 * name. Roles are sets of role permission names; schools switch school permissions on or off.
 */
export const ROLE_PERMISSIONS = {
  admin_portal: [
    'admin_portal.school_details',
    'admin_portal.dashboard',
    'admin_portal.school_division',
    'admin_portal.classes',
    'admin_portal.staff',
    'admin_portal.students',
    'admin_portal.permissions',
    'admin_portal.reports',
    'admin_portal.medical_records',
  ],
  super_admin: [
    'super_admin.manage_platform_org_schools',
    'super_admin.access_new_modules',
    'super_admin.access_usage_report',
    'super_admin.access_token_permission',
  ],
  daily_communication: [
    'daily_communication.announcements',
    'daily_communication.homework',
    'daily_communication.access_others_announcement',
    'daily_communication.story_tag_management',
    'daily_communication.story_approval',
    'daily_communication.chat_safeguarding',
    'daily_communication.incident_review',
  ],
  academic_setup: [
    'academic_setup.resource_management',
    'academic_setup.story_tag_management',
    'academic_setup.email_template_management',
    'academic_setup.curriculum',
    'academic_setup.day_schedule',
    'academic_setup.ai_configuration',
    'academic_setup.assessment_management',
  ],
  management: ['management.admission', 'management.hiring', 'management.fee', 'management.leave', 'management.staff_attendance'],
} as const;

export type RolePermission = (typeof ROLE_PERMISSIONS)[keyof typeof ROLE_PERMISSIONS][number];
export const ALL_ROLE_PERMISSIONS: readonly RolePermission[] = Object.values(ROLE_PERMISSIONS).flat();
const ROLE_PERMISSION_SET: ReadonlySet<string> = new Set(ALL_ROLE_PERMISSIONS);
/** Whether a stored or received name is a role permission of the registry. */
export const isRolePermission = (name: string): name is RolePermission => ROLE_PERMISSION_SET.has(name);

export const SCHOOL_PERMISSIONS = [
  'portfolio.enabled',
  'report.enabled',
  'attendance.enabled',
  'cue_chat.enabled',
  'term_planning',
  'hpc',
  'anecdote',
  'grade_book',
  'feedback',
  'reflection',
  'media',
  'journal',
  'story',
  'chat',
  'daycare',
  'library_management',
  'entry_dispersal',
  'admission_management',
  'hiring',
  'fees',
  'leave_management',
  'staff_attendance',
  'school_permissions',
  'ai_prompt',
  'reports',
] as const;
export type SchoolPermission = (typeof SCHOOL_PERMISSIONS)[number];
const SCHOOL_PERMISSION_SET: ReadonlySet<string> = new Set(SCHOOL_PERMISSIONS);
/** Whether a stored or received name is a school permission of the registry. */
export const isSchoolPermission = (name: string): name is SchoolPermission => SCHOOL_PERMISSION_SET.has(name);

/** Default role sets. An admin holds every permission but the platform-wide super_admin ones. */
export const DEFAULT_ROLE_SETS = {
  superAdmin: ALL_ROLE_PERMISSIONS,
  admin: ALL_ROLE_PERMISSIONS.filter((p) => !p.startsWith('super_admin.')),
  teacher: ['daily_communication.announcements', 'daily_communication.homework'] as RolePermission[],
} as const;
/** The names a school's default roles are created with (stored in English; the web app shows them in the reader's language). */
export const DEFAULT_ROLE_NAMES: Record<keyof typeof DEFAULT_ROLE_SETS, string> = {
  superAdmin: 'Super Admin',
  admin: 'Admin',
  teacher: 'Teacher',
};
