/**
 * The usage report counts a staff member's writes by the first part of the route's path after /api/
 * (and 'sign_in' for a sign-in); each is shown by the name of the part of Cue it belongs to
 * (catalog admin.json, `usage.action.<key>`).
 */
const USAGE_AREAS: Record<string, string> = {
  sign_in: 'sign_in',
  logout: 'logout',
  logined_user_details_v2: 'account',
  delete_user_profile: 'account',
  staff_profile_picture: 'staff_profile_picture',
  student_profile_picture: 'student_profile_picture',
  switch_school: 'switch_school',
  school: 'school',
  divisions: 'divisions',
  classes: 'classes',
  add_staff_to_classes: 'add_staff_to_classes',
  staff: 'staff',
  staff_invitations: 'staff_invitations',
  student: 'student',
  student_health_items: 'child_record',
  student_contacts: 'child_record',
  student_change_requests: 'child_record',
  student_record_checks: 'child_record',
  consent_types: 'child_record',
  roles: 'roles',
  school_permissions: 'school_permissions',
  import: 'import',
  access_tokens: 'access_tokens',
  class_student_attendance: 'attendance',
  update_bulk_student_attendance: 'attendance',
  fetch_update_class_excusal: 'attendance',
  calendar: 'calendar',
  communication: 'communication',
  observations: 'observations',
  add_media_to_anecdotes: 'observations',
  media: 'media',
  cue: 'cue',
  ai_settings: 'cue_settings',
  class: 'cue_settings',
  'class-ai-blocks-by-screen-name': 'cue_settings',
  'fetch-update-class-ai-prompt-screen': 'cue_settings',
  'update-ai-blocks-for-class': 'cue_settings',
  bug_report: 'bug_report',
  app_maintenance: 'maintenance',
};

/** The catalog key of a usage row's action, or null for one the report does not know yet. */
export const usageKey = (action: string): string | null => {
  const area = USAGE_AREAS[action];
  return area ? `usage.action.${area}` : null;
};
