import { MENUS, type MenuItem } from '@cue/contract';

/** What the menu entry communication.stories needs (the school's `story` feature): every staff page of stories. */
export function storiesNeed(): Omit<MenuItem, 'key' | 'path'> {
  const entry = MENUS.communication.find((item) => item.key === 'communication.stories');
  const { key: _key, path: _path, children: _children, ...need } = entry ?? { key: '', path: '' };
  return need;
}
