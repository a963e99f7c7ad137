import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAnalyticsQuerySchema, adminAnalyticsSchema } from '../../../shared/admin-analytics';
import { getPlatformAnalytics } from './get-platform-analytics';

/** Analytics & Reports (/admin/analytics). */
export const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/analytics', { schema: { querystring: adminAnalyticsQuerySchema, response: { 200: adminAnalyticsSchema } } }, async (request) =>
    getPlatformAnalytics(app.deps.database.db, request.query.range),
  );
};
