import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCardIdParamsSchema,
  adminCardPageSchema,
  cardListQuerySchema,
  exclusivesQuerySchema,
  featuredOrderSchema,
  featuredPlaceSchema,
  moderateCardSchema,
  moderatedCardSchema,
  moveFeaturedSchema,
} from '@shared/cards/admin-cards';
import { requireAdmin } from '@server/plugins/authentication';
import { actorOf } from '@server/lib/record-audit';
import { moveFeaturedCard, setFeaturedOrder } from './featured-order';
import { listAdminCards, listExclusiveCards } from './list-admin-cards';
import { moderateCard } from './moderate-card';
import * as cardsApi from '@shared/cards/contract';
import { serve } from '@server/lib/serve-route';
import { MINUTE_MS } from '@server/plugins/write-budgets';

/** Cards Management (/admin/cards) and Exclusive Cards (/admin/exclusives). */
export const adminCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.deps.database.db, email: app.deps.email, config: app.deps.config });

  serve(
    app,
    cardsApi.cards,
    { schema: { querystring: cardListQuerySchema, response: { 200: adminCardPageSchema } } },
    async (request) => listAdminCards(app.deps.database.db, request.query),
  );

  // Pausing and removing differ only in what they do to the card: one route shape for both.
  for (const [route, kind] of [
    [cardsApi.pauseCard, 'pause'],
    [cardsApi.removeCard, 'remove'],
  ] as const) {
    serve(
      app,
      route,
      {
        config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } },
        schema: { params: adminCardIdParamsSchema, body: moderateCardSchema, response: { 200: moderatedCardSchema } },
      },
      async (request) =>
        moderateCard(
          deps(),
          {
            cardId: request.params.id,
            actor: actorOf(await requireAdmin(request)),
            moderation: { kind, reason: request.body.reason },
          },
          app.deps.clock.now(),
        ),
    );
  }

  serve(
    app,
    cardsApi.restoreCard,
    {
      config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } },
      schema: { params: adminCardIdParamsSchema, response: { 200: moderatedCardSchema } },
    },
    async (request) =>
      moderateCard(
        deps(),
        { cardId: request.params.id, actor: actorOf(await requireAdmin(request)), moderation: { kind: 'restore' } },
        app.deps.clock.now(),
      ),
  );

  serve(
    app,
    cardsApi.exclusives,
    { schema: { querystring: exclusivesQuerySchema, response: { 200: adminCardPageSchema } } },
    async (request) => listExclusiveCards(app.deps.database.db, request.query),
  );

  serve(
    app,
    cardsApi.setFeaturedOrder,
    {
      config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } },
      schema: { params: adminCardIdParamsSchema, body: featuredOrderSchema, response: { 200: featuredPlaceSchema } },
    },
    async (request) =>
      setFeaturedOrder(
        app.deps.database.db,
        {
          cardId: request.params.id,
          actor: actorOf(await requireAdmin(request)),
          featuredOrder: request.body.featuredOrder,
        },
        app.deps.clock.now(),
      ),
  );

  serve(
    app,
    cardsApi.moveFeatured,
    {
      config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } },
      schema: { params: adminCardIdParamsSchema, body: moveFeaturedSchema, response: { 200: featuredPlaceSchema } },
    },
    async (request) =>
      moveFeaturedCard(
        app.deps.database.db,
        request.params.id,
        request.body.direction,
        actorOf(await requireAdmin(request)),
      ),
  );
};
