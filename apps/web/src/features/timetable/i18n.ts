import { ERROR_CODES, MENUS, type MenuItem, TIMETABLE_MESSAGES } from '@cue/contract';
import { ApiError } from '../../lib/api';
import i18n from '../../lib/i18n';
import { errorText } from '../../lib/notify';

/** The timetable's catalog (issue 28): its pages' words and the contract's messages under `messages`. */
export const TIMETABLE_NS = 'timetable';

/** The timetable's pages, as its menu entries name them. */
export const TIMETABLE_PATHS = {
  constraints: '/admin/timetable/teacher-subject-constraint',
  mapping: '/admin/timetable/subject-mapping',
  outline: '/admin/timetable/timetable-outlines',
  board: '/admin/timetable/room-allocation',
  /** The read-only week of a member of staff, of one of their classes, or of a family's child's class. */
  week: '/timetable',
} as const;

/** A menu entry's need (permission and feature) by its key, for the page's Gate. */
export function timetableNeed(key: string): Omit<MenuItem, 'key' | 'path'> {
  const entry = MENUS.timetable.find((item) => item.key === key);
  if (!entry) return { permission: 'super_admin.manage_platform_org_schools' };
  const { key: _key, path: _path, children: _children, ...need } = entry;
  return need;
}

const NAMES = new Map(Object.entries(TIMETABLE_MESSAGES).map(([name, text]) => [text as string, `messages.${name}`] as const));

/** A message of the timetable's routes (its English sentence) in the reader's language; the text itself when unknown. */
export function timetableText(text: string | null | undefined): string {
  if (!text) return '';
  const key = NAMES.get(text);
  return key ? i18n.t(key, { ns: TIMETABLE_NS }) : text;
}

/** Whether a sentence is one of the timetable's own messages. */
export const isTimetableMessage = (text: string | null | undefined): boolean => !!text && NAMES.has(text);

/**
 * What to tell a person about a refused timetable call: the timetable's own sentence when the server
 * said one (a refusal of a field included), else the refusal's code in the reader's language.
 */
export function timetableError(err: unknown): string {
  if (err instanceof ApiError) {
    if (isTimetableMessage(err.message)) return timetableText(err.message);
    const field = err.errors?.find((e) => isTimetableMessage(e.message));
    if (field) return timetableText(field.message);
  }
  return errorText(err);
}

/**
 * What a refused move clashes with, from the server's account ("This would clash: teacher clash, room
 * clash"), in the reader's language ("the teacher is teaching, the room is taken"); null when it says none.
 */
export function clashDetail(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.code !== ERROR_CODES.lessonClash) return null;
  const prefix = `${TIMETABLE_MESSAGES.clash}: `;
  if (!err.message.startsWith(prefix)) return null;
  const kinds = err.message
    .slice(prefix.length)
    .split(',')
    .map((k) => k.trim().replace(/ /g, '_'))
    .filter(Boolean);
  if (kinds.length === 0) return null;
  return kinds.map((k) => i18n.t(`hard.${k}`, { ns: TIMETABLE_NS, defaultValue: k.replace(/_/g, ' ') })).join(', ');
}
