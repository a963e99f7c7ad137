import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cardIdParamsSchema,
  cardListQuerySchema,
  cardPageSchema,
  joinCardResultSchema,
  landingStatsSchema,
  publicVendorDetailSchema,
  vendorListQuerySchema,
  vendorPageSchema,
  vendorSlugParamsSchema,
} from '@shared/marketplace/marketplace';
import { requireViewer } from '@server/plugins/authentication';
import { createCountsCache, NO_CACHE } from '@server/lib/counts-cache';
import { getLandingStats } from './get-landing-stats';
import { getPublicVendor } from './get-public-vendor';
import { joinCard } from './join-card';
import { listPublicCards } from './list-public-cards';
import { listPublicVendors } from './list-public-vendors';
import * as marketplaceApi from '@shared/marketplace/contract';
import { serve } from '@server/lib/serve-route';
import { MINUTE_MS } from '@server/plugins/write-budgets';

/** The public marketplace: what visitors browse, and joining a card once signed in. */
export const marketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Listings never follow their reader's own write, so they read from the replica when there is
  // one (decision 049); a signed-in visitor's card list says which cards they just joined, so it
  // reads the primary.
  const reads = () => app.deps.reads;
  const db = () => app.deps.database.db;
  const countsCache = createCountsCache();
  // Anonymous visitors all see the same pages, so for a few seconds they can share one answer:
  // the listings stay fast when a city's crowd arrives at once (docs/decisions/010). Signed-in
  // visitors' pages say which cards they hold and are always read fresh.
  const cacheSeconds = app.deps.config.publicListingCacheSeconds;
  const anonymousPages = cacheSeconds > 0 ? createCountsCache(cacheSeconds * 1000) : NO_CACHE;
  // A customer's own position (decision 088) seldom repeats: its answer is read, not memoised,
  // so a crowd tapping "Near me" does not push every listing's shared answer out of the memo.
  const shared = <T>(kind: string, key: unknown, load: () => Promise<T>) =>
    typeof key === 'object' && key !== null && 'lat' in key && key.lat !== undefined
      ? load()
      : anonymousPages.get(`${kind}:${JSON.stringify(key)}`, load);

  serve(app, marketplaceApi.stats, { schema: { response: { 200: landingStatsSchema } } }, async () =>
    reads().run((replica) => getLandingStats(replica, app.deps.clock.now(), countsCache)),
  );

  serve(
    app,
    marketplaceApi.vendors,
    { schema: { querystring: vendorListQuerySchema, response: { 200: vendorPageSchema } } },
    async (request) =>
      shared('vendors', request.query, () =>
        reads().run((replica) => listPublicVendors(replica, request.query, app.deps.clock.now())),
      ),
  );

  serve(
    app,
    marketplaceApi.vendor,
    { schema: { params: vendorSlugParamsSchema, response: { 200: publicVendorDetailSchema } } },
    async (request) =>
      shared('vendor', request.params.slug, async () => ({
        ...(await reads().run((replica) => getPublicVendor(replica, request.params.slug, app.deps.clock.now()))),
        mapTiles: app.deps.config.mapTiles,
      })),
  );

  serve(
    app,
    marketplaceApi.cards,
    { schema: { querystring: cardListQuerySchema, response: { 200: cardPageSchema } } },
    async (request, reply) => {
      const viewer = await request.viewer();
      // The page says which cards the visitor holds, so no shared cache may keep it.
      reply.header('cache-control', 'private, no-store');
      if (viewer)
        return listPublicCards(
          db(),
          { query: request.query, viewerId: viewer.userId },
          app.deps.clock.now(),
          countsCache,
        );
      return shared('cards', request.query, () =>
        reads().run((replica) =>
          listPublicCards(replica, { query: request.query, viewerId: null }, app.deps.clock.now(), countsCache),
        ),
      );
    },
  );

  serve(
    app,
    marketplaceApi.joinCard,
    {
      config: { budget: { per: 'user', max: 30, windowMs: MINUTE_MS } },
      schema: { params: cardIdParamsSchema, response: { 201: joinCardResultSchema } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const result = await joinCard(
        db(),
        { userId: viewer.userId, cardId: request.params.cardId },
        app.deps.clock.now(),
      );
      return reply.status(201).send(result);
    },
  );
};
