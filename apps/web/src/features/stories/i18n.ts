import { ERROR_CODES, STORY_MESSAGES } from '@cue/contract';
import { ApiError } from '../../lib/api';
import i18n from '../../lib/i18n';
import { errorText } from '../../lib/notify';

/** The translation namespace of the stories pages: public/locales/<lng>/stories.json. */
export const STORIES_NS = 'stories';

export type StoryMessage = keyof typeof STORY_MESSAGES;

/** A message of the stories' rules in the current language (the English catalog holds the contract's words verbatim). */
export const storyMessage = (name: StoryMessage): string =>
  i18n.t(`${STORIES_NS}:messages.${name}`, { defaultValue: STORY_MESSAGES[name] });

/**
 * A failed stories call in the reader's language. Cue's "nothing to draft from" is this module's own
 * refusal, so its sentence lives in this namespace; every other code goes through the app's catalog.
 */
export function storyErrorText(err: unknown): string {
  if (err instanceof ApiError && err.code === ERROR_CODES.nothingToDraft) return storyMessage('nothingToDraft');
  return errorText(err);
}

/** Paths of the stories pages. */
export const STORIES_PATH = '/communication/stories';
export const storyPath = (id: string) => `${STORIES_PATH}/${id}`;
export const storyEditPath = (id: string) => `${STORIES_PATH}/${id}/edit`;
export const storyNewPath = `${STORIES_PATH}/new`;
