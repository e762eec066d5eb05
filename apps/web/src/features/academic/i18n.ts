import {
  CURRICULUM_MESSAGES,
  DAY_SCHEDULE_MESSAGES,
  EMAIL_TEMPLATE_MESSAGES,
  MENUS,
  type MenuItem,
  RESOURCE_MESSAGES,
} from '@cue/contract';

/**
 * The academic setup's catalogs, one per page: `curriculum`, `daySchedule`, `schoolResources`,
 * `emailTemplates`, and `academic` (what they share: the change history drawer). Each page's
 * catalog holds its contract messages verbatim in English under `messages`.
 */
export const ACADEMIC_NS = 'academic';
export const CURRICULUM_NS = 'curriculum';
export const DAY_SCHEDULE_NS = 'daySchedule';
export const RESOURCES_NS = 'schoolResources';
export const EMAIL_TEMPLATES_NS = 'emailTemplates';

export const ACADEMIC_MESSAGES = {
  curriculum: CURRICULUM_MESSAGES,
  daySchedule: DAY_SCHEDULE_MESSAGES,
  schoolResources: RESOURCE_MESSAGES,
  emailTemplates: EMAIL_TEMPLATE_MESSAGES,
} as const;

/** A menu entry's need (permission and feature) by its key, for the page's Gate. */
export function academicNeed(key: string): Omit<MenuItem, 'key' | 'path'> {
  const entry = MENUS.academicSetup.find((item) => item.key === key);
  if (!entry) return { permission: 'super_admin.manage_platform_org_schools' };
  const { key: _key, path: _path, children: _children, ...need } = entry;
  return need;
}
