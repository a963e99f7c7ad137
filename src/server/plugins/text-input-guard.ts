import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { describeTextPath, findUnstorableText, TEXT_PROBLEM_MESSAGES } from '../lib/storable-text';

const PARTS = [
  { name: 'params', read: (request: FastifyRequest) => request.params },
  { name: 'querystring', read: (request: FastifyRequest) => request.query },
  { name: 'body', read: (request: FastifyRequest) => request.body },
] as const;

/**
 * Every text input of every route is checked once, before the route's own schema: a NUL or an
 * unpaired surrogate anywhere in the path parameters, the query or the body is a 400 naming the
 * field, so no handler ever writes (or e-mails) text the database would refuse halfway through.
 * Raw bodies (signed webhooks keep their bytes) are the route's own to check.
 */
export const textInputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const part of PARTS) {
      const found = findUnstorableText(part.read(request));
      if (!found) continue;
      const field = describeTextPath(found.path, part.name === 'body' ? 'input' : part.name);
      const message = TEXT_PROBLEM_MESSAGES[found.problem];
      throw new AppError(400, 'validation_failed', `${field}: ${message}`, { [field]: message });
    }
  });
});
