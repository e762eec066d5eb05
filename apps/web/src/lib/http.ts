import { RETRY_BASE_DELAY_MS, RETRY_JITTER, RETRY_MAX_ATTEMPTS, type RouteDef } from '@cue/contract';

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
  /** Keep the request alive when the page navigates away (logout). */
  keepalive?: boolean;
}

const TIMEOUT_MS = 20_000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** Exponential backoff from RETRY_BASE_DELAY_MS with +/- RETRY_JITTER. */
export const retryDelay = (attempt: number, random = Math.random): number =>
  RETRY_BASE_DELAY_MS * 2 ** (attempt - 1) * (1 + (random() * 2 - 1) * RETRY_JITTER);

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
  const headers: Record<string, string> = { accept: 'application/json' };
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
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const body = isRecord(data) ? data : {};
    throw new ApiError(
      response.status,
      typeof body.message === 'string' ? body.message : response.statusText || `HTTP ${response.status}`,
      typeof body.code === 'string' ? body.code : `HTTP_${response.status}`,
      Array.isArray(body.errors) ? (body.errors as FieldError[]) : undefined,
    );
  }
  return data as T;
}

/** One call with a given bearer token (or none): parses the envelope, retries network failures. */
export async function send<T>(route: Route, token: string | null, options: SendOptions = {}): Promise<T> {
  const attempts = (options.retryNetwork ?? route.method === 'GET') ? RETRY_MAX_ATTEMPTS : 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return await once<T>(route, token, options);
    } catch (err) {
      const networkFailure = err instanceof ApiError && err.code === NETWORK_ERROR;
      if (!networkFailure || attempt >= attempts) throw err;
      await sleep(retryDelay(attempt), options.signal);
    }
  }
}
