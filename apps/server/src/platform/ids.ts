import { randomBytes } from 'node:crypto';

/** New 24-character lowercase hex id (rule of the house 3). */
export const newId = (): string => randomBytes(12).toString('hex');
