import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailLogPageSchema, emailLogQuerySchema } from '@shared/notifications/admin-emails';
import {
  outboxPageSchema,
  outboxQuerySchema,
  textCostsQuerySchema,
  textCostsSchema,
  textOutboxPageSchema,
  textOutboxQuerySchema,
} from '@shared/notifications/outbox';
import { requireAdmin } from '@server/plugins/authentication';
import { listEmailLogs } from './list-email-logs';
import { listOutbox, listTextCosts, listTextOutbox } from './list-outbox';
import * as notificationsApi from '@shared/notifications/contract';
import { serve } from '@server/lib/serve-route';

export const adminEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    notificationsApi.emails,
    { schema: { querystring: outboxQuerySchema, response: { 200: outboxPageSchema } } },
    async (request) => {
      await requireAdmin(request);
      return listOutbox(app.deps.database.db, request.query);
    },
  );

  serve(
    app,
    notificationsApi.textMessages,
    { schema: { querystring: textOutboxQuerySchema, response: { 200: textOutboxPageSchema } } },
    async (request) => {
      await requireAdmin(request);
      return listTextOutbox(app.deps.database.db, request.query);
    },
  );

  serve(
    app,
    notificationsApi.textCosts,
    { schema: { querystring: textCostsQuerySchema, response: { 200: textCostsSchema } } },
    async (request) => {
      await requireAdmin(request);
      return listTextCosts(app.deps.database.db, request.query, app.deps.clock.now());
    },
  );

  serve(
    app,
    notificationsApi.emailLogs,
    { schema: { querystring: emailLogQuerySchema, response: { 200: emailLogPageSchema } } },
    async (request) => {
      await requireAdmin(request);
      return listEmailLogs(app.deps.database.db, request.query);
    },
  );
};
