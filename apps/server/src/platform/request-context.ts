import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request id of the work in hand: an HTTP request's, carried into what it starts (the jobs it
 * schedules, the socket events it publishes), so that one id finds every log line of one action.
 */
const store = new AsyncLocalStorage<{ requestId: string }>();

/** The header a request id comes in (from a proxy) and goes back out in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The id of the request whose work is running, if any. */
export const currentRequestId = (): string | undefined => store.getStore()?.requestId;

/** Runs `fn` as part of the request `requestId` (nothing changes without one). */
export function withRequestId<T>(requestId: string | null | undefined, fn: () => T): T {
  return requestId ? store.run({ requestId }, fn) : fn();
}

const ACCEPTED = /^[A-Za-z0-9._:-]{1,100}$/;

/** A request's id: the one a proxy gave it when it is plain text of at most 100 characters, else a new one. */
export function requestIdFor(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && ACCEPTED.test(given) ? given : randomUUID();
}
