import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAnalyticsQuerySchema, adminAnalyticsSchema } from '@shared/analytics/admin-analytics';
import { createCountsCache } from '@server/lib/counts-cache';
import { getPlatformAnalytics } from './get-platform-analytics';
import { PLATFORM_AGGREGATES_TTL_MS } from './platform-aggregates';
import * as analyticsApi from '@shared/analytics/contract';
import { serve } from '@server/lib/serve-route';

/** Analytics & Reports (/admin/analytics). */
export const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The range's daily rollups (decision 048) by day, and joined to every vendor by city and category:
  // still a platform-wide aggregate, memoised briefly per range (docs/decisions/009).
  const platformAggregates = createCountsCache(PLATFORM_AGGREGATES_TTL_MS);
  serve(
    app,
    analyticsApi.platformAnalytics,
    { schema: { querystring: adminAnalyticsQuerySchema, response: { 200: adminAnalyticsSchema } } },
    async (request) =>
      platformAggregates.get(`analytics:${request.query.range}`, () =>
        // Read-only: from the read replica when there is one (decision 049).
        app.deps.reads.run((db) => getPlatformAnalytics(db, request.query.range, app.deps.clock.now())),
      ),
  );
};
