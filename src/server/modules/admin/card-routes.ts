import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCardIdParamsSchema,
  adminCardPageSchema,
  cardListQuerySchema,
  exclusivesQuerySchema,
  featuredOrderSchema,
  moderateCardSchema,
  moveFeaturedSchema,
} from '@shared/admin-cards';
import { CARD_STATUSES } from '@shared/cards';
import { requireAdmin } from '@server/plugins/authentication';
import { actorOf } from '@server/modules/audit/record-audit';
import { moveFeaturedCard, setFeaturedOrder } from './featured-order';
import { listAdminCards, listExclusiveCards } from './list-admin-cards';
import { moderateCard } from './moderate-card';

const moderatedSchema = z.object({
  id: z.string(),
  status: z.enum(CARD_STATUSES),
  moderationReason: z.string().nullable(),
});
const featuredSchema = z.object({ id: z.string(), featuredOrder: z.number().nullable() });

/** Cards Management (/admin/cards) and Exclusive Cards (/admin/exclusives). */
export const adminCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.deps.database.db, email: app.deps.email, config: app.deps.config });

  app.get(
    '/admin/cards',
    { schema: { querystring: cardListQuerySchema, response: { 200: adminCardPageSchema } } },
    async (request) => listAdminCards(app.deps.database.db, request.query),
  );

  app.post(
    '/admin/cards/:id/pause',
    { schema: { params: adminCardIdParamsSchema, body: moderateCardSchema, response: { 200: moderatedSchema } } },
    async (request) =>
      moderateCard(
        deps(),
        request.params.id,
        { kind: 'pause', reason: request.body.reason },
        actorOf(await requireAdmin(request)),
        app.deps.clock.now(),
      ),
  );

  app.post(
    '/admin/cards/:id/remove',
    { schema: { params: adminCardIdParamsSchema, body: moderateCardSchema, response: { 200: moderatedSchema } } },
    async (request) =>
      moderateCard(
        deps(),
        request.params.id,
        { kind: 'remove', reason: request.body.reason },
        actorOf(await requireAdmin(request)),
        app.deps.clock.now(),
      ),
  );

  app.post(
    '/admin/cards/:id/restore',
    { schema: { params: adminCardIdParamsSchema, response: { 200: moderatedSchema } } },
    async (request) =>
      moderateCard(
        deps(),
        request.params.id,
        { kind: 'restore' },
        actorOf(await requireAdmin(request)),
        app.deps.clock.now(),
      ),
  );

  app.get(
    '/admin/exclusives',
    { schema: { querystring: exclusivesQuerySchema, response: { 200: adminCardPageSchema } } },
    async (request) => listExclusiveCards(app.deps.database.db, request.query),
  );

  app.put(
    '/admin/cards/:id/featured-order',
    { schema: { params: adminCardIdParamsSchema, body: featuredOrderSchema, response: { 200: featuredSchema } } },
    async (request) =>
      setFeaturedOrder(
        app.deps.database.db,
        request.params.id,
        request.body.featuredOrder,
        actorOf(await requireAdmin(request)),
        app.deps.clock.now(),
      ),
  );

  app.post(
    '/admin/cards/:id/move',
    { schema: { params: adminCardIdParamsSchema, body: moveFeaturedSchema, response: { 200: featuredSchema } } },
    async (request) =>
      moveFeaturedCard(
        app.deps.database.db,
        request.params.id,
        request.body.direction,
        actorOf(await requireAdmin(request)),
      ),
  );
};
