import type { ErrorCode } from '@shared/api-error';
/** An error a person can act on; the error plugin turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** When the same request may succeed again: the answer's Retry-After (every 429 has one). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/*
 * The one family of errors: every refusal is one of these helpers, named by its HTTP meaning,
 * with a code the client can branch on (the default code when none is more precise). Only this
 * file writes `new AppError` (lint enforces it, see eslint.config.js).
 */
export const badRequest = (message: string, code: ErrorCode = 'bad_request') => new AppError(400, code, message);
/** A 400 that names the fields at fault, for the form to show beside them. */
export const invalidFields = (message: string, fields: Record<string, string>, code: ErrorCode = 'bad_request') =>
  new AppError(400, code, message, fields);
export const unauthorized = (message = 'Please sign in to continue.', code: ErrorCode = 'unauthorized') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You do not have permission to do that.', code: ErrorCode = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found.', code: ErrorCode = 'not_found') => new AppError(404, code, message);
export const conflict = (message: string, code: ErrorCode = 'conflict') => new AppError(409, code, message);
export const unprocessable = (message: string, code: ErrorCode = 'unprocessable') => new AppError(422, code, message);
/** Over a limit: the seconds until it lets the request through again are required, for Retry-After. */
export const tooManyRequests = (message: string, retryAfterSeconds: number, code: ErrorCode = 'rate_limited') =>
  new AppError(429, code, message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
/** Another service (the payment provider, a mail server) failed us: 502. */
export const badGateway = (message: string, code: ErrorCode = 'bad_gateway') => new AppError(502, code, message);
/** We cannot answer right now; the person may try again: 503. */
export const unavailable = (message: string, code: ErrorCode = 'unavailable') => new AppError(503, code, message);
/** A plan below the feature: 403 plan_required, optionally naming the form field it locks. */
export const planRequired = (message: string, fields?: Record<string, string>) =>
  new AppError(403, 'plan_required', message, fields);
/** An error whose status is decided elsewhere (an upstream answer mapped to ours); a 429 says when to retry. */
export const errorWithStatus = (
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  retryAfterSeconds?: number,
) => new AppError(status, code, message, fields, retryAfterSeconds);
