import { LIBRARY_MESSAGES } from '@cue/contract';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/notify';
import { type LibraryMessage, libraryMessage } from '../i18n';

const byText = new Map(Object.entries(LIBRARY_MESSAGES).map(([name, text]) => [text as string, name as LibraryMessage]));

/**
 * A failed library call in the reader's language. Refusals with a code of their own are translated by
 * the app's catalog; a few of the library's (another child waiting, a copy kept for someone else,
 * already borrowed) share a general code, so their contract sentence is looked up among the library's
 * messages first.
 */
export function libraryErrorText(err: unknown): string {
  const own = err instanceof ApiError ? byText.get(err.message) : undefined;
  return own ? libraryMessage(own) : errorText(err);
}

/** The success message of a change in the reader's language (the contract's English when it is not one of ours). */
export function librarySaid(message: string | undefined, fallback: LibraryMessage): string {
  const own = message ? byText.get(message) : undefined;
  return libraryMessage(own ?? fallback);
}

/** The day of an instant (a loan's return, a notice sent) in the reader's language and time zone. */
export const showInstantDay = (iso: string, language: string): string =>
  new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));

/** A name as searched: lower-cased, without accents or Arabic and Hebrew vowel marks, spaces folded. */
export const searchable = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u0591-\u05c7\u064b-\u065f\u0670]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Whether a child's name holds what was typed (first, last or both names, in any order of words). */
export function nameMatches(person: { first_name: string; last_name: string }, query: string): boolean {
  const words = searchable(query).split(' ').filter(Boolean);
  if (!words.length) return true;
  const name = searchable(`${person.first_name} ${person.last_name}`);
  return words.every((w) => name.includes(w));
}
