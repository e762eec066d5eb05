import { ERROR_CODES, type ErrorCode, MESSAGES } from '@cue/contract';

/** A failure a caller can act on: an HTTP status, a human sentence and a machine code of the contract's `ERROR_CODES`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: ErrorCode = ERROR_CODES.validation, field?: string) =>
  new AppError(400, message, code, field ? [{ field, message }] : undefined);
export const unauthorized = (message: string = MESSAGES.unauthorized, code: ErrorCode = ERROR_CODES.unauthorized) =>
  new AppError(401, message, code);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, message, ERROR_CODES.forbidden);
export const notFound = (message: string = MESSAGES.notFound, code: ErrorCode = ERROR_CODES.notFound) =>
  new AppError(404, message, code);
export const conflict = (message: string, code: ErrorCode = ERROR_CODES.conflict) => new AppError(409, message, code);
export const tooMany = (message: string, code: ErrorCode = ERROR_CODES.rateLimited) => new AppError(429, message, code);
