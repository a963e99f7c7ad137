import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsExportQuerySchema,
  analyticsQuerySchema,
  averageSpendSchema,
  vendorAnalyticsSchema,
  type AnalyticsExportQuery,
} from '@shared/analytics/vendor-analytics';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireVendorMember } from '@server/plugins/authentication';
import { MINUTE_MS, type CountedBudget } from '@server/plugins/write-budgets';
import { loadVendor, planOf } from '@server/modules/billing/vendor-plan';
import { assertAnalyticsFeature } from './analytics-access';
import { analyticsCsvRows, vendorAnalyticsDocument, type AnalyticsDocument } from './analytics-document';
import { renderAnalyticsPdf } from './analytics-pdf';
import { renderAnalyticsReportHtml } from './analytics-report-html';
import { getVendorAnalytics } from './get-vendor-analytics';
import { exportDocumentByBranch } from './branch-export';
import { saveAverageSpend } from './average-spend';
import { getMonthHealth, getProgrammeHealth, saveMonthBills } from './programme-health';
import { monthlyReportDocument } from './monthly-report';
import { getMonthlyReportSettings, saveMonthlyReportChannel } from './send-monthly-reports';
import {
  healthQuerySchema,
  monthBillsSchema,
  monthlyReportChannelSchema,
  monthlyReportSettingsSchema,
  programmeHealthSchema,
  reportMonthQuerySchema,
} from '@shared/analytics/programme-health';
import { fieldText } from '@shared/field-messages';
import { invalidFields } from '@server/errors';
import { pakistanDateKey, startOfPakistanMonth } from '@shared/pakistan-time';
import { toCsv } from '@server/lib/csv';
import { rangeStart } from '@server/lib/pakistan-calendar';
import * as analyticsApi from '@shared/analytics/contract';
import { serve } from '@server/lib/serve-route';
import { currentTextLanguage, inTextLanguage } from '@server/lib/texts';

/**
 * How often one person may export analytics (the vendor's and the admin's): a PDF is drawn on the
 * server, and a range reads a year of rollups, so exports are counted like writes.
 */
export const ANALYTICS_EXPORT_BUDGET: CountedBudget = { per: 'user', max: 20, windowMs: MINUTE_MS };

/** Sends an analytics export as a CSV or PDF download named `<fileName>.<kind>`. */
export async function sendAnalyticsExport(
  reply: FastifyReply,
  kind: 'csv' | 'pdf',
  fileName: string,
  document: AnalyticsDocument,
  now: Date,
) {
  reply.header('content-disposition', `attachment; filename="${fileName}.${kind}"`).header('cache-control', 'no-store');
  if (kind === 'csv')
    return reply.header('content-type', 'text/csv; charset=utf-8').send(toCsv(analyticsCsvRows(document)));
  return reply.header('content-type', 'application/pdf').send(await renderAnalyticsPdf(document, now));
}

/**
 * Owner and staff read analytics; what they see is bounded by the plan's analytics level.
 * Analytics and their exports only read, so they come from the read replica when there is one
 * (decision 049); who is asking is read from the primary (the session) as everywhere.
 */
