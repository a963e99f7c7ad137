import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pendingApplicationListSchema,
  rejectVendorSchema,
  reviewedVendorSchema,
  vendorIdParamsSchema,
} from '@shared/vendors/admin-vendors';
import { requireAdmin } from '@server/plugins/authentication';
import { adminActingOnVendor } from './admin-acting-on-vendor';
import { listPendingApplications, reviewVendorApplication } from './review-vendor-application';
import * as vendorsApi from '@shared/vendors/contract';
import { serve } from '@server/lib/serve-route';
import { MINUTE_MS } from '@server/plugins/write-budgets';

export const adminVendorReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.deps.database.db, email: app.deps.email, config: app.deps.config });

  serve(
    app,
    vendorsApi.vendorApplications,
    { schema: { response: { 200: pendingApplicationListSchema } } },
    async (request) => {
      await requireAdmin(request);
      return { applications: await listPendingApplications(app.deps.database.db) };
    },
  );

  serve(
    app,
    vendorsApi.approveVendor,
    {
      config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } },
      schema: { params: vendorIdParamsSchema, response: { 200: reviewedVendorSchema } },
    },
    async (request) =>
      reviewVendorApplication(
        deps(),
        { ...(await adminActingOnVendor(request)), decision: { kind: 'approve' } },
        app.deps.clock.now(),
      ),
  );

  serve(
    app,
    vendorsApi.rejectVendor,
    {
      config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } },
      schema: { params: vendorIdParamsSchema, body: rejectVendorSchema, response: { 200: reviewedVendorSchema } },
    },
    async (request) =>
      reviewVendorApplication(
        deps(),
        { ...(await adminActingOnVendor(request)), decision: { kind: 'reject', reason: request.body.reason || null } },
        app.deps.clock.now(),
      ),
  );
};
