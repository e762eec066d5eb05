import { DISPERSAL_MESSAGES } from '@cue/contract';
import i18n from '../../lib/i18n';

/**
 * Drop-off and pick-up's catalogs: `dispersal` (the staff's page: class list, dismissal, alerts,
 * settings and kiosks, with the contract's messages and what every screen shares), `kiosk` (the shared
 * tablet's screens) and `pickupFamily` (a child's pick-ups on their record: family code, one-time
 * pick-up people, the last days).
 */
export const DISPERSAL_NS = 'dispersal';
export const KIOSK_NS = 'kiosk';
export const PICKUP_FAMILY_NS = 'pickupFamily';

export type DispersalMessage = keyof typeof DISPERSAL_MESSAGES;

/** A message of drop-off and pick-up in the current language (the English catalog holds the contract's words). */
export const dispersalMessage = (name: DispersalMessage): string =>
  i18n.t(`${DISPERSAL_NS}:messages.${name}`, { defaultValue: DISPERSAL_MESSAGES[name] });
