import { ERROR_CODES, type ErrorCode, MESSAGES, UNSAFE_TEXT_MESSAGE } from '@cue/contract';
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import pino from 'pino';
import { AppError } from '../errors.js';

type Fields = Error & Record<string, unknown>;
const SQLSTATE = /^[0-9A-Z]{5}$/;
/** A failed query (Drizzle's wrapper) or the driver's error (node-postgres, PGlite): both can quote the values. */
const isDatabaseError = (e: Fields) =>
  e instanceof DrizzleQueryError ||
  (typeof e.query === 'string' && 'params' in e) ||
  (typeof e.code === 'string' && SQLSTATE.test(e.code) && 'severity' in e);
const causes = (err: Error): Fields[] => {
  const chain: Fields[] = [];
  for (let e: unknown = err; e instanceof Error && chain.length < 8; e = e.cause) chain.push(e as Fields);
  return chain;
};
/** The stack's frames without its first lines (the message, which a failed query fills with its values). */
const frames = (stack: unknown) =>
  typeof stack === 'string' && stack.includes('\n    at ') ? stack.slice(stack.indexOf('\n    at ') + 1) : '';

/**
 * How an error is written to the log (the logger's `err` serializer). A database error is written as
 * its SQL text (placeholders, not values) and its SQLSTATE code only: its message, parameters, detail
 * and the driver's error behind it can all quote what a person typed. Other errors as pino writes them.
 */
export function serializeError(err: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  const chain = causes(err);
  if (!chain.some(isDatabaseError)) return pino.stdSerializers.err(err);
  const query = chain.map((e) => e.query).find((q): q is string => typeof q === 'string');
  const code = chain.map((e) => e.code).find((c): c is string => typeof c === 'string' && SQLSTATE.test(c));
  return {
    type: chain.map((e) => e.constructor.name).join(' < '),
    message: 'Failed query',
    ...(query ? { query } : {}),
    ...(code ? { code } : {}),
    stack: frames(err.stack),
  };
}

/** A validation error naming the field whose text PostgreSQL could not store (a null byte, a lone surrogate). */
export const unsafeTextError = (field: string) =>
  new AppError(400, `${field}: ${UNSAFE_TEXT_MESSAGE}`, ERROR_CODES.validation, [{ field, message: UNSAFE_TEXT_MESSAGE }]);

/** The contract's code for a refusal Fastify or a plugin made (a body too large, a content type it cannot read). */
const frameworkCode = (status: number): ErrorCode =>
  status === 413
    ? ERROR_CODES.payloadTooLarge
    : status === 415 || status === 406
      ? ERROR_CODES.unsupportedMediaType
      : status === 404
        ? ERROR_CODES.notFound
        : ERROR_CODES.badRequest;

/** The one place that turns a failure into the envelope `{ message, code, errors? }`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply
        .status(err.status)
        .send({ message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => {
        const field = (v.instancePath || '').replace(/^\//, '').replaceAll('/', '.');
        return { field: field || err.validationContext || 'body', message: v.message ?? 'Invalid value' };
      });
      const first = errors[0];
      const message = first ? `${first.field}: ${first.message}` : MESSAGES.validationFailed;
      return reply.status(400).send({ message, code: ERROR_CODES.validation, errors });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err.statusCode === 400 && err instanceof SyntaxError)) {
      return reply.status(400).send({ message: MESSAGES.invalidJson, code: ERROR_CODES.invalidJson });
    }
    if (err.statusCode === 429) {
      return reply.status(429).send({ message: MESSAGES.tooManyRequests, code: ERROR_CODES.rateLimited });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's and its plugins' own refusals (FST_… codes) answer with the contract's code for their kind.
      return reply.status(err.statusCode).send({ message: err.message, code: frameworkCode(err.statusCode) });
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send({ message: MESSAGES.internal, code: ERROR_CODES.internal });
  });
}
