import { ADMISSION_MESSAGES, FEE_MESSAGES, HIRING_MESSAGES, MENUS, type MenuItem } from '@cue/contract';

/**
 * Management setup's catalogs (issue 26): `admissions`, `hiring`, `fees` (staff pages and the family's
 * fees), `publicForms` (the public admission forms and job pages) and `management` (what they share).
 * Each page catalog holds its contract messages verbatim in English under `messages`.
 */
export const MANAGEMENT_NS = 'management';
export const ADMISSIONS_NS = 'admissions';
export const HIRING_NS = 'hiring';
export const FEES_NS = 'fees';
export const PUBLIC_FORMS_NS = 'publicForms';

export const MANAGEMENT_MESSAGES = {
  admissions: ADMISSION_MESSAGES,
  hiring: HIRING_MESSAGES,
  fees: FEE_MESSAGES,
} as const;

/** A menu entry's need (permission and feature) by its key, for the page's Gate. */
export function managementNeed(key: string): Omit<MenuItem, 'key' | 'path'> {
  const entries = MENUS.managementSetup.flatMap((item) => [item, ...(item.children ?? [])]);
  const entry = entries.find((item) => item.key === key);
  if (!entry) return { permission: 'super_admin.manage_platform_org_schools' };
  const { key: _key, path: _path, children: _children, ...need } = entry;
  return need;
}
