import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { posterQuerySchema, qrStyleResponseSchema } from '@shared/stamps/qr-style';
import { requireVendorMember } from '@server/plugins/authentication';
import { counterPoster, getCounterQrStyle } from './counter-qr';
import * as stampsApi from '@shared/stamps/contract';
import { serve } from '@server/lib/serve-route';

/**
 * The look of the vendor's codes and the printable counter poster. Owner and staff both run the
 * counter; the style always comes from the server (the plan), never from the request.
 */
export const counterQrRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  serve(app, stampsApi.qrStyle, { schema: { response: { 200: qrStyleResponseSchema } } }, async (request) => {
    const viewer = await requireVendorMember(request);
    return getCounterQrStyle(db(), viewer.membership.vendorId);
  });

  app.get('/vendor/counter-poster.pdf', { schema: { querystring: posterQuerySchema } }, async (request, reply) => {
    const viewer = await requireVendorMember(request);
    const { pdf, fileName } = await counterPoster(db(), {
      vendorId: viewer.membership.vendorId,
      cardId: request.query.cardId,
      size: request.query.size,
      publicUrl: app.deps.config.publicUrl,
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
};
