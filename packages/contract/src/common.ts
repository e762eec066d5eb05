import { z } from 'zod';
import { MIN_ID_LENGTH, PHONE_LENGTH } from './constants.js';
import { isDdmmyyyy } from './dates.js';
import { ALL_ERROR_CODES, type ErrorCode } from './messages.js';

/** 24-character lowercase hex id (rule of the house 3). */
export const idSchema = z.string().regex(/^[0-9a-f]{24}$/, 'Must be a 24-character id');
export type Id = z.infer<typeof idSchema>;

/** Client side: ids count only when at least 24 characters long. */
export const isUsableId = (value: unknown): value is string => typeof value === 'string' && value.length >= MIN_ID_LENGTH;

/** A refusal: the message people read (the spec's English text), the code the web app translates by. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.enum(ALL_ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The success envelope of a route (its entry's `response`): `{ result }`, or `{ result, message }`
 * where the route sends a toast.
 */
export const envelope = <T extends z.ZodType>(result: T) => z.object({ result });
export const withMessage = <T extends z.ZodType>(result: T) => z.object({ result, message: z.string() });
/** `{ message }` alone (the OTP calls carry their value in it). */
export const messageOnlySchema = z.object({ message: z.string() });
/** `{ result: true, message }`: a deletion or another change with nothing to send back. */
export const doneSchema = z.object({ result: z.boolean(), message: z.string() });
/**
 * A page of a list: the items, how many there are in all, which page this is, and `next_cursor`, which
 * reads the next page from where this one ends (null on the last page).
 */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    next_cursor: z.string().nullable(),
  });
/** A list's query: read on after the page that gave this `next_cursor` (`page` is then not read). */
export const cursorSchema = z
  .string()
  .max(1000)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use the next_cursor of a page');
/** Path parameters of the routes whose path ends in `:id`. */
export const byIdSchema = z.object({ id: idSchema });

/** 'DD-MM-YYYY' of a day that exists (the date module's check: no 31-02). */
export const ddmmyyyySchema = z
  .string()
  .regex(/^\d{2}-\d{2}-\d{4}$/, { message: 'Use the format DD-MM-YYYY', abort: true })
  .refine(isDdmmyyyy, 'Use the format DD-MM-YYYY');
/** 'hh:mm A', e.g. '09:30 AM'. */
export const hhmmaSchema = z.string().regex(/^(0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/, 'Use the format hh:mm AM');
/** 'HH:MM', 24-hour. */
export const hhmmSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the 24-hour format HH:MM');
/** Text that must not be empty once trimmed, at most `max` characters. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);
/** A phone number to sign in with, or nothing ('' counts as nothing). */
export const optionalPhoneSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${PHONE_LENGTH}}$`), `Phone number must be ${PHONE_LENGTH} digits`)
  .optional()
  .or(z.literal('').transform(() => undefined));
/** An email to sign in with, or nothing ('' counts as nothing). */
export const optionalEmailSchema = z
  .string()
  .trim()
  .email('Enter a valid email')
  .optional()
  .or(z.literal('').transform(() => undefined));

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

/** What a field holding a null byte or a lone surrogate is told (PostgreSQL cannot store either in text). */
export const UNSAFE_TEXT_MESSAGE = 'Contains characters that are not allowed (a null byte or a broken Unicode character)';

const LONE_SURROGATE = /\p{Cs}/u;
const isUnsafeText = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/**
 * The path (`a.0.b`) of the first string or object key in `value` that holds a null byte or a lone
 * surrogate; `''` when `value` itself is such a string; null when there is none. Walks without
 * recursion, so a deeply nested input cannot overflow the stack. With `json`, a string that holds a
 * JSON object or array (as some socket payloads send theirs) is looked into as well.
 */
export function findUnsafeText(value: unknown, options: { json?: boolean } = {}): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  const found = (path: string) => (path.length > 200 ? `${path.slice(0, 200)}…` : path);
  while (stack.length) {
    const { value: v, path } = stack.pop() as { value: unknown; path: string };
    if (typeof v === 'string') {
      if (isUnsafeText(v)) return found(path);
      if (options.json && /^\s*[[{]/.test(v)) {
        try {
          stack.push({ value: JSON.parse(v), path });
        } catch {
          // Not JSON: plain text, already checked.
        }
      }
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: join(path, i) });
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        if (isUnsafeText(key)) return found(join(path, key.replaceAll('\u0000', '\ufffd').replace(/\p{Cs}/gu, '\ufffd')));
        stack.push({ value: child, path: join(path, key) });
      }
    }
  }
  return null;
}

/**
 * What the caller may do with an object, as the server decides it (`abilities` on the object): the web
 * app shows its buttons from these and never re-derives the rules.
 */
export const abilitiesSchema = <const K extends string>(...names: K[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, z.boolean()])) as { [P in K]: z.ZodBoolean });
