import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppError } from '@server/errors';
import { invalidFields } from '@server/errors';
import { findTooDeep, MAX_INPUT_DEPTH } from '@server/lib/input-depth';
import { describeTextPath, findUnstorableText, TEXT_PROBLEM_MESSAGES } from '@server/lib/storable-text';

const PARTS = [
  { name: 'params', read: (request: FastifyRequest) => request.params },
  { name: 'querystring', read: (request: FastifyRequest) => request.query },
  { name: 'body', read: (request: FastifyRequest) => request.body },
] as const;

function refuse(field: string, message: string): AppError {
  return invalidFields(`${field}: ${message}`, { [field]: message }, 'validation_failed');
}

const TOO_DEEP_MESSAGE = `is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`;

/**
 * Every input of every route is checked once, before the route's own schema, for what no route
 * can take: a NUL or an unpaired surrogate anywhere in the path parameters, the query or the body
 * (the database would refuse it halfway through a handler, after an e-mail went out), and a body
 * nested deeper than any form (code that recurses over it would run out of stack). Either is a
 * 400 naming the field. Raw bodies (signed webhooks keep their bytes) are the route's own to check.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const part of PARTS) {
      const value = part.read(request);
      const fallback = part.name === 'body' ? 'input' : part.name;
      const tooDeep = findTooDeep(value);
      // The top-level field: a path dozens of levels long names nothing a person can find.
      if (tooDeep) throw refuse(describeTextPath(tooDeep.slice(0, 1), fallback), TOO_DEEP_MESSAGE);
      const found = findUnstorableText(value);
      if (found) throw refuse(describeTextPath(found.path, fallback), TEXT_PROBLEM_MESSAGES[found.problem]);
    }
  });
});
