import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerDashboardSchema, sampleCardsResultSchema } from '@shared/customers/customer';
import { requireViewer } from '@server/plugins/authentication';
import { actorOf } from '@server/lib/record-audit';
import { addSampleCards } from './add-sample-cards';
import { getCustomerDashboard } from './get-customer-dashboard';
import * as customersApi from '@shared/customers/contract';
import { serve } from '@server/lib/serve-route';
import { MINUTE_MS } from '@server/plugins/write-budgets';

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.deps;

  /** Everything /user shows: account, stats, cards with progress, vendor application, demo state. */
  serve(app, customersApi.dashboard, { schema: { response: { 200: customerDashboardSchema } } }, async (request) => {
    const viewer = await requireViewer(request);
    return getCustomerDashboard(database.db, viewer.userId, { demoMode: config.demoMode, now: app.deps.clock.now() });
  });

  /** Demo mode: sample cards for a customer with none (a no-op for anyone holding a card). */
  serve(
    app,
    customersApi.addSampleCards,
    {
      config: { budget: { per: 'user', max: 10, windowMs: MINUTE_MS } },
      schema: { response: { 200: sampleCardsResultSchema } },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return addSampleCards(
        database.db,
        { ...actorOf(viewer), userId: viewer.userId },
        { demoMode: config.demoMode, now: app.deps.clock.now() },
      );
    },
  );
};
