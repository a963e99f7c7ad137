import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '@server/plugins/authentication';
import { adminAnalyticsRoutes } from './analytics-routes';
import { adminCardRoutes } from './card-routes';
import { adminContentRoutes } from './content-routes';
import { adminDashboardRoutes } from './dashboard-routes';
import { adminEmailRoutes } from './email-routes';
import { adminIntegrationRoutes } from './integration-routes';
import { adminUserRoutes } from './user-routes';
import { adminVendorManagementRoutes } from './vendor-management-routes';
import { adminVendorReviewRoutes } from './vendor-review-routes';

/**
 * Every admin API, behind one guard. The hook runs before validation, so a visitor or customer
 * gets 401 or 403 whatever they send, and a new admin route registered here cannot forget the
 * check. Handlers that record who acted call requireAdmin again (the viewer is resolved once).
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request);
  });
  await app.register(adminEmailRoutes);
  await app.register(adminVendorReviewRoutes);
  await app.register(adminDashboardRoutes);
  await app.register(adminVendorManagementRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminCardRoutes);
  await app.register(adminAnalyticsRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminIntegrationRoutes);
};
