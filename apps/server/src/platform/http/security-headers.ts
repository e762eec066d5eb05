import type { IncomingMessage, ServerResponse } from 'node:http';
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

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
