import { COMMUNICATION_MESSAGES, type CommunicationType } from '@cue/contract';
import i18n, { translateServerMessage } from '../../lib/i18n';
import { errorText } from '../../lib/notify';

/** The translation namespace of the announcement and homework screens: public/locales/<lng>/communication.json. */
export const COMMUNICATION_NS = 'communication';

export type CommunicationMessage = keyof typeof COMMUNICATION_MESSAGES;

/**
 * A message of the announcement rules in the current language (the English catalog holds the
 * contract's words verbatim, e.g. 'Announcement Sent!').
 */
export const commMessage = (name: CommunicationMessage): string =>
  i18n.t(`${COMMUNICATION_NS}:messages.${name}`, { defaultValue: COMMUNICATION_MESSAGES[name] });

const byText = new Map<string, CommunicationMessage>(
  (Object.entries(COMMUNICATION_MESSAGES) as [CommunicationMessage, string][]).map(([name, text]) => [text, name]),
);

/** A server message: one of the announcement messages translated, else the shell's translation of it. */
export const translateCommunicationMessage = (text: string): string => {
  const name = byText.get(text);
  return name ? commMessage(name) : translateServerMessage(text);
};

/** The text of a failed call for a toast: the server's message (403, 404, 409, ...) translated when known. */
export const failureText = (err: unknown): string => {
  if (err instanceof Error && 'status' in err && err.message && byText.has(err.message)) {
    return translateCommunicationMessage(err.message);
  }
  return errorText(err);
};

/** URL segment of a type: /communication/announcements, /communication/homeworks. */
export const listPath = (type: CommunicationType) => `/communication/${type}s`;
export const createPath = (type: CommunicationType) => `/communication/${type}s/create`;
export const editPath = (type: CommunicationType, id: string) => `/communication/${type}s/edit/${id}`;
