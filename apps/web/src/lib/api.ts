import { ERROR_CODES } from '@cue/contract';
import {
  type AnswerOf,
  ApiError,
  type OptionsArg,
  type ResultOf,
  type Route,
  type SendOptions,
  send,
  sendForm,
  type UploadOptions,
} from './http';
import { freshAccessToken, renewAccess } from './renewal';
import { getSession, type Side } from './session';

export {
  type AnswerOf,
  ApiError,
  type BodyOf,
  type HeadersOf,
  NETWORK_ERROR,
  type ParamsOf,
  type QueryOf,
  type ResultOf,
  type UploadOptions,
} from './http';

/** Answers that mean the session is no longer good (spec section 8). */
export const isSessionExpired = (err: unknown): boolean => err instanceof ApiError && [401, 421, 422].includes(err.status);

export interface CallOptions {
  /** Which side's token to send (dual-role sessions hold two); by default the active side. */
  side?: Side;
  /** An explicit bearer token (`null` for none); skips renewal. */
  token?: string | null;
}
/** A call of route R: its params, query and body as the entry declares them, and how to send it. */
export type RequestOptions<R> = SendOptions<R> & CallOptions;

/**
 * The one API client: calls a route of the contract's route table with the session's bearer token,
 * renews the access token when it is about to expire or was refused as expired, parses the
 * `{ result }` / `{ message }` envelope and throws an ApiError on failure. What it sends and answers
 * are typed by the route's entry (`apiRequest(ROUTES.staffList)` answers `{ result: StaffMember[] }`).
 */
export async function apiRequest<R extends Route>(
  route: R,
  ...[options = {} as RequestOptions<R>]: OptionsArg<RequestOptions<R>>
): Promise<AnswerOf<R>> {
  const { side, token, ...rest } = options;
  const sendOptions = rest as SendOptions<R>;
  const call = (bearer: string | null) => send(route, bearer, ...([sendOptions] as OptionsArg<SendOptions<R>>));
  if (route.access === 'public') return call(null);
  if (token !== undefined) return call(token);
  return withFreshToken(side, call);
}

/** The `result` of a route's answer (most calls want only that). */
export async function apiResult<R extends Route>(route: R, ...options: OptionsArg<RequestOptions<R>>): Promise<ResultOf<R>> {
  return ((await apiRequest(route, ...options)) as { result: ResultOf<R> }).result;
}

/** A multipart upload (a picture, a logo, an import file) with the session's token and upload progress. */
export function apiUpload<R extends Route>(
  route: R,
  form: FormData,
  options: UploadOptions & { side?: Side } = {},
): Promise<AnswerOf<R>> {
  return withFreshToken(options.side, (token) => sendForm(route, token, form, options));
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
