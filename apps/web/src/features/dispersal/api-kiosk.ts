import { type AdultRequest, ERROR_CODES, KIOSK_TOKEN_HEADER, type KioskFamily, ROUTES } from '@cue/contract';
import { ApiError, apiRequest, apiResult, type BodyOf } from '../../lib/api';

/*
 * The kiosk's calls. A kiosk has no sign-in: the tablet keeps the token its pairing link carried and
 * sends it in the `x-kiosk-token` header of every call. The kiosk routes are public in the contract and
 * declare that header, so lib/api sends them without a bearer token and turns a refusal's
 * `{ message, code }` into the same ApiError every screen translates by its code (errorText).
 */

/** Where the tablet keeps its kiosk token (this device only; removed when the school no longer knows it). */
export const KIOSK_TOKEN_KEY = 'cue.kiosk.token';

export function readKioskToken(): string | null {
  try {
    return window.localStorage.getItem(KIOSK_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

export function saveKioskToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(KIOSK_TOKEN_KEY, token);
    else window.localStorage.removeItem(KIOSK_TOKEN_KEY);
  } catch {
    // Storage refused (private mode): the kiosk works until the page is reloaded.
  }
}

/**
 * The token of a pairing link as pasted or opened: the link itself (`…/kiosk#pair=<token>`), its
 * fragment (`#pair=<token>`, `pair=<token>`) or the bare token. Null when nothing usable is left.
 */
export function pairTokenFrom(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const at = trimmed.indexOf('pair=');
  let token = at >= 0 ? trimmed.slice(at + 'pair='.length) : trimmed;
  // Whatever follows the token in a longer fragment (&…) is not part of it.
  token = token.split('&')[0] ?? '';
  try {
    token = decodeURIComponent(token);
  } catch {
    // A token with a stray % stays as typed; the server says whether it knows it.
  }
  token = token.trim();
  // Tokens are base64url: a pasted sentence or a link without a token is not one.
  return /^[A-Za-z0-9_-]{16,200}$/.test(token) ? token : null;
}

/** What the kiosk's keypad holds: a family's 4 digits or a one-time pick-up person's 6 (null otherwise). */
export function typedCodeKind(digits: string): 'family' | 'one_time' | null {
  if (/^\d{4}$/.test(digits)) return 'family';
  if (/^\d{6}$/.test(digits)) return 'one_time';
  return null;
}

/** The keypad takes digits only, at most 6. */
export const pressDigit = (digits: string, digit: string): string =>
  /^\d$/.test(digit) && digits.length < 6 ? digits + digit : digits;

/** A kiosk call refused because the tablet's token is missing, unknown or revoked: pair it again. */
export const isUnpaired = (err: unknown): boolean =>
  err instanceof ApiError && (err.status === 401 || err.code === ERROR_CODES.kioskInvalid);

/** Too many wrong codes at this kiosk: the keypad waits. */
export const isTooManyAttempts = (err: unknown): boolean =>
  err instanceof ApiError && (err.code === ERROR_CODES.tooManyAttempts || err.status === 429);

/** The adult was refused (not authorised, blocked, a pick-up code not valid today): a member of staff must come. */
export const needsStaff = (err: unknown): boolean =>
  err instanceof ApiError &&
  ([ERROR_CODES.notAuthorisedCollector, ERROR_CODES.collectorBlocked, ERROR_CODES.pickupCodeInvalid] as string[]).includes(
    err.code,
  );

const headers = (token: string) => ({ [KIOSK_TOKEN_HEADER]: token });

export const kioskSession = (token: string, signal?: AbortSignal) =>
  apiResult(ROUTES.kioskSession, { headers: headers(token), signal });

export const kioskLookup = (token: string, code: string) =>
  apiResult(ROUTES.kioskLookup, { headers: headers(token), body: { code } });

/** A member of staff's code: checks them in, or out when already in. */
export const kioskStaff = (token: string, code: string) =>
  apiRequest(ROUTES.kioskStaff, { headers: headers(token), body: { code } });

export type KioskCheck = BodyOf<typeof ROUTES.kioskCheckIn>;

/** Checks the chosen children in (drop-off) or out (pick-up); answers the events recorded. */
export const kioskCheck = (token: string, mode: 'in' | 'out', body: KioskCheck) =>
  apiRequest(mode === 'in' ? ROUTES.kioskCheckIn : ROUTES.kioskCheckOut, { headers: headers(token), body });

export type KioskChild = KioskFamily['children'][number];
export type KioskCollector = KioskChild['collectors'][number];

/** The children a drop-off can check in (not arrived yet), or a pick-up can check out (in school). */
export const eligibleChildren = (family: KioskFamily, mode: 'in' | 'out'): KioskChild[] =>
  family.children.filter((c) => (mode === 'in' ? c.status === 'not_arrived' : c.status === 'in'));

const collectorKey = (c: KioskCollector): string => c.contact_id ?? c.parent_id ?? c.pickup_id ?? c.name;

/**
 * Who may collect every chosen child (a collector of one child only cannot collect the others): the
 * collectors the chosen children share, in the first child's order. One-time people are not offered
 * (they come with their own code).
 */
export function sharedCollectors(children: KioskChild[]): KioskCollector[] {
  const [first, ...rest] = children;
  if (!first) return [];
  return first.collectors.filter(
    (c) => c.kind !== 'one_time' && rest.every((other) => other.collectors.some((o) => collectorKey(o) === collectorKey(c))),
  );
}

/** The request's adult for a collector chosen on the screen (undefined: the code's own adult). */
export function adultFor(collector: KioskCollector): AdultRequest | undefined {
  if (collector.kind === 'collector' && collector.contact_id) return { kind: 'collector', contact_id: collector.contact_id };
  if (collector.kind === 'parent' && collector.parent_id) return { kind: 'parent', parent_id: collector.parent_id };
  return undefined;
}
