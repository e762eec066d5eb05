import { MENUS, type MenuItem } from '@cue/contract';

/** What the menu entry communication.carelog needs (the school's `daycare` feature): every staff page of the carelog. */
export function carelogNeed(): Omit<MenuItem, 'key' | 'path'> {
  const entry = MENUS.communication.find((item) => item.key === 'communication.carelog');
  const { key: _key, path: _path, children: _children, ...need } = entry ?? { key: '', path: '' };
  return need;
}
