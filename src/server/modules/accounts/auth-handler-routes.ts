import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { headersOf } from './better-auth-bridge';

/**
 * The only Better Auth endpoint reachable from outside: Google's return to the app
 * (GET /api/auth/callback/google). Everything else Better Auth offers (sign-in, sign-up, reset,
 * sessions, two-factor...) is called in-process by our /api/accounts routes, which apply our
 * validation and rate limits; any other /api/auth path answers 404. See docs/decisions/011.
 */
export const OAUTH_CALLBACK_PATH = '/auth/callback/google';

export const authHandlerRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.deps.config.google) return;
  app.get(OAUTH_CALLBACK_PATH, async (request, reply) => {
    const url = new URL(request.url, app.deps.config.publicUrl);
    const response = await app.deps.auth.handler(new Request(url, { method: 'GET', headers: headersOf(request) }));
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return reply.send(response.body ? await response.text() : null);
  });
};
