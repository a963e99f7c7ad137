import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@shared/platform/health';
import { DATABASE_UNAVAILABLE } from '@server/db/database-unavailable';
import * as platformApi from '@shared/platform/contract';
import { serve } from '@server/lib/serve-route';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    platformApi.health,
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const { database, reads, startedAt, clock } = app.deps;
      const started = performance.now();
      let state: 'up' | 'down' = 'up';
      try {
        await database.ping();
      } catch {
        state = 'down';
      }
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      const readReplica = await reads.health();
      const body = {
        status: state === 'up' ? ('ok' as const) : ('degraded' as const),
        database: { state, kind: database.kind, latencyMs },
        ...(readReplica ? { readReplica } : {}),
        uptimeSeconds: Math.round((clock.now().getTime() - startedAt.getTime()) / 1000),
      };
      if (state === 'down')
        return reply.status(503).header('retry-after', String(DATABASE_UNAVAILABLE.retryAfterSeconds)).send(body);
      return reply.status(200).send(body);
    },
  );
};
