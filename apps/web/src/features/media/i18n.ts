import { MEDIA_MESSAGES } from '@cue/contract';
import i18n from '../../lib/i18n';

/** The translation namespace of the class gallery: public/locales/<lng>/media.json. */
export const MEDIA_NS = 'media';

export type MediaMessage = keyof typeof MEDIA_MESSAGES;

/** A message of the gallery's rules in the current language (the English catalog holds the contract's words verbatim). */
export const mediaMessage = (name: MediaMessage): string =>
  i18n.t(`${MEDIA_NS}:messages.${name}`, { defaultValue: MEDIA_MESSAGES[name] });
