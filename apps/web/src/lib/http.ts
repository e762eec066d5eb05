import type { RouteDef } from '@cue/contract';
import { takeEarly } from './early';
import { withRetry } from './retry';

/** Machine code for a call that got no answer (offline, timeout, connection refused). */
export const NETWORK_ERROR = 'NETWORK_ERROR';

export interface FieldError {
  field: string;
  message: string;
}

/** Every failed call ends here: the HTTP status (0 without an answer), the server's message and code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export type Route = Pick<RouteDef, 'method' | 'path' | 'access'>;

export interface SendOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Path parameters, replacing `:name` (or `{name}`) in the route's path. */
  params?: Record<string, string>;
  /** Retry network failures with backoff (spec section 7). Defaults to true for GET. */
  retryNetwork?: boolean;
  /** Extra request headers (e.g. x-frontend-origin). */
  headers?: Record<string, string>;
  /** Keep the request alive when the page navigates away (logout). */
  keepalive?: boolean;
}

const TIMEOUT_MS = 20_000;

/** Only a call that got no answer (no response, timeout, network error) is worth another attempt. */
export const isNetworkFailure = (err: unknown): boolean => err instanceof ApiError && err.code === NETWORK_ERROR;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function routeUrl(path: string, params: Record<string, string> = {}): string {
  let url = path;
  for (const [name, value] of Object.entries(params)) {
    const encoded = encodeURIComponent(value);
    url = url.replace(`:${name}`, encoded).replace(`{${name}}`, encoded);
  }
  return url;
}

async function once<T>(route: Route, token: string | null, options: SendOptions): Promise<T> {
  if (route.method === 'GET' && options.body === undefined) {
    // Asked for at start-up already (lib/early.ts): that answer, unless the request failed on the way.
    const early = await takeEarly(routeUrl(route.path, options.params), token)?.catch(() => undefined);
    if (early) return parseEnvelope<T>(early.status, early.statusText, early.text);
  }
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(routeUrl(route.path, options.params), {
      method: route.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
      keepalive: options.keepalive,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (options.signal?.aborted) throw err;
    throw new ApiError(0, err instanceof Error ? err.message : 'Network error', NETWORK_ERROR);
  }
  return parseEnvelope<T>(response.status, response.statusText, await response.text());
}

/** The `{ result }` answer, or an ApiError carrying the `{ message, code, errors }` of a failure. */
function parseEnvelope<T>(status: number, statusText: string, text: string): T {
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (status < 200 || status >= 300) {
    const body = isRecord(data) ? data : {};
    throw new ApiError(
      status,
      typeof body.message === 'string' ? body.message : statusText || `HTTP ${status}`,
      typeof body.code === 'string' ? body.code : `HTTP_${status}`,
      Array.isArray(body.errors) ? (body.errors as FieldError[]) : undefined,
    );
  }
  return data as T;
}

/** One call with a given bearer token (or none): parses the envelope, retries network failures. */
export function send<T>(route: Route, token: string | null, options: SendOptions = {}): Promise<T> {
  const retry = options.retryNetwork ?? route.method === 'GET';
  if (!retry) return once<T>(route, token, options);
  return withRetry(() => once<T>(route, token, options), { shouldRetry: isNetworkFailure, signal: options.signal });
}

export interface UploadOptions {
  params?: Record<string, string>;
  /** Told the fraction sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart/form-data upload with upload progress (fetch cannot report it, XMLHttpRequest can).
 * Not retried on a network failure: an upload that got no answer may have been stored.
 */
export function sendForm<T>(route: Route, token: string | null, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, routeUrl(route.path, options.params));
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.timeout = 120_000;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    });
    const failed = (text: string) => () => reject(new ApiError(0, text, NETWORK_ERROR));
    xhr.addEventListener('error', failed('Network error'));
    xhr.addEventListener('timeout', failed('The upload timed out'));
    xhr.addEventListener('abort', () => reject(options.signal?.reason ?? new DOMException('Aborted', 'AbortError')));
    xhr.addEventListener('load', () => {
      try {
        const answer = parseEnvelope<T>(xhr.status, xhr.statusText, xhr.responseText);
        options.onProgress?.(1);
        resolve(answer);
      } catch (err) {
        reject(err);
      }
    });
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
