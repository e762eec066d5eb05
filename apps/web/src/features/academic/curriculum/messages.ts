import { CURRICULUM_MESSAGES } from '@cue/contract';
import { ApiError, NETWORK_ERROR } from '../../../lib/api';
import i18n from '../../../lib/i18n';
import { errorText } from '../../../lib/notify';
import { CURRICULUM_NS } from '../i18n';

type Name = keyof typeof CURRICULUM_MESSAGES;

/** The contract's English sentence → its name (the server answers with these words). */
const BY_TEXT = new Map<string, Name>(
  (Object.entries(CURRICULUM_MESSAGES) as [Name, string][]).map(([name, text]) => [text, name]),
);

const said = (name: Name) => i18n.t(`${CURRICULUM_NS}:messages.${name}`, { defaultValue: CURRICULUM_MESSAGES[name] });

/** A curriculum sentence of the server (a save's message) in the reader's language; any other text as it came. */
export function curriculumText(text: string | undefined | null, fallback: Name): string {
  if (!text) return said(fallback);
  const name = BY_TEXT.get(text);
  return name ? said(name) : text;
}

/**
 * What to say about a refused curriculum call: its curriculum sentence (a code taken, a framework in use,
 * a shipped item) in the reader's words when the server said one, at the top or on a field; otherwise by
 * its code, as the rest of the app does.
 */
export function curriculumErrorText(err: unknown): string {
  if (err instanceof ApiError && err.code !== NETWORK_ERROR) {
    const name = BY_TEXT.get(err.message) ?? err.errors?.map((e) => BY_TEXT.get(e.message)).find(Boolean);
    if (name) return said(name);
  }
  return errorText(err);
}
