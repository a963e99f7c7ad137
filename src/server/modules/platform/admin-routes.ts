import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityListSchema,
  activityQuerySchema,
  createDailyChaskaSchema,
  createdCardSchema,
  platformStatsSchema,
  systemHealthSchema,
  topVendorListSchema,
  vendorOptionListSchema,
  vendorOptionsQuerySchema,
} from '@shared/platform/admin-dashboard';
import { unavailable } from '@server/errors';
import { requireAdmin } from '@server/plugins/authentication';
import { actorOf } from '@server/lib/record-audit';
import { createHealthMonitor } from './check-system-health';
import { createDailyChaska } from '@server/modules/cards/create-daily-chaska';
import { getPlatformStats } from './get-platform-stats';
import { listRecentActivity } from './list-recent-activity';
import { createCountsCache } from '@server/lib/counts-cache';
import { listTopVendors } from './list-top-vendors';
import { PLATFORM_AGGREGATES_TTL_MS } from '@server/modules/analytics/platform-aggregates';
import { listVendorOptions } from '@server/modules/vendors/list-vendor-options';
import * as platformApi from '@shared/platform/contract';
import { serve } from '@server/lib/serve-route';
import { MINUTE_MS } from '@server/plugins/write-budgets';
import { okSchema } from '@shared/ok';
import {
  adminSupportPageSchema,
  adminSupportQuerySchema,
  adminSupportThreadSchema,
  supportConversationParamsSchema,
  supportMessageInputSchema,
  supportTemplateInputSchema,
  supportTemplateListSchema,
  supportTemplateParamsSchema,
  supportTemplateSchema,
} from '@shared/platform/support-inbox';
import * as supportApi from '@shared/platform/support-contract';
import {
  answerSupportConversation,
  closeSupportConversation,
  listSupportInbox,
  readSupportConversation,
} from './support-admin-inbox';
import {
  createSupportTemplate,
  deleteSupportTemplate,
  listSupportTemplates,
  updateSupportTemplate,
} from './support-templates';

/** The admin dashboard (/admin): stats, activity, top vendors, system health, Daily Chaska. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const checkSystemHealth = createHealthMonitor(app.deps);

  serve(app, platformApi.stats, { schema: { response: { 200: platformStatsSchema } } }, async (request) => {
    try {
      return await getPlatformStats(db(), app.deps.clock.now());
    } catch (error) {
      // The screen shows SPEC.md's "Database Connection Issue" box for this answer.
      request.log.error({ err: error }, 'platform stats could not be read');
      throw unavailable('The platform statistics could not be read from the database.', 'stats_unavailable');
    }
  });

  serve(
    app,
    platformApi.activity,
    { schema: { querystring: activityQuerySchema, response: { 200: activityListSchema } } },
    async (request) => ({
      items: await listRecentActivity(db(), request.query.limit),
    }),
  );

  // Ranking every vendor by its customers reads all of user_cards: memoised briefly, like the
  // marketplace counts (docs/decisions/009), since the dashboard is reopened far more often than it changes.
  const platformAggregates = createCountsCache(PLATFORM_AGGREGATES_TTL_MS);
  serve(app, platformApi.topVendors, { schema: { response: { 200: topVendorListSchema } } }, async () => ({
    vendors: await platformAggregates.get('top-vendors', () => listTopVendors(db())),
  }));

  serve(app, platformApi.systemHealth, { schema: { response: { 200: systemHealthSchema } } }, async () =>
    checkSystemHealth(app.deps.clock.now()),
  );

  serve(
    app,
    platformApi.vendorOptions,
    { schema: { querystring: vendorOptionsQuerySchema, response: { 200: vendorOptionListSchema } } },
    async (request) => ({
      vendors: await listVendorOptions(db(), request.query),
    }),
  );

  serve(
    app,
    platformApi.createDailyChaska,
    {
      config: { budget: { per: 'user', max: 20, windowMs: MINUTE_MS } },
      schema: { body: createDailyChaskaSchema, response: { 201: createdCardSchema } },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const card = await createDailyChaska(app.deps.database.db, request.body, actorOf(admin), app.deps.clock.now());
      return reply.status(201).send(card);
    },
  );
};

/** The Chat Assistant (/admin/chat): the support inbox, answered with saved replies in both languages. */
export const adminSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const adminWrite = { budget: { per: 'user', max: 30, windowMs: MINUTE_MS } } as const;

  serve(
    app,
    supportApi.adminSupportConversations,
    { schema: { querystring: adminSupportQuerySchema, response: { 200: adminSupportPageSchema } } },
    async (request) => listSupportInbox(db(), request.query),
  );

  serve(
    app,
    supportApi.adminSupportConversation,
    { schema: { params: supportConversationParamsSchema, response: { 200: adminSupportThreadSchema } } },
    async (request) => readSupportConversation(db(), request.params.id),
  );

  serve(
    app,
    supportApi.answerSupportConversation,
    {
      config: adminWrite,
      schema: {
        params: supportConversationParamsSchema,
        body: supportMessageInputSchema,
        response: { 200: adminSupportThreadSchema },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return answerSupportConversation(
        { db: db(), email: app.deps.email, config: app.deps.config },
        { conversationId: request.params.id, actor: actorOf(admin), message: request.body.message },
        app.deps.clock.now(),
      );
    },
  );

  serve(
    app,
    supportApi.adminCloseSupportConversation,
    {
      config: adminWrite,
      schema: { params: supportConversationParamsSchema, response: { 200: adminSupportThreadSchema } },
    },
    async (request) => closeSupportConversation(db(), request.params.id, actorOf(await requireAdmin(request))),
  );

  serve(app, supportApi.supportTemplates, { schema: { response: { 200: supportTemplateListSchema } } }, async () => ({
    templates: await listSupportTemplates(db()),
  }));

  serve(
    app,
    supportApi.createSupportTemplate,
    { config: adminWrite, schema: { body: supportTemplateInputSchema, response: { 201: supportTemplateSchema } } },
    async (request, reply) => {
      const template = await createSupportTemplate(
        db(),
        request.body,
        actorOf(await requireAdmin(request)),
        app.deps.clock.now(),
      );
      return reply.status(201).send(template);
    },
  );

  serve(
    app,
    supportApi.updateSupportTemplate,
    {
      config: adminWrite,
      schema: {
        params: supportTemplateParamsSchema,
        body: supportTemplateInputSchema,
        response: { 200: supportTemplateSchema },
      },
    },
    async (request) =>
      updateSupportTemplate(
        db(),
        { templateId: request.params.id, actor: actorOf(await requireAdmin(request)), template: request.body },
        app.deps.clock.now(),
      ),
  );

  serve(
    app,
    supportApi.deleteSupportTemplate,
    { config: adminWrite, schema: { params: supportTemplateParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      await deleteSupportTemplate(db(), request.params.id, actorOf(await requireAdmin(request)));
      return { ok: true as const };
    },
  );
};
