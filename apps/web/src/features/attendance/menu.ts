import { MENUS, type MenuItem } from '@cue/contract';

/** What a housekeeping menu entry needs (its role permission and school feature), for the shell's Gate. */
export function housekeepingNeed(key: 'attendance' | 'attendance-dashboard' | 'calendar'): Omit<MenuItem, 'key' | 'path'> {
  const item = MENUS.housekeeping.find((entry) => entry.key === `housekeeping.${key}`);
  if (!item) return {};
  const { key: _key, path: _path, children: _children, ...need } = item;
  return need;
}
