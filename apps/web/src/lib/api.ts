import { ERROR_CODES } from '@cue/contract';
import { ApiError, type Route, type SendOptions, send, sendForm, type UploadOptions } from './http';
import { freshAccessToken, renewAccess } from './renewal';
import { getSession, type Side } from './session';

export { ApiError, NETWORK_ERROR, type UploadOptions } from './http';

/** Answers that mean the session is no longer good (spec section 8). */
export const isSessionExpired = (err: unknown): boolean => err instanceof ApiError && [401, 421, 422].includes(err.status);

export interface RequestOptions extends SendOptions {
  /** Which side's token to send (dual-role sessions hold two); by default the active side. */
  side?: Side;
  /** An explicit bearer token (`null` for none); skips renewal. */
  token?: string | null;
}

/**
 * The one API client: calls a route of the contract's route table with the session's bearer token,
 * renews the access token when it is about to expire or was refused as expired, parses the
 * `{ result }` / `{ message }` envelope and throws an ApiError on failure.
 */
export async function apiRequest<T>(route: Route, options: RequestOptions = {}): Promise<T> {
  if (route.access === 'public') return send<T>(route, null, options);
  if (options.token !== undefined) return send<T>(route, options.token, options);
  return withFreshToken(options.side, (token) => send<T>(route, token, options));
}

/** A multipart upload (a picture, a logo, an import file) with the session's token and upload progress. */
export function apiUpload<T>(route: Route, form: FormData, options: UploadOptions & { side?: Side } = {}): Promise<T> {
  return withFreshToken(options.side, (token) => sendForm<T>(route, token, form, options));
}

/** Calls with the side's access token; once more with a renewed one if the server refused it as expired. */
async function withFreshToken<T>(requested: Side | undefined, call: (token: string | null) => Promise<T>): Promise<T> {
  const side = requested ?? getSession()?.activeSide ?? 'staff';
  const token = await freshAccessToken(side);
  try {
    return await call(token);
  } catch (err) {
    const expired = err instanceof ApiError && err.status === 401 && err.code === ERROR_CODES.invalidToken;
    if (!expired || !token) throw err;
    const renewed = await renewAccess(side, token).catch(() => null);
    if (!renewed || renewed === token) throw err;
    return call(renewed);
  }
}
