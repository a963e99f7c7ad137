import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsQuerySchema, vendorAnalyticsSchema, type AnalyticsQuery } from '@shared/analytics/vendor-analytics';
import type { FastifyRequest } from 'fastify';
import { requireVendorMember } from '@server/plugins/authentication';
import { loadVendor, planOf } from '@server/modules/billing/vendor-plan';
import { assertAnalyticsFeature } from './analytics-access';
import { analyticsCsvRows } from './analytics-document';
import { renderAnalyticsPdf } from './analytics-pdf';
import { renderAnalyticsReportHtml } from './analytics-report-html';
import { getVendorAnalytics } from './get-vendor-analytics';
import { pakistanDateKey } from '@shared/pakistan-time';
import { toCsv } from '@server/lib/csv';
import * as analyticsApi from '@shared/analytics/contract';
import { serve } from '@server/lib/serve-route';

/**
 * Owner and staff read analytics; what they see is bounded by the plan's analytics level.
 * Analytics and their exports only read, so they come from the read replica when there is one
 * (decision 049); who is asking is read from the primary (the session) as everywhere.
 */
export const vendorAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  async function load(request: FastifyRequest, query: AnalyticsQuery, feature?: 'csv' | 'pdf' | 'report') {
    const viewer = await requireVendorMember(request);
    const now = app.deps.clock.now();
    const { vendor, analytics } = await app.deps.reads.run(async (db) => {
      const vendor = await loadVendor(db, viewer.membership.vendorId);
      if (feature) assertAnalyticsFeature(planOf(vendor).limits.analytics, feature);
      return { vendor, analytics: await getVendorAnalytics(db, vendor.id, query, now) };
    });
    const fileName = `chaska-analytics-${vendor.slug}-${query.range}-${pakistanDateKey(now)}`;
    return { vendor, analytics, fileName, now };
  }

  serve(
    app,
    analyticsApi.analytics,
    { schema: { querystring: analyticsQuerySchema, response: { 200: vendorAnalyticsSchema } } },
    async (request) => {
      return (await load(request, request.query)).analytics;
    },
  );

  app.get('/vendor/analytics/export.csv', { schema: { querystring: analyticsQuerySchema } }, async (request, reply) => {
    const { vendor, analytics, fileName } = await load(request, request.query, 'csv');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}.csv"`)
      .header('cache-control', 'no-store')
      .send(toCsv(analyticsCsvRows(vendor.businessName, analytics)));
  });

  app.get('/vendor/analytics/export.pdf', { schema: { querystring: analyticsQuerySchema } }, async (request, reply) => {
    const { vendor, analytics, fileName, now } = await load(request, request.query, 'pdf');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}.pdf"`)
      .header('cache-control', 'no-store')
      .send(await renderAnalyticsPdf(vendor.businessName, analytics, now));
  });

  app.get('/vendor/analytics/report', { schema: { querystring: analyticsQuerySchema } }, async (request, reply) => {
    const { vendor, analytics, now } = await load(request, request.query, 'report');
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderAnalyticsReportHtml(vendor.businessName, analytics, now));
  });
};
