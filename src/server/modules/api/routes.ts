import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createdVendorApiKeySchema,
  createdWebhookEndpointSchema,
  createVendorApiKeySchema,
  createWebhookEndpointSchema,
  idParamsSchema,
  vendorApiKeySchema,
  vendorApiOverviewSchema,
  webhookDeliveryLogEntrySchema,
  webhookEndpointRemovedSchema,
} from '@shared/api/vendor-api';
import * as integrationsApi from '@shared/api/contract';
import { serve } from '@server/lib/serve-route';
import { requireVendorMember } from '@server/plugins/authentication';
import { actorOf } from '@server/lib/record-audit';
import { createWebhookEndpoint, deleteWebhookEndpoint, queueTestEvent } from '@server/modules/api/webhook-endpoints';
import { createVendorApiKey, revokeVendorApiKey } from './api-keys';
import { getVendorApiOverview } from './get-vendor-api-overview';
import { MINUTE_MS } from '@server/plugins/write-budgets';

/**
 * The vendor's API & Webhooks page (/vendor/api): the owner of an Enterprise vendor creates and
 * revokes API keys and webhook endpoints, and sends a test event. Writes that grant access check
 * the plan on the server (403 "This feature needs the Enterprise plan."); revoking and removing
 * work on any plan, so a vendor that left Enterprise can still clean up.
 */
export const vendorApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database, clock } = app.deps;
  const db = database.db;

  serve(app, integrationsApi.overview, { schema: { response: { 200: vendorApiOverviewSchema } } }, async (request) => {
    const staff = await requireVendorMember(request);
    return getVendorApiOverview(db, staff.membership.vendorId, staff.membership.role === 'owner');
  });

  serve(
    app,
    integrationsApi.createKey,
    {
      config: { budget: { per: 'vendor', max: 5, windowMs: MINUTE_MS } },
      schema: { body: createVendorApiKeySchema, response: { 201: createdVendorApiKeySchema } },
    },
    async (request, reply) => {
      const owner = await requireVendorMember(request, { ownerOnly: true });
      const created = await createVendorApiKey(
        db,
        { vendorId: owner.membership.vendorId, ...request.body },
        actorOf(owner),
        { publicUrl: config.publicUrl, now: clock.now() },
      );
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  serve(
    app,
    integrationsApi.revokeKey,
    {
      config: { budget: { per: 'vendor', max: 30, windowMs: MINUTE_MS } },
      schema: { params: idParamsSchema, response: { 200: vendorApiKeySchema } },
    },
    async (request) => {
      const owner = await requireVendorMember(request, { ownerOnly: true });
      return revokeVendorApiKey(
        db,
        { vendorId: owner.membership.vendorId, keyId: request.params.id, actor: actorOf(owner) },
        clock.now(),
      );
    },
  );

  serve(
    app,
    integrationsApi.createWebhook,
    {
      config: { budget: { per: 'vendor', max: 10, windowMs: MINUTE_MS } },
      schema: { body: createWebhookEndpointSchema, response: { 201: createdWebhookEndpointSchema } },
    },
    async (request, reply) => {
      const owner = await requireVendorMember(request, { ownerOnly: true });
      const created = await createWebhookEndpoint(
        db,
        config,
        { vendorId: owner.membership.vendorId, actor: actorOf(owner), endpoint: request.body },
        clock.now(),
      );
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  serve(
    app,
    integrationsApi.removeWebhook,
    {
      config: { budget: { per: 'vendor', max: 30, windowMs: MINUTE_MS } },
      schema: { params: idParamsSchema, response: { 200: webhookEndpointRemovedSchema } },
    },
    async (request) => {
      const owner = await requireVendorMember(request, { ownerOnly: true });
      return deleteWebhookEndpoint(db, owner.membership.vendorId, request.params.id, actorOf(owner));
    },
  );

  serve(
    app,
    integrationsApi.testWebhook,
    {
      config: { budget: { per: 'vendor', max: 5, windowMs: MINUTE_MS } },
      schema: { params: idParamsSchema, response: { 202: webhookDeliveryLogEntrySchema } },
    },
    async (request, reply) => {
      const owner = await requireVendorMember(request, { ownerOnly: true });
      const delivery = await queueTestEvent(
        db,
        config,
        { vendorId: owner.membership.vendorId, endpointId: request.params.id },
        clock.now(),
      );
      return reply.status(202).send(delivery);
    },
  );
};
