import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_BASE } from '@cue/contract';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once: with no per-request parts (no nonces) they are the same for every
 * response, so each reply is given the finished set instead of running helmet's middleware (which parses
 * the policy anew on every request).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/** True for a request to the API (`/api`, `/api/...`, `/api?...`), not for `/apiary` or the web app's files. */
export function isApiRequest(url: string): boolean {
  if (!url.startsWith(API_BASE)) return false;
  const next = url.charAt(API_BASE.length);
  return next === '' || next === '/' || next === '?';
}

/**
 * Every reply gets the security headers. API answers (success or error) also get
 * `Cache-Control: no-store`: they hold personal data that no browser or proxy cache may keep. Uploaded
 * files (`/media/`) and the web app's assets keep their own cache lifetimes.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiRequest(request.url) ? apiHeaders : headers);
    done();
  });
}
