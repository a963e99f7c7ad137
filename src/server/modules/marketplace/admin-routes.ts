import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  socialOverviewSchema,
  socialPostIdParamsSchema,
  socialPostNowSchema,
  socialPostPageSchema,
  socialPostQuerySchema,
  socialPostSchema,
  socialScheduleInputSchema,
  socialScheduleSchema,
} from '@shared/marketplace/social-api';
import * as marketplaceApi from '@shared/marketplace/contract';
import { actorOf } from '@server/lib/record-audit';
import { serve } from '@server/lib/serve-route';
import { requireAdmin } from '@server/plugins/authentication';
import { MINUTE_MS } from '@server/plugins/write-budgets';
import { listSocialPosts } from './social-history';
import { postTodaysDealsNow } from './post-todays-deals-now';
import { retrySocialPost } from './retry-social-post';
import { getSocialOverview, saveSocialSchedule } from './social-schedule';

/** The Social Media Agent (/admin/social): the platform's deals on its Facebook Page and Instagram. */
export const adminMarketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  serve(app, marketplaceApi.socialOverview, { schema: { response: { 200: socialOverviewSchema } } }, async () =>
    getSocialOverview(db(), app.deps.config),
  );

  serve(
    app,
    marketplaceApi.saveSocialSchedule,
    {
      config: { budget: { per: 'user', max: 30, windowMs: MINUTE_MS } },
      schema: { body: socialScheduleInputSchema, response: { 200: socialScheduleSchema } },
    },
    async (request) =>
      saveSocialSchedule(db(), request.body, actorOf(await requireAdmin(request)), app.deps.clock.now()),
  );

  serve(
    app,
    marketplaceApi.socialPosts,
    { schema: { querystring: socialPostQuerySchema, response: { 200: socialPostPageSchema } } },
    async (request) => listSocialPosts(db(), request.query),
  );

  serve(
    app,
    marketplaceApi.postTodaysDealsNow,
    {
      // Each press reads the day's deals; the slots make a second press post nothing twice.
      config: { budget: { per: 'user', max: 10, windowMs: MINUTE_MS } },
      schema: { response: { 200: socialPostNowSchema } },
    },
    async (request) =>
      postTodaysDealsNow(db(), app.deps.config, actorOf(await requireAdmin(request)), app.deps.clock.now()),
  );

  serve(
    app,
    marketplaceApi.retrySocialPost,
    {
      config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } },
      schema: { params: socialPostIdParamsSchema, response: { 200: socialPostSchema } },
    },
    async (request) =>
      retrySocialPost(db(), request.params.id, actorOf(await requireAdmin(request)), app.deps.clock.now()),
  );
};
