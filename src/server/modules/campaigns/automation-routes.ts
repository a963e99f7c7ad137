import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  automationKindParamsSchema,
  automationSettingSchema,
  automationsOverviewSchema,
  saveAutomationSchema,
} from '@shared/campaigns/automations';
import * as campaignsApi from '@shared/campaigns/contract';
import { serve } from '@server/lib/serve-route';
import { actorOf } from '@server/lib/record-audit';
import { requireVendorMember } from '@server/plugins/authentication';
import { listAutomations, saveAutomation } from './automation-settings';
import { MINUTE_MS } from '@server/plugins/write-budgets';

/** The vendor's automations: every member sees them, the owner changes them (decision 044). */
export const automationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  serve(
    app,
    campaignsApi.automations,
    { schema: { response: { 200: automationsOverviewSchema } } },
    async (request) => {
      const viewer = await requireVendorMember(request);
      return listAutomations(db(), viewer.membership.vendorId, {
        canEdit: viewer.membership.role === 'owner',
        now: app.deps.clock.now(),
      });
    },
  );

  serve(
    app,
    campaignsApi.save,
    {
      config: { budget: { per: 'vendor', max: 30, windowMs: MINUTE_MS } },
      schema: {
        params: automationKindParamsSchema,
        body: saveAutomationSchema,
        response: { 200: automationSettingSchema },
      },
    },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      return saveAutomation(
        db(),
        {
          vendorId: viewer.membership.vendorId,
          kind: request.params.kind,
          actor: actorOf(viewer),
          setting: request.body,
        },
        app.deps.clock.now(),
      );
    },
  );
};
