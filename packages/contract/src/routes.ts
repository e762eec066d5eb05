/**
 * The API's route table: every call the server answers under /api, who may make it, and whether it
 * touches one school's data. Tests walk this table (401 without a token, other-school isolation), so a
 * route added to the server and not here fails the route-table test.
 */
export const API_BASE = '/api';

import type { RolePermission, SchoolPermission } from './permissions.js';

/**
 * public: no token; any: staff or parent access token; staff/parent: that kind of token only;
 * refresh: a refresh token as the bearer token.
 */
export type RouteAccess = 'public' | 'any' | 'staff' | 'parent' | 'refresh';

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: RouteAccess;
  /** Role permission the caller's membership must hold (staff routes). */
  permission?: RolePermission;
  /** School permission (feature) that must be switched on for the caller's school. */
  feature?: SchoolPermission;
  /**
   * false: a temporary access token is refused (403 TEMP_TOKEN_NOT_ALLOWED). Set on every route that
   * mints or extends tokens or sessions, leaves the token's school, or ends the account it acts for.
   */
  allowTemp?: false;
  /** What the path's :id names; the tenant-isolation test uses it to aim at another school's object. */
  resource?:
    | 'class'
    | 'student'
    | 'staff'
    | 'parent'
    | 'role'
    | 'division'
    | 'access_token'
    | 'class_or_staff'
    | 'school'
    | 'event'
    | 'announcement'
    | 'homework'
    | 'observation'
    | 'conversation'
    | 'tool_call'
    | 'invitation';
}

/** Whether a caller holding these permissions may use a route or a menu entry (one rule for server and UI). */
export function can(
  need: { permission?: RolePermission; feature?: SchoolPermission },
  held: { rolePermissions: ReadonlySet<string> | readonly string[]; schoolPermissions: ReadonlySet<string> | readonly string[] },
): boolean {
  const has = (set: ReadonlySet<string> | readonly string[], name: string) =>
    'has' in set ? set.has(name) : (set as readonly string[]).includes(name);
  return (
    (!need.permission || has(held.rolePermissions, need.permission)) &&
    (!need.feature || has(held.schoolPermissions, need.feature))
  );
}

