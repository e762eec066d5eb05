import { LIBRARY_MESSAGES } from '@cue/contract';
import i18n from '../../lib/i18n';

/**
 * The library's catalogs: `library` (what every library screen shares: the scan field's words, item
 * kinds, copy and loan statuses, the contract's messages), `libraryDesk` (student-wise, book-wise and an
 * item's page), `libraryAdmin` (library management: catalogue, imports, rules, labels, overdue) and
 * `libraryFamily` (a child's library on their record).
 */
export const LIBRARY_NS = 'library';
export const LIBRARY_DESK_NS = 'libraryDesk';
export const LIBRARY_ADMIN_NS = 'libraryAdmin';
export const LIBRARY_FAMILY_NS = 'libraryFamily';

export type LibraryMessage = keyof typeof LIBRARY_MESSAGES;

/** A message of the library's rules in the current language (the English catalog holds the contract's words). */
export const libraryMessage = (name: LibraryMessage): string =>
  i18n.t(`${LIBRARY_NS}:messages.${name}`, { defaultValue: LIBRARY_MESSAGES[name] });
