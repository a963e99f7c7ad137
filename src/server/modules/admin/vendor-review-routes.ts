import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pendingApplicationSchema,
  rejectVendorSchema,
  reviewedVendorSchema,
  vendorIdParamsSchema,
} from '@shared/admin-vendors';
import { requireAdmin } from '@server/plugins/authentication';
import { actorOf } from '@server/modules/audit/record-audit';
import { listPendingApplications, reviewVendorApplication } from './review-vendor-application';

export const adminVendorReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/vendor-applications',
    { schema: { response: { 200: z.object({ applications: z.array(pendingApplicationSchema) }) } } },
    async (request) => {
      await requireAdmin(request);
      return { applications: await listPendingApplications(app.deps.database.db) };
    },
  );

  app.post(
    '/admin/vendors/:id/approve',
    { schema: { params: vendorIdParamsSchema, response: { 200: reviewedVendorSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return reviewVendorApplication(
        { db: app.deps.database.db, email: app.deps.email, config: app.deps.config },
        request.params.id,
        { kind: 'approve' },
        actorOf(admin),
        app.deps.clock.now(),
      );
    },
  );

  app.post(
    '/admin/vendors/:id/reject',
    { schema: { params: vendorIdParamsSchema, body: rejectVendorSchema, response: { 200: reviewedVendorSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return reviewVendorApplication(
        { db: app.deps.database.db, email: app.deps.email, config: app.deps.config },
        request.params.id,
        { kind: 'reject', reason: request.body.reason || null },
        actorOf(admin),
        app.deps.clock.now(),
      );
    },
  );
};
