import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authCookiePrefix, carriesAuthCookie } from './auth-cookies';

/**
 * An /api answer to a signed-in request (or one that sets a cookie) is that person's own: no
 * browser disk cache, proxy or CDN may keep it, so it is sent with `Cache-Control: no-store`.
 * A route that chose its caching itself keeps its choice. Signed-out visitors' answers get no
 * header: they are the same for everyone (the marketplace memo of docs/decisions/010 relies on it).
 */
export const sessionResponsesNoStorePlugin = fp(async (app: FastifyInstance) => {
  const prefix = authCookiePrefix(app);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('cache-control')) return payload;
    if (carriesAuthCookie(request, prefix) || reply.hasHeader('set-cookie')) reply.header('cache-control', 'no-store');
    return payload;
  });
});