export const ROUTES = {
  health: { method: 'GET', path: '/api/health', access: 'public' },
  phoneLoginEnabling: { method: 'GET', path: '/api/phone_login_enabling/', access: 'public' },
  checkPhoneExists: { method: 'POST', path: '/api/check_phone_exists/', access: 'public' },
  otpSend: { method: 'POST', path: '/api/otp/send', access: 'public' },
  otpRetry: { method: 'POST', path: '/api/otp/retry', access: 'public' },
  otpVerify: { method: 'POST', path: '/api/otp/verify', access: 'public' },
  phoneVerification: { method: 'POST', path: '/api/logged_in_user_phone_verification/', access: 'public' },
  loginedUserDetails: { method: 'GET', path: '/api/logined_user_details', access: 'any' },
  logout: { method: 'POST', path: '/api/logout/', access: 'any' },
  staffClasses: { method: 'GET', path: '/api/staff_classes/', access: 'staff' },
  /** The first page after sign-in: the staff or the parent side, by the token (contract: dashboard.ts). */
  dashboard: { method: 'GET', path: '/api/dashboard/', access: 'any' },
  googleLogin: { method: 'GET', path: '/api/google_login/', access: 'public' },
  googleLoginV2: { method: 'POST', path: '/api/google_login_v2/', access: 'public' },
  microsoftLogin: { method: 'GET', path: '/api/microsoft_login/', access: 'public' },
  microsoftLoginVerify: { method: 'POST', path: '/api/microsoft_login_verify/', access: 'public' },
  accessTokenActive: { method: 'GET', path: '/api/access_token_active/', access: 'refresh' },
  renewRefreshToken: { method: 'GET', path: '/api/renew_refresh_token/', access: 'refresh' },
  loginedUserDetailsV2: { method: 'POST', path: '/api/logined_user_details_v2/', access: 'any', allowTemp: false },
  parentChildSwitch: { method: 'POST', path: '/api/parent_child_switch/', access: 'parent' },
  parentUpdateSelf: { method: 'POST', path: '/api/parent/', access: 'parent' },
  parentUpdate: { method: 'POST', path: '/api/parent/:id', access: 'parent', resource: 'parent' },
  staffProfilePicture: { method: 'POST', path: '/api/staff_profile_picture/', access: 'staff' },
  studentProfilePicture: { method: 'POST', path: '/api/student_profile_picture/:id', access: 'any', resource: 'student' },
  deleteUserProfile: { method: 'DELETE', path: '/api/delete_user_profile/', access: 'any', allowTemp: false },
  listAccessTokens: {
    method: 'GET',
    path: '/api/access_tokens/',
    access: 'staff',
    permission: 'super_admin.access_token_permission',
  },
  createAccessToken: {
    method: 'POST',
    path: '/api/access_tokens/',
    access: 'staff',
    permission: 'super_admin.access_token_permission',
    allowTemp: false,
  },
  revokeAccessToken: {
    method: 'DELETE',
    path: '/api/access_tokens/:id',
    access: 'staff',
    permission: 'super_admin.access_token_permission',
    resource: 'access_token',
  },

  // School core: classes, people, roles, school setup.
  classDetail: { method: 'GET', path: '/api/classes/:id', access: 'staff', resource: 'class' },
  userSchoolsClasses: { method: 'GET', path: '/api/user_schools_classes/', access: 'staff' },
  addStaffToClasses: {
    method: 'POST',
    path: '/api/add_staff_to_classes/:id',
    access: 'staff',
    permission: 'admin_portal.classes',
    resource: 'class_or_staff',
  },
  fetchClassesUsers: { method: 'GET', path: '/api/fetch_classes_users/', access: 'staff' },
  studentDetail: { method: 'GET', path: '/api/student/:id', access: 'any', resource: 'student' },
  studentList: { method: 'GET', path: '/api/student/', access: 'staff' },
  studentCreate: { method: 'POST', path: '/api/student/', access: 'staff', permission: 'admin_portal.students' },
  studentUpdate: {
    method: 'PUT',
    path: '/api/student/:id',
    access: 'staff',
    permission: 'admin_portal.students',
    resource: 'student',
  },
  studentLinkParent: {
    method: 'POST',
    path: '/api/student/:id/parents',
    access: 'staff',
    permission: 'admin_portal.students',
    resource: 'student',
  },
  schoolInfo: { method: 'GET', path: '/api/school/', access: 'staff' },
  schoolUpdate: { method: 'PUT', path: '/api/school/', access: 'staff', permission: 'admin_portal.school_details' },
  schoolLogo: { method: 'POST', path: '/api/school/logo', access: 'staff', permission: 'admin_portal.school_details' },
  schoolDashboard: { method: 'GET', path: '/api/school/dashboard/', access: 'staff', permission: 'admin_portal.dashboard' },
  divisionList: { method: 'GET', path: '/api/divisions/', access: 'staff' },
  divisionCreate: { method: 'POST', path: '/api/divisions/', access: 'staff', permission: 'admin_portal.school_division' },
  divisionUpdate: {
    method: 'PUT',
    path: '/api/divisions/:id',
    access: 'staff',
    permission: 'admin_portal.school_division',
    resource: 'division',
  },
  divisionDelete: {
    method: 'DELETE',
    path: '/api/divisions/:id',
    access: 'staff',
    permission: 'admin_portal.school_division',
    resource: 'division',
  },
  classList: { method: 'GET', path: '/api/classes/', access: 'staff', permission: 'admin_portal.classes' },
  classCreate: { method: 'POST', path: '/api/classes/', access: 'staff', permission: 'admin_portal.classes' },
  classUpdate: {
    method: 'PUT',
    path: '/api/classes/:id',
    access: 'staff',
    permission: 'admin_portal.classes',
    resource: 'class',
  },
  staffList: { method: 'GET', path: '/api/staff/', access: 'staff', permission: 'admin_portal.staff' },
  staffCreate: { method: 'POST', path: '/api/staff/', access: 'staff', permission: 'admin_portal.staff' },
  staffUpdate: { method: 'PUT', path: '/api/staff/:id', access: 'staff', permission: 'admin_portal.staff', resource: 'staff' },
  staffRemove: { method: 'DELETE', path: '/api/staff/:id', access: 'staff', permission: 'admin_portal.staff', resource: 'staff' },
  /** The caller's own open invitations to join a school's staff (staff or parent account). */
  staffInvitations: { method: 'GET', path: '/api/staff_invitations/', access: 'any' },
  // A temporary token acts in its own school only: it neither joins nor turns down another one.
  staffInvitationAccept: {
    method: 'POST',
    path: '/api/staff_invitations/:id/accept',
    access: 'any',
    resource: 'invitation',
    allowTemp: false,
  },
  staffInvitationDecline: {
    method: 'POST',
    path: '/api/staff_invitations/:id/decline',
    access: 'any',
    resource: 'invitation',
    allowTemp: false,
  },
  roleList: { method: 'GET', path: '/api/roles/', access: 'staff', permission: 'admin_portal.permissions' },
  roleCreate: { method: 'POST', path: '/api/roles/', access: 'staff', permission: 'admin_portal.permissions' },
  roleUpdate: {
    method: 'PUT',
    path: '/api/roles/:id',
    access: 'staff',
    permission: 'admin_portal.permissions',
    resource: 'role',
  },
  roleDelete: {
    method: 'DELETE',
    path: '/api/roles/:id',
    access: 'staff',
    permission: 'admin_portal.permissions',
    resource: 'role',
  },
  schoolPermissions: { method: 'GET', path: '/api/school_permissions/', access: 'staff' },
  schoolPermissionsUpdate: {
    method: 'PUT',
    path: '/api/school_permissions/',
    access: 'staff',
    permission: 'admin_portal.permissions',
  },
  userPermissions: { method: 'GET', path: '/api/user_permissions/', access: 'staff' },
  campuses: { method: 'GET', path: '/api/campuses/', access: 'staff' },
  organizations: {
    method: 'GET',
    path: '/api/organizations/',
    access: 'staff',
    permission: 'super_admin.manage_platform_org_schools',
  },
  switchSchool: { method: 'POST', path: '/api/switch_school/', access: 'staff', allowTemp: false },
  usage: { method: 'GET', path: '/api/usage/', access: 'staff', permission: 'super_admin.access_usage_report' },
  reportClassList: {
    method: 'GET',
    path: '/api/reports/class_list/:id',
    access: 'staff',
    permission: 'admin_portal.reports',
    feature: 'reports',
    resource: 'class',
  },
  reportContacts: {
    method: 'GET',
    path: '/api/reports/contacts/',
    access: 'staff',
    permission: 'admin_portal.reports',
    feature: 'reports',
  },
  importStudentsTemplate: {
    method: 'GET',
    path: '/api/import/students/template',
    access: 'staff',
    permission: 'admin_portal.students',
  },
  importStudentsPreview: {
    method: 'POST',
    path: '/api/import/students/preview',
    access: 'staff',
    permission: 'admin_portal.students',
  },
  importStudentsCommit: {
    method: 'POST',
    path: '/api/import/students/commit',
    access: 'staff',
    permission: 'admin_portal.students',
  },
  importStaffTemplate: { method: 'GET', path: '/api/import/staff/template', access: 'staff', permission: 'admin_portal.staff' },
  importStaffPreview: { method: 'POST', path: '/api/import/staff/preview', access: 'staff', permission: 'admin_portal.staff' },
  importStaffCommit: { method: 'POST', path: '/api/import/staff/commit', access: 'staff', permission: 'admin_portal.staff' },

  // Attendance, excusals and the calendar.
  classAttendance: {
    method: 'GET',
    path: '/api/class_student_attendance/:id',
    access: 'staff',
    feature: 'attendance.enabled',
    resource: 'class',
  },
  classAttendanceSave: {
    method: 'POST',
    path: '/api/class_student_attendance/:id',
    access: 'staff',
    feature: 'attendance.enabled',
    resource: 'class',
  },
  fullPresence: { method: 'POST', path: '/api/classes/students_full_presence/', access: 'staff', feature: 'attendance.enabled' },
  bulkAttendance: {
    method: 'POST',
    path: '/api/update_bulk_student_attendance/:id',
    access: 'staff',
    feature: 'attendance.enabled',
    resource: 'class',
  },
  studentWeeklyAttendance: { method: 'GET', path: '/api/student_weekly_attendance/:id', access: 'any', resource: 'student' },
  studentMonthlyAttendance: { method: 'GET', path: '/api/student_monthly_attendance/:id', access: 'any', resource: 'student' },
  studentYearlyAttendance: { method: 'GET', path: '/api/student_yearly_attendance/:id', access: 'any', resource: 'student' },
  attendanceDashboard: { method: 'GET', path: '/api/attendance_dashboard/', access: 'staff', feature: 'attendance.enabled' },
  attendanceExport: { method: 'GET', path: '/api/attendance_dashboard/export', access: 'staff', feature: 'attendance.enabled' },
  parentChildAttendance: { method: 'POST', path: '/api/parent_child_attendance/:id', access: 'parent', resource: 'class' },
  createChildExcusal: { method: 'POST', path: '/api/create_child_excusal/:id', access: 'parent', resource: 'class' },
  fetchChildExcusal: { method: 'POST', path: '/api/fetch_child_excusal/:id', access: 'parent', resource: 'class' },
  classExcusals: { method: 'GET', path: '/api/fetch_update_class_excusal/:id', access: 'staff', resource: 'class' },
  classExcusalUpdate: { method: 'POST', path: '/api/fetch_update_class_excusal/:id', access: 'staff', resource: 'class' },
  calendarList: { method: 'GET', path: '/api/calendar/', access: 'any' },
  calendarCreate: { method: 'POST', path: '/api/calendar/', access: 'staff' },
  calendarUpdate: { method: 'PUT', path: '/api/calendar/:id', access: 'staff', resource: 'event' },
  calendarDelete: { method: 'DELETE', path: '/api/calendar/:id', access: 'staff', resource: 'event' },

  // Announcements and homework (paths of our design: /api/communication/{type}s/).
  announcementList: { method: 'GET', path: '/api/communication/announcements/', access: 'any' },
  announcementCreate: {
    method: 'POST',
    path: '/api/communication/announcements/',
    access: 'staff',
    permission: 'daily_communication.announcements',
  },
  announcementGet: { method: 'GET', path: '/api/communication/announcements/:id', access: 'any', resource: 'announcement' },
  announcementUpdate: { method: 'PUT', path: '/api/communication/announcements/:id', access: 'staff', resource: 'announcement' },
  announcementDelete: {
    method: 'DELETE',
    path: '/api/communication/announcements/:id',
    access: 'staff',
    resource: 'announcement',
  },
  announcementReads: {
    method: 'GET',
    path: '/api/communication/announcements/:id/reads',
    access: 'staff',
    resource: 'announcement',
  },
  /** Who an item would reach, asked before sending it (contract: communication.ts, communicationAudience*). */
  communicationAudience: { method: 'GET', path: '/api/communication/audience/', access: 'staff' },
  homeworkList: { method: 'GET', path: '/api/communication/homeworks/', access: 'any' },
  homeworkCreate: {
    method: 'POST',
    path: '/api/communication/homeworks/',
    access: 'staff',
    permission: 'daily_communication.homework',
  },
  homeworkGet: { method: 'GET', path: '/api/communication/homeworks/:id', access: 'any', resource: 'homework' },
  homeworkUpdate: { method: 'PUT', path: '/api/communication/homeworks/:id', access: 'staff', resource: 'homework' },
  homeworkDelete: { method: 'DELETE', path: '/api/communication/homeworks/:id', access: 'staff', resource: 'homework' },
  homeworkReads: { method: 'GET', path: '/api/communication/homeworks/:id/reads', access: 'staff', resource: 'homework' },
  emailOutbox: {
    method: 'GET',
    path: '/api/email_outbox/',
    access: 'staff',
    permission: 'academic_setup.email_template_management',
  },

  // Observations and the portfolio.
  observationList: { method: 'GET', path: '/api/observations/', access: 'any' },
  observationCreate: { method: 'POST', path: '/api/observations/', access: 'staff' },
  observationUpdate: { method: 'PUT', path: '/api/observations/:id', access: 'staff', resource: 'observation' },
  observationDelete: { method: 'DELETE', path: '/api/observations/:id', access: 'staff', resource: 'observation' },
  observationAddMedia: { method: 'POST', path: '/api/add_media_to_anecdotes/:id', access: 'staff', resource: 'observation' },
  observationCoverage: { method: 'GET', path: '/api/observations/coverage/:id', access: 'any', resource: 'student' },
  classLearningAreas: { method: 'GET', path: '/api/learning_areas/:id', access: 'staff', resource: 'class' },

  // The chat assistant: conversations kept per person and class, cards saved by the teacher's click, the model provider.
  cueConversations: { method: 'GET', path: '/api/cue/conversations/', access: 'staff' },
  cueConversation: { method: 'GET', path: '/api/cue/conversations/:id', access: 'staff', resource: 'conversation' },
  cueToolCallSave: { method: 'POST', path: '/api/cue/tool_calls/:id/save', access: 'staff', resource: 'tool_call' },
  aiSettings: {
    method: 'GET',
    path: '/api/ai_settings/',
    access: 'staff',
    permission: 'academic_setup.ai_configuration',
  },
  aiSettingsUpdate: {
    method: 'PUT',
    path: '/api/ai_settings/',
    access: 'staff',
    permission: 'academic_setup.ai_configuration',
  },

  // Cue: background tasks (state for a reload), speech to text, and each class's AI configuration.
  cueTasks: { method: 'GET', path: '/api/cue/tasks/', access: 'staff' },
  cueTranscribe: { method: 'POST', path: '/api/cue/transcribe', access: 'staff' },
  classAiBlocks: { method: 'GET', path: '/api/fetch_class_all_ai_blocks/:id', access: 'staff', resource: 'class' },
  classAiOptions: { method: 'GET', path: '/api/class/configured_ai_options/:id', access: 'staff', resource: 'class' },
  classAiOptionsUpdate: {
    method: 'POST',
    path: '/api/class/configured_ai_options/:id',
    access: 'staff',
    resource: 'class',
    permission: 'academic_setup.ai_configuration',
    feature: 'ai_prompt',
  },
  classAiBlocksByScreen: { method: 'POST', path: '/api/class-ai-blocks-by-screen-name/:id', access: 'staff', resource: 'class' },
  classAiBlocksUpdate: {
    method: 'POST',
    path: '/api/update-ai-blocks-for-class/:id',
    access: 'staff',
    resource: 'class',
    permission: 'academic_setup.ai_configuration',
    feature: 'ai_prompt',
  },
  classAiPromptScreens: {
    method: 'GET',
    path: '/api/fetch-update-class-ai-prompt-screen/:id',
    access: 'staff',
    resource: 'class',
  },
  classAiPromptScreensUpdate: {
    method: 'POST',
    path: '/api/fetch-update-class-ai-prompt-screen/:id',
    access: 'staff',
    resource: 'class',
    permission: 'academic_setup.ai_configuration',
    feature: 'ai_prompt',
  },

  // Platform: maintenance, uploads, bug reports.
  maintenanceStatus: { method: 'GET', path: '/api/fetch_app_maintenance/web', access: 'public' },
  maintenanceSet: {
    method: 'PUT',
    path: '/api/app_maintenance/',
    access: 'staff',
    permission: 'super_admin.manage_platform_org_schools',
  },
  uploadConstraint: { method: 'GET', path: '/api/fetch_media_upload_constraint/', access: 'any' },
  mediaUpload: { method: 'POST', path: '/api/media/', access: 'any' },
  bugReport: { method: 'POST', path: '/api/bug_report/', access: 'any' },
  bugReportList: {
    method: 'GET',
    path: '/api/bug_reports/',
    access: 'staff',
    permission: 'super_admin.manage_platform_org_schools',
  },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;
