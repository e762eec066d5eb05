import { isoFromDdmmyyyy } from '@cue/contract';
import { badRequest } from './errors.js';

/**
 * A wire date ('DD-MM-YYYY', already checked by the route's schema) as the ISO date services work
 * with; a day that does not exist is the caller's mistake (400 on the field).
 */
export function isoFromWire(value: string, field = 'date'): string {
  const iso = isoFromDdmmyyyy(value);
  if (!iso) throw badRequest(`${field}: ${value} is not a date`, undefined, field);
  return iso;
}

/** An optional wire date as ISO. */
export const optionalIso = (value: string | null | undefined, field = 'date'): string | undefined =>
  value ? isoFromWire(value, field) : undefined;
