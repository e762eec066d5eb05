import { DEFAULT_ROLE_NAMES } from '@cue/contract';
import i18n from './i18n';

const DEFAULT_ROLE_KEYS = new Map(Object.entries(DEFAULT_ROLE_NAMES).map(([key, name]) => [name, key]));

/** A role's name as shown: a school's default role (Super Admin, Admin, Teacher) in the reader's language, any other as the school named it. */
export function roleName(name: string): string {
  const key = DEFAULT_ROLE_KEYS.get(name);
  return key ? i18n.t(`roleNames.${key}`, { defaultValue: name }) : name;
}
