import type { RolePermission, SchoolPermission } from './permissions.js';
import { can } from './route-def.js';

/**
 * The app's menus (spec section 2): every entry with its path and what it needs. An entry shows only
 * when its school feature and role permission are on; `can()` decides, the same rule the server's
 * guard applies. `built: false` entries open a "coming soon" page inside the shell.
 */
export interface MenuItem {
  key: string;
  path: string;
  /** Of a list, any one of them. */
  permission?: RolePermission | readonly RolePermission[];
  feature?: SchoolPermission;
  /** Shown when any one of these features is on. */
  anyFeature?: SchoolPermission[];
  /** Staff only (parents never see it). */
  staffOnly?: boolean;
  built?: boolean;
  children?: MenuItem[];
}

export type MenuSection =
  | 'planning'
  | 'assessment'
  | 'communication'
  | 'housekeeping'
  | 'schoolSetup'
  | 'academicSetup'
  | 'managementSetup'
  | 'leavePortal'
  | 'timetable';

const leaf = (section: string, key: string, need: Omit<MenuItem, 'key' | 'path'> = {}): MenuItem => ({
  key: `${section}.${key}`,
  path: `/${section}/${key}`,
  ...need,
});
const admin = (area: string, key: string, need: Omit<MenuItem, 'key' | 'path'> = {}): MenuItem => ({
  key: `${area}.${key}`,
  path: `/admin/${area}/${key}`,
  ...need,
});

export const MENUS: Record<MenuSection, MenuItem[]> = {
  planning: [
    leaf('planning', 'unit-planning', { staffOnly: true }),
    leaf('planning', 'weekly-planning', { staffOnly: true }),
    leaf('planning', 'unit-library', { staffOnly: true }),
    leaf('planning', 'resource-library', { staffOnly: true }),
    leaf('planning', 'term-planning', { feature: 'term_planning', staffOnly: true }),
    leaf('planning', 'planning-insights', { staffOnly: true }),
  ],
  assessment: [
    {
      ...leaf('assessment', 'hpc', { feature: 'hpc' }),
      children: ['student-list', 'progress-summary', 'all-student-summary'].map((k) =>
        leaf('assessment/hpc', k, { feature: 'hpc' }),
      ),
    },
    {
      ...leaf('assessment', 'observation', { feature: 'anecdote' }),
      children: [
        { key: 'assessment.observation.daily', path: '/assessment/observation?type=daily', feature: 'anecdote' },
        { key: 'assessment.observation.report_card', path: '/assessment/observation?type=report_card', feature: 'anecdote' },
      ],
    },
    leaf('assessment', 'gradebook', { feature: 'grade_book' }),
    {
      ...leaf('assessment', 'feedback', { feature: 'feedback' }),
      children: ['parent', 'peer', 'self'].map((k) => leaf('assessment/feedback', k, { feature: 'feedback' })),
    },
    leaf('assessment', 'portfolio', { feature: 'portfolio.enabled' }),
    leaf('assessment', 'report-card', { feature: 'report.enabled' }),
    leaf('assessment', 'reflections', { feature: 'reflection' }),
  ],
  communication: [
    leaf('communication', 'media', { feature: 'media' }),
    leaf('communication', 'journal', { feature: 'journal' }),
    leaf('communication', 'stories', { feature: 'story' }),
    { key: 'communication.all-stories', path: '/all-stories', feature: 'story' },
    leaf('communication', 'announcements', { permission: 'daily_communication.announcements', staffOnly: true }),
    leaf('communication', 'homeworks', { permission: 'daily_communication.homework', staffOnly: true }),
    leaf('communication', 'chat', { feature: 'chat' }),
    leaf('communication', 'carelog', { feature: 'daycare' }),
  ],
  housekeeping: [
    leaf('housekeeping', 'attendance', { feature: 'attendance.enabled' }),
    leaf('housekeeping', 'attendance-dashboard', { feature: 'attendance.enabled' }),
    leaf('housekeeping', 'calendar'),
    {
      ...leaf('housekeeping', 'library', { feature: 'library_management' }),
      children: ['student-wise', 'book-wise'].map((k) => leaf('housekeeping/library', k, { feature: 'library_management' })),
    },
    leaf('housekeeping', 'entry-dispersal', { feature: 'entry_dispersal' }),
  ],
  schoolSetup: [
    admin('school-setup', 'school-details', { permission: 'admin_portal.school_details', built: true }),
    admin('school-setup', 'dashboard', { permission: 'admin_portal.dashboard', built: true }),
    admin('school-setup', 'school-division', { permission: 'admin_portal.school_division', built: true }),
    admin('school-setup', 'classes', { permission: 'admin_portal.classes', built: true }),
    admin('school-setup', 'staff', { permission: 'admin_portal.staff', built: true }),
    admin('school-setup', 'students', { permission: 'admin_portal.students', built: true }),
    {
      ...admin('school-setup', 'permissions', { permission: 'admin_portal.permissions', built: true }),
      children: [
        admin('school-setup', 'permissions/roles', { permission: 'admin_portal.permissions', built: true }),
        admin('school-setup', 'permissions/settings', {
          permission: 'admin_portal.permissions',
          feature: 'school_permissions',
          built: true,
        }),
        // Who changed what and when (issue 30): for those who manage permissions.
        admin('school-setup', 'permissions/audit-log', { permission: 'admin_portal.permissions', built: true }),
      ],
    },
    admin('school-setup', 'usage', { permission: 'super_admin.access_usage_report', built: true }),
    admin('school-setup', 'access-tokens', { permission: 'super_admin.access_token_permission', built: true }),
    admin('school-setup', 'reports', { permission: 'admin_portal.reports', feature: 'reports', built: true }),
  ],
  academicSetup: [
    admin('academic-setup', 'resources', { permission: 'academic_setup.resource_management' }),
    {
      ...admin('academic-setup', 'ai', { permission: 'academic_setup.ai_configuration', feature: 'ai_prompt' }),
      children: ['ask', 'ai-blocks', 'access-points'].map((k) =>
        admin('academic-setup', `ai/${k}`, { permission: 'academic_setup.ai_configuration', feature: 'ai_prompt' }),
      ),
    },
    admin('academic-setup', 'day-schedule', { permission: 'academic_setup.day_schedule' }),
    admin('academic-setup', 'story-tags', {
      permission: ['academic_setup.story_tag_management', 'daily_communication.story_tag_management'],
      feature: 'story',
      built: true,
    }),
    admin('academic-setup', 'curriculum', { permission: 'academic_setup.curriculum' }),
    admin('academic-setup', 'library-management', {
      permission: 'academic_setup.resource_management',
      feature: 'library_management',
    }),
    admin('academic-setup', 'email-templates', { permission: 'academic_setup.email_template_management' }),
  ],
  managementSetup: [
    admin('management-setup', 'admissions', { permission: 'management.admission', feature: 'admission_management' }),
    admin('management-setup', 'hiring', { permission: 'management.hiring', feature: 'hiring' }),
    {
      ...admin('management-setup', 'fee', { permission: 'management.fee', feature: 'fees' }),
      children: ['structure', 'collection', 'reports'].map((k) =>
        admin('management-setup', `fee/${k}`, { permission: 'management.fee', feature: 'fees' }),
      ),
    },
  ],
  leavePortal: [
    // A member's own leave and, where the school has staff attendance, their check-in and kiosk code.
    admin('leave-portal', 'myleave', { anyFeature: ['leave_management', 'staff_attendance'] }),
    admin('leave-portal', 'staff-calendar', { permission: 'management.leave', feature: 'leave_management' }),
    admin('leave-portal', 'attendance', { permission: 'management.staff_attendance', feature: 'staff_attendance' }),
    admin('leave-portal', 'leave-requests', { permission: 'management.leave', feature: 'leave_management' }),
    admin('leave-portal', 'school-policy', { permission: 'management.leave', feature: 'leave_management' }),
  ],
  timetable: [
    admin('timetable', 'teacher-subject-constraint', { permission: 'academic_setup.day_schedule', built: true }),
    admin('timetable', 'subject-mapping', { permission: 'academic_setup.day_schedule', built: true }),
    admin('timetable', 'timetable-outlines', { permission: 'academic_setup.day_schedule', built: true }),
    admin('timetable', 'room-allocation', { permission: 'academic_setup.day_schedule', built: true }),
  ],
};

