import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '@server/db/database-unavailable';
import { isTransactionConflict, TRANSACTION_CONFLICT } from '@server/db/transaction-conflict';
import type { ApiErrorBody, FrameworkErrorCode } from '@shared/api-error';
import { AppError } from '@server/errors';

function fieldLabel(path: string): string {
  return path.replace(/^\/?((body|querystring|params|headers)(\/|$))?/, '').replace(/\//g, '.') || 'input';
}

/** Fastify's refusal of a request it cannot read keeps Fastify's code, lower-cased; any other 4xx is a bad request. */
function frameworkCode(code: string | undefined): FrameworkErrorCode | 'bad_request' {
  const lower = code?.toLowerCase();
  return lower?.startsWith('fst_') ? (lower as FrameworkErrorCode) : 'bad_request';
}

/** One error shape for every answer; bad input is a readable 400, never a 500. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0] ?? '/';
  return reply.status(404).send({
    error: { code: 'not_found', message: `No route for ${request.method} ${pathname}` },
  } satisfies ApiErrorBody);
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send({
        error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      } satisfies ApiErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldLabel(issue.instancePath);
        fields[name] ??= issue.message ?? 'is not valid';
      }
      const [first] = Object.entries(fields);
      const message = first ? `${first[0]}: ${first[1]}` : 'The request is not valid.';
      return reply.status(400).send({ error: { code: 'validation_failed', message, fields } } satisfies ApiErrorBody);
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return reply.status(fastifyError.statusCode).send({
        error: { code: frameworkCode(fastifyError.code), message: fastifyError.message },
      } satisfies ApiErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug: the database is restarting or out of reach, and the pool reconnects by itself.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_UNAVAILABLE.retryAfterSeconds))
        .send({
          error: { code: DATABASE_UNAVAILABLE.code, message: DATABASE_UNAVAILABLE.message },
        } satisfies ApiErrorBody);
    }
    if (isTransactionConflict(error)) {
      // Not a bug either: another transaction got in the way and PostgreSQL undid this one whole.
      request.log.warn({ err: error }, 'transaction conflict');
      return reply
        .status(503)
        .header('retry-after', String(TRANSACTION_CONFLICT.retryAfterSeconds))
        .send({
          error: { code: TRANSACTION_CONFLICT.code, message: TRANSACTION_CONFLICT.message },
        } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
    } satisfies ApiErrorBody);
  });
});

/** API-only apps (tests) answer every unknown path with the JSON error shape. */
export const jsonNotFoundPlugin = fp(async (app: FastifyInstance) => {
  app.setNotFoundHandler(sendNotFound);
});
