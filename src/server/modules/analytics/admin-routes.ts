import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAnalyticsQuerySchema, adminAnalyticsSchema } from '@shared/analytics/admin-analytics';
import type { AnalyticsRange } from '@shared/analytics/vendor-analytics';
import { pakistanDateKey } from '@shared/pakistan-time';
import { createCountsCache } from '@server/lib/counts-cache';
import { getPlatformAnalytics } from './get-platform-analytics';
import { PLATFORM_AGGREGATES_TTL_MS } from './platform-aggregates';
import { platformAnalyticsDocument } from './analytics-document';
import { ANALYTICS_EXPORT_BUDGET, sendAnalyticsExport } from './routes';
import * as analyticsApi from '@shared/analytics/contract';
import { serve } from '@server/lib/serve-route';

/** Analytics & Reports (/admin/analytics), and its CSV and PDF exports as the vendor's. */
export const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The range's daily rollups (decision 048) by day, and joined to every vendor by city and category:
  // still a platform-wide aggregate, memoised briefly per range (docs/decisions/009).
  const platformAggregates = createCountsCache(PLATFORM_AGGREGATES_TTL_MS);
  const load = (range: AnalyticsRange) =>
    platformAggregates.get(`analytics:${range}`, () =>
      // Read-only: from the read replica when there is one (decision 049).
      app.deps.reads.runHeavy((db) => getPlatformAnalytics(db, range, app.deps.clock.now())),
    );

  serve(
    app,
    analyticsApi.platformAnalytics,
    { schema: { querystring: adminAnalyticsQuerySchema, response: { 200: adminAnalyticsSchema } } },
    async (request) => load(request.query.range),
  );

  for (const kind of ['csv', 'pdf'] as const) {
    app.get(
      `/admin/analytics/export.${kind}`,
      { config: { budget: ANALYTICS_EXPORT_BUDGET }, schema: { querystring: adminAnalyticsQuerySchema } },
      async (request, reply) => {
        const now = app.deps.clock.now();
        const analytics = await load(request.query.range);
        const fileName = `chaska-platform-analytics-${request.query.range}-${pakistanDateKey(now)}`;
        return sendAnalyticsExport(reply, kind, fileName, platformAnalyticsDocument(analytics), now);
      },
    );
  }
};
