import { LEAVE_MESSAGES, MENUS, type MenuItem, STAFF_ATTENDANCE_MESSAGES } from '@cue/contract';
import i18n from '../../lib/i18n';

/** The leave portal's catalog (issue 27): its pages' words and the contract's messages under `messages`. */
export const LEAVE_NS = 'leave';

/** A menu entry's need (permission and feature) by its key, for the page's Gate. */
export function leaveNeed(key: string): Omit<MenuItem, 'key' | 'path'> {
  const entry = MENUS.leavePortal.find((item) => item.key === key);
  if (!entry) return { permission: 'super_admin.manage_platform_org_schools' };
  const { key: _key, path: _path, children: _children, ...need } = entry;
  return need;
}

const NAMES = new Map([
  ...Object.entries(LEAVE_MESSAGES).map(([name, text]) => [text as string, `messages.${name}`] as const),
  ...Object.entries(STAFF_ATTENDANCE_MESSAGES).map(([name, text]) => [text as string, `attendanceMessages.${name}`] as const),
]);

/** A message of the leave and staff attendance routes (its English sentence) in the reader's language; the text itself when unknown. */
export function leaveText(text: string | null | undefined): string {
  if (!text) return '';
  const key = NAMES.get(text);
  return key ? i18n.t(key, { ns: LEAVE_NS }) : text;
}
