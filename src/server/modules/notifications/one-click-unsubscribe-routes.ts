import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unsubscribeLinkResultSchema, unsubscribeLinkSchema } from '@shared/notifications/email';
import { unsubscribeByLink } from './unsubscribe-by-link';
import * as notificationsApi from '@shared/notifications/contract';
import { serve } from '@server/lib/serve-route';

/**
 * RFC 8058 one-click unsubscribe. The List-Unsubscribe header points at the page address
 * `/unsubscribe?u=&t=`; a mail client's "Unsubscribe" button POSTs there with the body
 * `List-Unsubscribe=One-Click` (urlencoded, or multipart as the RFC prefers). GET on the same
 * address stays the web page. Registered without the /api prefix, so this plugin's form parsers
 * reach no other route.
 */
export const oneClickUnsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // The body is only a marker: the signature in the address is what authorises the request,
  // and clients differ in how they encode the marker, so it is read but never required.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, body),
  );

  serve(
    app,
    notificationsApi.oneClickUnsubscribe,
    {
      schema: { querystring: unsubscribeLinkSchema, response: { 200: unsubscribeLinkResultSchema } },
      // Mail clients post form data from outside any page of ours; the signed link is the authority.
      config: { crossSiteWrites: 'one-click-unsubscribe' },
    },
    async (request) => {
      await unsubscribeByLink(app.deps.database.db, app.deps.config.sessionSecret, request.query, app.deps.clock.now());
      return { unsubscribed: true as const };
    },
  );
};
