import { STORY_MESSAGES } from '@cue/contract';
import { ApiError, NETWORK_ERROR } from '../../lib/api';
import i18n from '../../lib/i18n';
import { errorText } from '../../lib/notify';

export type StoryMessage = keyof typeof STORY_MESSAGES;

/** The contract's English sentence → its name (the server answers with these words). */
const BY_TEXT = new Map<string, StoryMessage>(
  (Object.entries(STORY_MESSAGES) as [StoryMessage, string][]).map(([name, text]) => [text, name]),
);

/** The refusal code of "nothing to write a draft from" (no observation or photo that day). */
export const NOTHING_TO_DRAFT = 'NOTHING_TO_DRAFT';

/**
 * A sentence of the stories module in the reader's language: the server speaks the contract's English
 * (STORY_MESSAGES); a namespace that holds that sentence under `messages.<name>` says it in its words,
 * any other text is shown as it came.
 */
export function storyText(ns: string, text: string | undefined | null): string {
  if (!text) return '';
  const name = BY_TEXT.get(text);
  if (!name) return text;
  return i18n.t(`${ns}:messages.${name}`, { defaultValue: text });
}

/**
 * What to say about a failed stories call: a refusal with a stories sentence (a tag's name taken, a
 * title missing, nothing to draft from) in the namespace's words; anything else by its code, as the
 * rest of the app does.
 */
export function storyErrorText(ns: string, err: unknown): string {
  if (err instanceof ApiError && err.code !== NETWORK_ERROR) {
    if (err.code === NOTHING_TO_DRAFT)
      return i18n.t(`${ns}:messages.nothingToDraft`, { defaultValue: STORY_MESSAGES.nothingToDraft });
    const name = BY_TEXT.get(err.message);
    if (name && i18n.exists(`${ns}:messages.${name}`)) return i18n.t(`${ns}:messages.${name}`);
    const field = err.errors?.map((e) => BY_TEXT.get(e.message)).find((n) => n && i18n.exists(`${ns}:messages.${n}`));
    if (field) return i18n.t(`${ns}:messages.${field}`);
  }
  return errorText(err);
}