export interface HeldPermissions {
  rolePermissions: ReadonlySet<RolePermission> | readonly RolePermission[];
  schoolPermissions: ReadonlySet<SchoolPermission> | readonly SchoolPermission[];
}

export function canSee(item: MenuItem, held: HeldPermissions): boolean {
  const schoolSet = new Set<SchoolPermission>(held.schoolPermissions);
  if (item.anyFeature && !item.anyFeature.some((f) => schoolSet.has(f))) return false;
  return can(item, held);
}

/** The entries of a section the caller may see, children filtered the same way. */
export function visibleMenu(section: MenuSection, held: HeldPermissions): MenuItem[] {
  return MENUS[section]
    .filter((item) => canSee(item, held))
    .map((item) => (item.children ? { ...item, children: item.children.filter((c) => canSee(c, held)) } : item));
}

/** Top tabs (spec sections 2 and 6): plan, communicate, assess when portfolio or report is on, admin when an admin area has entries. */
export function visibleTabs(held: HeldPermissions): ('plan' | 'communicate' | 'assess' | 'admin')[] {
  const schoolSet = new Set<SchoolPermission>(held.schoolPermissions);
  const tabs: ('plan' | 'communicate' | 'assess' | 'admin')[] = ['plan', 'communicate'];
  if (schoolSet.has('portfolio.enabled') || schoolSet.has('report.enabled')) tabs.push('assess');
  if (ADMIN_AREAS.some((area) => visibleMenu(area, held).length > 0)) tabs.push('admin');
  return tabs;
}

export const ADMIN_AREAS: MenuSection[] = ['schoolSetup', 'academicSetup', 'managementSetup', 'leavePortal', 'timetable'];

/** The attendance link goes to the calendar when attendance is off (spec section 6). */
export const attendanceLink = (held: HeldPermissions): string =>
  new Set(held.schoolPermissions).has('attendance.enabled') ? '/housekeeping/attendance' : '/housekeeping/calendar';
