import { z } from 'zod';
import { MIN_ID_LENGTH } from './constants.js';

/** 24-character lowercase hex id (rule of the house 3). */
export const idSchema = z.string().regex(/^[0-9a-f]{24}$/, 'Must be a 24-character id');
export type Id = z.infer<typeof idSchema>;

/** Client side: ids count only when at least 24 characters long. */
export const isUsableId = (value: unknown): value is string => typeof value === 'string' && value.length >= MIN_ID_LENGTH;

export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The success envelope: `{ result }`, plus `message` where the spec reads one. */
export const envelope = <T extends z.ZodTypeAny>(result: T) => z.object({ result });

/** An absolute http(s) URL: the only kind of link the app keeps from people and renders as an href. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
export const httpUrlSchema = z.string().trim().max(2000).refine(isHttpUrl, 'Must be an http or https link');

/** A link that is safe as an href: an absolute http(s) URL or a path of this app (`/dashboard`, not `//host`). */
export function isSafeLink(value: unknown): value is string {
  return isHttpUrl(value) || (typeof value === 'string' && /^\/(?![/\\])/.test(value));
}
export const safeLinkSchema = z
  .string()
  .trim()
  .max(2000)
  .refine(isSafeLink, 'Must be an http or https link or a page of this app');
