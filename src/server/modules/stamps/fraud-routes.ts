import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as stampsApi from '@shared/stamps/contract';
import {
  fraudAlertListSchema,
  fraudAlertParamsSchema,
  fraudAlertSchema,
  fraudRulesSchema,
  fraudRulesUpdateSchema,
} from '@shared/stamps/fraud-rules';
import { actorOf } from '@server/lib/record-audit';
import { serve } from '@server/lib/serve-route';
import { requireVendorMember } from '@server/plugins/authentication';
import { HOUR_MS, MINUTE_MS } from '@server/plugins/write-budgets';
import { dismissFraudAlert, listFraudAlerts, reverseFraudAlert } from './fraud-alerts';
import { getFraudRules, setFraudRules } from './large-order-pin';

/**
 * Fraud rules and alerts (decision 086), the owner's alone: staff are watched by them, so they
 * neither tune the rules nor read, dismiss or reverse the alerts.
 */
export const fraudRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const owner = (request: Parameters<typeof requireVendorMember>[0]) =>
    requireVendorMember(request, { ownerOnly: true });

  serve(app, stampsApi.fraudRules, { schema: { response: { 200: fraudRulesSchema } } }, async (request) => {
    const viewer = await owner(request);
    return getFraudRules(db(), viewer.membership.vendorId);
  });

  serve(
    app,
    stampsApi.setFraudRules,
    {
      config: { budget: { per: 'vendor', max: 10, windowMs: HOUR_MS } },
      schema: { body: fraudRulesUpdateSchema, response: { 200: fraudRulesSchema } },
    },
    async (request) => {
      const viewer = await owner(request);
      return setFraudRules(db(), app.deps.config.sessionSecret, {
        ...request.body,
        vendorId: viewer.membership.vendorId,
        actor: actorOf(viewer),
        now: app.deps.clock.now(),
      });
    },
  );

  serve(app, stampsApi.fraudAlerts, { schema: { response: { 200: fraudAlertListSchema } } }, async (request) => {
    const viewer = await owner(request);
    return listFraudAlerts(db(), viewer.membership.vendorId);
  });

  // The owner's two answers to an open alert take the same request; only what they do differs.
  for (const [route, resolve] of [
    [stampsApi.dismissFraudAlert, dismissFraudAlert],
    [stampsApi.reverseFraudAlert, reverseFraudAlert],
  ] as const) {
    serve(
      app,
      route,
      {
        config: { budget: { per: 'vendor', max: 60, windowMs: MINUTE_MS } },
        schema: { params: fraudAlertParamsSchema, response: { 200: fraudAlertSchema } },
      },
      async (request) => {
        const viewer = await owner(request);
        return resolve(db(), {
          vendorId: viewer.membership.vendorId,
          alertId: request.params.alertId,
          actor: actorOf(viewer),
          now: app.deps.clock.now(),
        });
      },
    );
  }
};
