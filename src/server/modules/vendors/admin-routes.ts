import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminVendorDetailSchema,
  adminVendorEditSchema,
  adminVendorPageSchema,
  inviteVendorResultSchema,
  inviteVendorSchema,
  reviewedVendorSchema,
  suspendVendorSchema,
  vendorFiltersSchema,
  vendorIdParamsSchema,
  vendorListQuerySchema,
  vendorSummarySchema,
} from '@shared/vendors/admin-vendors';
import { requireAdmin } from '@server/plugins/authentication';
import { actorOf } from '@server/lib/record-audit';
import { adminActingOnVendor } from './admin-acting-on-vendor';
import { exportVendorsCsv } from './export-vendors-csv';
import { getAdminVendorDetail } from './get-admin-vendor-detail';
import { getVendorSummary } from './get-vendor-summary';
import { inviteVendor } from './invite-vendor';
import { listAdminVendors } from './list-admin-vendors';
import { changeVendorSuspension } from './suspend-vendor';
import { updateVendorAsAdmin } from './update-vendor-as-admin';
import { pakistanDateKey } from '@shared/pakistan-time';
import * as vendorsApi from '@shared/vendors/contract';
import { serve } from '@server/lib/serve-route';
import { MINUTE_MS } from '@server/plugins/write-budgets';

/** Vendors Management (/admin/vendors and /admin-vendors). */
export const adminVendorManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.deps.database.db, email: app.deps.email, config: app.deps.config });

  serve(
    app,
    vendorsApi.vendors,
    { schema: { querystring: vendorListQuerySchema, response: { 200: adminVendorPageSchema } } },
    async (request) => listAdminVendors(app.deps.database.db, request.query),
  );

  serve(app, vendorsApi.vendorSummary, { schema: { response: { 200: vendorSummarySchema } } }, async () =>
    getVendorSummary(app.deps.database.db, app.deps.clock.now()),
  );

  app.get('/admin/vendors/export.csv', { schema: { querystring: vendorFiltersSchema } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    const csv = await exportVendorsCsv(app.deps.database.db, request.query, actorOf(admin));
    const day = pakistanDateKey(app.deps.clock.now());
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="chaska-vendors-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  serve(
    app,
    vendorsApi.vendor,
    { schema: { params: vendorIdParamsSchema, response: { 200: adminVendorDetailSchema } } },
    async (request) => getAdminVendorDetail(app.deps.database.db, request.params.id),
  );

  serve(
    app,
    vendorsApi.updateVendor,
    {
      config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } },
      schema: { params: vendorIdParamsSchema, body: adminVendorEditSchema, response: { 200: adminVendorDetailSchema } },
    },
    async (request) => {
      const acting = await adminActingOnVendor(request);
      await updateVendorAsAdmin(app.deps.database.db, { ...acting, edit: request.body }, app.deps.clock.now());
      return getAdminVendorDetail(app.deps.database.db, acting.vendorId);
    },
  );

  serve(
    app,
    vendorsApi.suspendVendor,
    {
      config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } },
      schema: { params: vendorIdParamsSchema, body: suspendVendorSchema, response: { 200: reviewedVendorSchema } },
    },
    async (request) =>
      changeVendorSuspension(
        deps(),
        { ...(await adminActingOnVendor(request)), change: { kind: 'suspend', reason: request.body.reason } },
        app.deps.clock.now(),
      ),
  );

  serve(
    app,
    vendorsApi.unsuspendVendor,
    {
      config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } },
      schema: { params: vendorIdParamsSchema, response: { 200: reviewedVendorSchema } },
    },
    async (request) =>
      changeVendorSuspension(
        deps(),
        { ...(await adminActingOnVendor(request)), change: { kind: 'unsuspend' } },
        app.deps.clock.now(),
      ),
  );

  serve(
    app,
    vendorsApi.inviteVendor,
    {
      config: { budget: { per: 'user', max: 20, windowMs: MINUTE_MS } },
      schema: { body: inviteVendorSchema, response: { 201: inviteVendorResultSchema } },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const result = await inviteVendor(deps(), request.body, {
        ...actorOf(admin),
        name: `${admin.name} ${admin.surname}`.trim(),
      });
      return reply.status(201).send(result);
    },
  );
};
