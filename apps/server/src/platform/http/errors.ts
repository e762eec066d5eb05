import { ERROR_CODES, MESSAGES } from '@cue/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

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
      return reply.status(err.statusCode).send({ message: err.message, code: err.code ?? ERROR_CODES.validation });
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send({ message: MESSAGES.internal, code: ERROR_CODES.internal });
  });
}
