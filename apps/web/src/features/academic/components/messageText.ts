import i18n from '../../../lib/i18n';
import { ACADEMIC_MESSAGES } from '../i18n';

type AcademicPage = keyof typeof ACADEMIC_MESSAGES;

/** Each page's contract messages by their English sentence (what the server answers), to find their names. */
const NAMES = new Map<AcademicPage, Map<string, string>>(
  (Object.entries(ACADEMIC_MESSAGES) as [AcademicPage, Record<string, string>][]).map(([ns, messages]) => [
    ns,
    new Map(Object.entries(messages).map(([name, text]) => [text, name])),
  ]),
);

/**
 * A message of the server (its English sentence, one of the page's contract messages) in the reader's
 * language from the page's catalog; the text itself when it is not one of them, '' when there is none.
 */
export function academicMessageText(ns: AcademicPage, text: string | null | undefined): string {
  if (!text) return '';
  const name = NAMES.get(ns)?.get(text);
  return name ? i18n.t(`messages.${name}`, { ns }) : text;
}
