import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cardImageParamsSchema,
  shareOverviewSchema,
  todayDealQuerySchema,
  vendorImageParamsSchema,
} from '@shared/marketplace/share-api';
import { SHARE_IMAGE_PATHS, SHARE_JPEG_PATHS } from '@shared/marketplace/share';
import { AppError } from '@server/errors';
import { requireVendorMember } from '@server/plugins/authentication';
import * as marketplaceApi from '@shared/marketplace/contract';
import { serve } from '@server/lib/serve-route';
import { BUSY_RETRY_AFTER_SECONDS, createShareImageCache, etagOf, type ShareImageCache } from './share-image-cache';
import { cardImage, siteImage, todayDealImage, vendorImage, type ShareImagePlan } from './share-images';
import { getShareOverview } from './get-share-overview';

/** How long browsers and the crawlers of WhatsApp and Facebook may keep each picture. */
const CACHE_CONTROL = {
  site: 'public, max-age=86400',
  vendor: 'public, max-age=3600',
  // A deal's stock and end time change: kept briefly, then revalidated with the ETag.
  card: 'public, max-age=600',
  redirect: 'public, max-age=600',
  // The vendor's own picture, behind its sign-in.
  own: 'private, no-cache',
} as const;

/** Does the client already hold this version (If-None-Match, weak or strong, one of a list)? */
function clientHas(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}

async function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: ShareImageCache,
  image: ShareImagePlan,
  cacheControl: string,
) {
  const etag = etagOf(image.key);
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (clientHas(request, etag)) return reply.status(304).send();
  try {
    const { png } = await cache.get(image.key, image.draw);
    return reply.type(image.type).send(png);
  } catch (error) {
    if (error instanceof AppError && error.status === 503) {
      reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
    }
    throw error;
  }
}

/**
 * Social media integration (decision 034): the pictures WhatsApp and Facebook show for a shared
 * vendor page or card (/og/..., public, at the site root), and the vendor's square image of
 * today's deal with the panel that offers it (/api/vendor/share..., Premium and up).
 */
export const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const cache = createShareImageCache({ now: () => app.deps.clock.now() });

  app.get('/og/site.png', async (request, reply) => sendImage(request, reply, cache, siteImage(), CACHE_CONTROL.site));
  // The JPEG forms are for Instagram, which publishes JPEG only (the Social Media Agent's posts).
  app.get('/og/site.jpg', async (request, reply) =>
    sendImage(request, reply, cache, siteImage('jpeg'), CACHE_CONTROL.site),
  );

  app.get('/og/vendor/:file', { schema: { params: vendorImageParamsSchema } }, async (request, reply) => {
    const slug = request.params.file.slice(0, -'.png'.length);
    const answer = await vendorImage(db(), app.deps.config.publicUrl, slug);
    if (answer.kind === 'site') {
      return reply.header('cache-control', CACHE_CONTROL.redirect).redirect(SHARE_IMAGE_PATHS.site, 302);
    }
    return sendImage(request, reply, cache, answer.image, CACHE_CONTROL.vendor);
  });

  app.get('/og/deal/:file', { schema: { params: cardImageParamsSchema } }, async (request, reply) => {
    const jpeg = request.params.file.toLowerCase().endsWith('.jpg');
    const cardId = request.params.file.slice(0, -'.png'.length).toLowerCase();
    const answer = await cardImage(
      db(),
      { publicUrl: app.deps.config.publicUrl, cardId, format: jpeg ? 'jpeg' : 'png' },
      app.deps.clock.now(),
    );
    if (answer.kind === 'site') {
      const site = jpeg ? SHARE_JPEG_PATHS.site : SHARE_IMAGE_PATHS.site;
      return reply.header('cache-control', CACHE_CONTROL.redirect).redirect(site, 302);
    }
    return sendImage(request, reply, cache, answer.image, CACHE_CONTROL.card);
  });

  serve(app, marketplaceApi.overview, { schema: { response: { 200: shareOverviewSchema } } }, async (request) => {
    const viewer = await requireVendorMember(request);
    return getShareOverview(
      db(),
      { vendorId: viewer.membership.vendorId, publicUrl: app.deps.config.publicUrl },
      app.deps.clock.now(),
    );
  });

  app.get(
    '/api/vendor/share/today-deal.png',
    { schema: { querystring: todayDealQuerySchema } },
    async (request, reply) => {
      const viewer = await requireVendorMember(request);
      const { image, card } = await todayDealImage(
        db(),
        { vendorId: viewer.membership.vendorId, cardId: request.query.cardId, publicUrl: app.deps.config.publicUrl },
        app.deps.clock.now(),
      );
      reply.header('content-disposition', `inline; filename="todays-deal-${card.vendor.slug}.png"`);
      return sendImage(request, reply, cache, image, CACHE_CONTROL.own);
    },
  );
};