export const vendorAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  async function load(request: FastifyRequest, query: AnalyticsExportQuery, feature?: 'csv' | 'pdf' | 'report') {
    const viewer = await requireVendorMember(request);
    const now = app.deps.clock.now();
    const { branchId, ...analyticsQuery } = query;
    const { vendor, analytics, document } = await app.deps.reads.runHeavy(async (db) => {
      const vendor = await loadVendor(db, viewer.membership.vendorId);
      if (feature) assertAnalyticsFeature(planOf(vendor).limits.analytics, feature);
      const analytics = await getVendorAnalytics(db, vendor.id, analyticsQuery, now);
      const document = vendorAnalyticsDocument(vendor.businessName, analytics);
      // An export is split by branch, and narrowed to the page's branch filter (decision 089).
      if (!feature) return { vendor, analytics, document };
      const from = rangeStart(query.range, now);
      const byBranch = await exportDocumentByBranch(db, {
        vendorId: vendor.id,
        businessName: vendor.businessName,
        from,
        branchId,
        analytics,
        document,
      });
      return { vendor, analytics, document: byBranch };
    });
    const fileName = `chaska-analytics-${vendor.slug}-${query.range}-${pakistanDateKey(now)}`;
    return { document, analytics, fileName, now };
  }

  serve(
    app,
    analyticsApi.analytics,
    { schema: { querystring: analyticsQuerySchema, response: { 200: vendorAnalyticsSchema } } },
    async (request) => {
      return (await load(request, request.query)).analytics;
    },
  );

  serve(
    app,
    analyticsApi.averageSpend,
    {
      config: { budget: { per: 'vendor', max: 30, windowMs: MINUTE_MS } },
      schema: { body: averageSpendSchema, response: { 200: averageSpendSchema } },
    },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      return saveAverageSpend(app.deps.database.db, viewer.membership.vendorId, request.body.averageSpendRupees);
    },
  );

  serve(
    app,
    analyticsApi.programmeHealth,
    { schema: { querystring: healthQuerySchema, response: { 200: programmeHealthSchema } } },
    async (request) => {
      const viewer = await requireVendorMember(request);
      const now = app.deps.clock.now();
      return app.deps.reads.runHeavy((db) =>
        getProgrammeHealth(db, viewer.membership.vendorId, request.query, now, app.deps.database.db),
      );
    },
  );

  serve(
    app,
    analyticsApi.monthBills,
    {
      config: { budget: { per: 'vendor', max: 30, windowMs: MINUTE_MS } },
      schema: { body: monthBillsSchema, response: { 200: monthBillsSchema } },
    },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      return saveMonthBills(app.deps.database.db, viewer.membership.vendorId, request.body, app.deps.clock.now());
    },
  );

  serve(
    app,
    analyticsApi.monthlyReportSettings,
    { schema: { response: { 200: monthlyReportSettingsSchema } } },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      return getMonthlyReportSettings(app.deps.database.db, {
        vendorId: viewer.membership.vendorId,
        userId: viewer.userId,
      });
    },
  );

  serve(
    app,
    analyticsApi.saveMonthlyReportChannel,
    {
      config: { budget: { per: 'vendor', max: 30, windowMs: MINUTE_MS } },
      schema: { body: monthlyReportChannelSchema, response: { 200: monthlyReportSettingsSchema } },
    },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      return saveMonthlyReportChannel(app.deps.database.db, {
        vendorId: viewer.membership.vendorId,
        userId: viewer.userId,
        channel: request.body.channel,
      });
    },
  );

  for (const kind of ['csv', 'pdf'] as const) {
    app.get(
      `/vendor/analytics/export.${kind}`,
      { config: { budget: ANALYTICS_EXPORT_BUDGET }, schema: { querystring: analyticsExportQuerySchema } },
      async (request, reply) => {
        const { document, fileName, now } = await load(request, request.query, kind);
        return sendAnalyticsExport(reply, kind, fileName, document, now);
      },
    );
  }

  // The monthly report's PDF (decision 090), for a month that has ended: the e-mail links to it.
  app.get(
    '/vendor/analytics/monthly-report.pdf',
    { config: { budget: ANALYTICS_EXPORT_BUDGET }, schema: { querystring: reportMonthQuerySchema } },
    async (request, reply) => {
      const viewer = await requireVendorMember(request);
      const now = app.deps.clock.now();
      const month = `${request.query.month}-01`;
      if (month >= pakistanDateKey(startOfPakistanMonth(now))) {
        const message = fieldText('forms:monthBills.reportMonth');
        throw invalidFields(message, { month: message });
      }
      const { vendor, health } = await app.deps.reads.runHeavy(async (db) => {
        const vendor = await loadVendor(db, viewer.membership.vendorId);
        return { vendor, health: await getMonthHealth(db, vendor.id, month, vendor.averageSpendRupees) };
      });
      // The reader's language unless the link names one (the report's e-mail and WhatsApp do).
      const language = request.query.language ?? currentTextLanguage();
      const document = inTextLanguage(language, () => monthlyReportDocument(vendor.businessName, month, health, now));
      reply
        .header('content-disposition', `attachment; filename="chaska-report-${vendor.slug}-${request.query.month}.pdf"`)
        .header('cache-control', 'no-store');
      return reply
        .header('content-type', 'application/pdf')
        .send(await inTextLanguage(language, () => renderAnalyticsPdf(document, now, { language })));
    },
  );

  app.get(
    '/vendor/analytics/report',
    { schema: { querystring: analyticsExportQuerySchema } },
    async (request, reply) => {
      const { document, now } = await load(request, request.query, 'report');
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderAnalyticsReportHtml(document, now));
    },
  );
};
