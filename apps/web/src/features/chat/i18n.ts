import { CHAT_MESSAGES } from '@cue/contract';
import i18n from '../../lib/i18n';
import { errorText } from '../../lib/notify';

/** The translation namespace of the parent-teacher chat: public/locales/<lng>/chat.json. */
export const CHAT_NS = 'chat';

export type ChatMessageName = keyof typeof CHAT_MESSAGES;

/** A message of the chat's rules in the current language (the English catalog holds the contract's words verbatim). */
export const chatMessage = (name: ChatMessageName): string =>
  i18n.t(`${CHAT_NS}:messages.${name}`, { defaultValue: CHAT_MESSAGES[name] });

/** A failed chat call in the reader's language (every refusal code is in the app's catalog). */
export const chatErrorText = (err: unknown): string => errorText(err);

/** Paths of the chat pages. */
export const CHAT_PATH = '/communication/chat';
export const chatPath = (id: string) => `${CHAT_PATH}/${id}`;
export const SAFEGUARDING_PATH = `${CHAT_PATH}/safeguarding`;
export const safeguardingPath = (id: string) => `${SAFEGUARDING_PATH}/${id}`;
