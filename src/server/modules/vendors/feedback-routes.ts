import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  rateVisitRequestSchema,
  ratingSummarySchema,
  stampIdParamsSchema,
  visitRatingSchema,
  visitsToRateSchema,
} from '@shared/vendors/feedback';
import { vendorIdParamsSchema } from '@shared/vendors/admin-vendors';
import * as vendorsApi from '@shared/vendors/contract';
import { serve } from '@server/lib/serve-route';
import { requireVendorMember, requireViewer } from '@server/plugins/authentication';
import { loadVendor } from '@server/modules/billing/vendor-plan';
import { listVisitsToRate, rateVisit } from './rate-visit';
import { getRatingSummary } from './rating-summary';
import { MINUTE_MS } from '@server/plugins/write-budgets';

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  serve(app, vendorsApi.visitsToRate, { schema: { response: { 200: visitsToRateSchema } } }, async (request) => {
    const viewer = await requireViewer(request);
    return listVisitsToRate(db(), viewer.userId, app.deps.clock.now());
  });

  serve(
    app,
    vendorsApi.rateVisit,
    {
      config: { budget: { per: 'user', max: 30, windowMs: MINUTE_MS } },
      schema: { params: stampIdParamsSchema, body: rateVisitRequestSchema, response: { 201: visitRatingSchema } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const rated = await rateVisit(db(), {
        customerUserId: viewer.userId,
        stampId: request.params.stampId,
        rating: request.body.rating,
        comment: request.body.comment,
        now: app.deps.clock.now(),
      });
      return reply.status(201).send(rated);
    },
  );

  /** Ratings are the vendor's own: owner and staff see their vendor's, nobody else's. */
  serve(app, vendorsApi.vendorRatings, { schema: { response: { 200: ratingSummarySchema } } }, async (request) => {
    const staff = await requireVendorMember(request);
    return getRatingSummary(db(), staff.membership.vendorId, app.deps.clock.now());
  });
};

/** The admin reviewing a vendor (the vendor's detail under Vendors Management). */
export const adminFeedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  serve(
    app,
    vendorsApi.adminVendorRatings,
    { schema: { params: vendorIdParamsSchema, response: { 200: ratingSummarySchema } } },
    async (request) => {
      await loadVendor(db(), request.params.id);
      return getRatingSummary(db(), request.params.id, app.deps.clock.now());
    },
  );
};
