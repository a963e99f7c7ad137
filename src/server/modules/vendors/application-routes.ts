import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  myVendorApplicationSchema,
  vendorApplicationCreatedSchema,
  vendorApplicationSchema,
} from '@shared/marketplace/marketplace';
import { contactStateOf } from '@shared/accounts/contacts';
import { requireViewer } from '@server/plugins/authentication';
import { vendorApplicationReceivedEmail } from '@server/modules/notifications/templates/vendor-application-emails';
import { getMyVendorApplication } from './get-my-vendor-application';
import { submitVendorApplication } from './submit-vendor-application';
import * as vendorsApi from '@shared/vendors/contract';
import { serve } from '@server/lib/serve-route';
import { HOUR_MS } from '@server/plugins/write-budgets';

export const vendorApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    vendorsApi.submit,
    {
      config: { budget: { per: 'user', max: 5, windowMs: HOUR_MS } },
      schema: { body: vendorApplicationSchema, response: { 201: vendorApplicationCreatedSchema } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const input = request.body;
      const vendor = await submitVendorApplication(
        app.deps.database.db,
        { userId: viewer.userId, email: viewer.email, contacts: contactStateOf(viewer) },
        input,
        app.deps.clock.now(),
      );
      // After the commit: the e-mail never decides whether the application exists. It goes to the
      // signed-in applicant's own address only: owner_email is a contact field anyone can type,
      // and mailing it would send text the applicant wrote to a stranger.
      await app.deps.email.enqueue({
        type: 'vendor_application',
        to: viewer.email,
        userId: viewer.userId,
        render: () =>
          vendorApplicationReceivedEmail({
            ownerName: input.owner_name,
            businessName: input.business_name,
            city: input.city,
            statusUrl: `${app.deps.config.publicUrl}/vendor`,
          }),
      });
      return reply.status(201).send({ vendorId: vendor.id, slug: vendor.slug, status: 'pending' as const });
    },
  );

  serve(app, vendorsApi.mine, { schema: { response: { 200: myVendorApplicationSchema } } }, async (request) => {
    const viewer = await requireViewer(request);
    return getMyVendorApplication(app.deps.database.db, viewer.userId);
  });
};
