import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailLogPageSchema, emailLogQuerySchema } from '@shared/admin-emails';
import { outboxPageSchema, outboxQuerySchema } from '@shared/outbox';
import { requireAdmin } from '@server/plugins/authentication';
import { listEmailLogs } from './list-email-logs';
import { listOutbox } from './list-outbox';

export const adminEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/emails',
    { schema: { querystring: outboxQuerySchema, response: { 200: outboxPageSchema } } },
    async (request) => {
      await requireAdmin(request);
      return listOutbox(app.deps.database.db, request.query);
    },
  );

  app.get(
    '/admin/email-logs',
    { schema: { querystring: emailLogQuerySchema, response: { 200: emailLogPageSchema } } },
    async (request) => {
      await requireAdmin(request);
      return listEmailLogs(app.deps.database.db, request.query);
    },
  );
};
