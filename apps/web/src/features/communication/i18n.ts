import { COMMUNICATION_MESSAGES, type CommunicationType } from '@cue/contract';
import i18n from '../../lib/i18n';
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

/** The text of a failed call for a toast or an alert: the refusal's code in the reader's language. */
export const failureText = (err: unknown): string => errorText(err);

/** URL segment of a type: /communication/announcements, /communication/homeworks. */
export const listPath = (type: CommunicationType) => `/communication/${type}s`;
export const createPath = (type: CommunicationType) => `/communication/${type}s/create`;
export const editPath = (type: CommunicationType, id: string) => `/communication/${type}s/edit/${id}`;
