import type { FastifyPluginAsync } from 'fastify';
import { headersOf } from './better-auth-bridge';

/** Better Auth's own endpoints (OAuth callbacks, session reads) under /api/auth/*. */
export const authHandlerRoutes: FastifyPluginAsync = async (app) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    async handler(request, reply) {
      const url = new URL(request.url, app.deps.config.publicUrl);
      const body = request.body === undefined || request.method === 'GET' ? undefined : JSON.stringify(request.body);
      const response = await app.deps.auth.handler(new Request(url, { method: request.method, headers: headersOf(request), body }));
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? await response.text() : null);
    },
  });
};
