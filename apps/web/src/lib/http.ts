import type { RouteDef } from '@cue/contract';
import type { z } from 'zod';
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

/**
 * A route of the contract's table. Its schemas are types only in the browser (the build drops them,
 * decision 21): what a call sends and what it answers are inferred from the entry.
 */
export type Route = Pick<RouteDef, 'method' | 'path' | 'access'> &
  Partial<Pick<RouteDef, 'params' | 'query' | 'body' | 'headers' | 'upload' | 'response'>>;

/** The success answer of a route: its envelope (`{ result }`, `{ result, message }` or `{ message }`). */
export type AnswerOf<R> = R extends { response: infer S extends z.ZodType } ? z.output<S> : unknown;
/** The `result` of a route's envelope. */
export type ResultOf<R> = AnswerOf<R> extends { result: infer T } ? T : never;
/** The JSON body a route reads, as the sender writes it (defaults may be left out). */
export type BodyOf<R> = R extends { body: infer S extends z.ZodType } ? z.input<S> : never;
/** The query a route reads, as the sender writes it. */
export type QueryOf<R> = R extends { query: infer S extends z.ZodType } ? Partial<z.input<S>> : never;
/** The path parameters a route reads (`:id` → `{ id }`). */
export type ParamsOf<R> = R extends { params: infer S extends z.ZodType } ? z.input<S> : never;

/**
 * The request headers a route reads, by the names its entry declares (lower-case, as the server reads
 * them: `{ pagenumber: 2 }` is sent as the `PageNumber` header of the spec — header names have no case).
 */
export type HeadersOf<R> = R extends { headers: { shape: infer S extends Record<string, unknown> } }
  ? { [K in keyof S]?: string | number }
  : never;

/** What a call sends: the entry's parts, required where the entry declares them (the query and headers are always optional). */
export type RequestParts<R> = (R extends { params: z.ZodType } ? { params: ParamsOf<R> } : { params?: undefined }) &
  (R extends { body: z.ZodType } ? { body: BodyOf<R> } : { body?: undefined }) &
  (R extends { query: z.ZodType } ? { query?: QueryOf<R> } : { query?: undefined }) &
  // A route that declares headers takes exactly those; any other takes free extra headers (e.g. x-frontend-origin).
  (R extends { headers: z.ZodType } ? { headers?: HeadersOf<R> } : { headers?: Record<string, string> });

export interface TransportOptions {
  signal?: AbortSignal;
  /** Retry network failures with backoff (spec section 7). Defaults to true for GET. */
  retryNetwork?: boolean;
  /** Keep the request alive when the page navigates away (logout). */
  keepalive?: boolean;
}
export type SendOptions<R> = RequestParts<R> & TransportOptions;
/** The options argument: optional when the route needs no params or body. */
export type OptionsArg<O> = Partial<O> extends O ? [options?: O] : [options: O];

/** Only a call that got no answer (no response, timeout, network error) is worth another attempt. */
export const isNetworkFailure = (err: unknown): boolean => err instanceof ApiError && err.code === NETWORK_ERROR;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The route's path with its parameters filled in (`:name`), and the query's set values appended. */
export function routeUrl(path: string, params: object = {}, query: object = {}): string {
  let url = path;
  for (const [name, value] of Object.entries(params)) {
    const encoded = encodeURIComponent(String(value));
    url = url.replace(`:${name}`, encoded).replace(`{${name}}`, encoded);
  }
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

const TIMEOUT_MS = 20_000;

type AnyOptions = {
  params?: object;
  query?: object;
  body?: unknown;
  headers?: Record<string, string | number | undefined>;
} & TransportOptions;

/** The request's own headers as text (a header left undefined is not sent). */
export function headerText(headers: AnyOptions['headers'] = {}): Record<string, string> {
  const text: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) text[name] = String(value);
  return text;
}

async function once<T>(route: Route, token: string | null, options: AnyOptions): Promise<T> {
  const url = routeUrl(route.path, options.params, options.query);
  const own = headerText(options.headers);
  // An answer asked for at start-up was asked without headers: a page of a list (PageNumber) is not it.
  if (route.method === 'GET' && options.body === undefined && Object.keys(own).length === 0) {
    // Asked for at start-up already (lib/early.ts): that answer, unless the request failed on the way.
    const early = await takeEarly(url, token)?.catch(() => undefined);
    if (early) return parseEnvelope<T>(early.status, early.statusText, early.text);
  }
  const headers: Record<string, string> = { ...own, accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
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
export function send<R extends Route>(
  route: R,
  token: string | null,
  ...[options = {} as SendOptions<R>]: OptionsArg<SendOptions<R>>
): Promise<AnswerOf<R>> {
  const opts = options as AnyOptions;
  const retry = opts.retryNetwork ?? route.method === 'GET';
  if (!retry) return once<AnswerOf<R>>(route, token, opts);
  return withRetry(() => once<AnswerOf<R>>(route, token, opts), { shouldRetry: isNetworkFailure, signal: opts.signal });
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
export function sendForm<R extends Route>(
  route: R,
  token: string | null,
  form: FormData,
  options: UploadOptions = {},
): Promise<AnswerOf<R>> {
  type T = AnswerOf<R>;
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
