import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
  integrationsSchema,
  webhookDeliveryListSchema,
} from '@shared/api/admin-integrations';
import { requireAdmin } from '@server/plugins/authentication';
import { actorOf } from '@server/lib/record-audit';
import { createAdminApiKey, listApiKeys, revokeApiKey } from '@server/modules/api/api-keys';
import { getIntegrations, listWebhookDeliveries } from './get-integrations';
import * as integrationsApi from '@shared/api/contract';
import { serve } from '@server/lib/serve-route';
import { MINUTE_MS } from '@server/plugins/write-budgets';

/** API Integrations (/admin/api): provider, e-mail transport, webhooks, enterprise API keys. */
export const adminIntegrationRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, integrationsApi.integrations, { schema: { response: { 200: integrationsSchema } } }, async () =>
    getIntegrations(app.deps),
  );

  serve(
    app,
    integrationsApi.webhookDeliveries,
    { schema: { response: { 200: webhookDeliveryListSchema } } },
    async () => ({
      deliveries: await listWebhookDeliveries(app.deps.database.db),
    }),
  );

  serve(app, integrationsApi.apiKeys, { schema: { response: { 200: apiKeyListSchema } } }, async () => ({
    keys: await listApiKeys(app.deps.database.db),
  }));

  serve(
    app,
    integrationsApi.createApiKey,
    {
      config: { budget: { per: 'user', max: 10, windowMs: MINUTE_MS } },
      schema: { body: createApiKeySchema, response: { 201: createdApiKeySchema } },
    },
    async (request, reply) => {
      const created = await createAdminApiKey(
        app.deps.database.db,
        request.body,
        actorOf(await requireAdmin(request)),
        { publicUrl: app.deps.config.publicUrl, now: app.deps.clock.now() },
      );
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  serve(
    app,
    integrationsApi.revokeApiKey,
    {
      config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } },
      schema: { params: apiKeyIdParamsSchema, response: { 200: apiKeySchema } },
    },
    async (request) =>
      revokeApiKey(app.deps.database.db, request.params.id, actorOf(await requireAdmin(request)), app.deps.clock.now()),
  );
};
