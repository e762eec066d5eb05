import { createHash, randomBytes } from 'node:crypto';

/** New 24-character lowercase hex id (rule of the house 3). */
export const newId = (): string => randomBytes(12).toString('hex');

/**
 * The same 24-character id for the same parts, for rows made once per owner (a school's default grade
 * scales): two requests that make them at the same moment insert the same ids, and the second insert,
 * `ON CONFLICT DO NOTHING`, adds nothing.
 */
export const stableId = (...parts: string[]): string =>
  createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24);
