import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cardFieldsSchema,
  cardIdParamsSchema,
  createCardSchema,
  deleteCardResultSchema,
  vendorCardListSchema,
  vendorCardSchema,
} from '@shared/vendor-cards';
import { requireVendorMember } from '@server/plugins/authentication';
import { actorOf } from '@server/modules/audit/record-audit';
import { changeCardStatus, deleteVendorCard } from './change-card-status';
import { getVendorCard, listVendorCards } from './list-vendor-cards';
import { createVendorCard, updateVendorCard } from './save-card';

/**
 * The vendor's own cards. Staff may read them (they pick a card to stamp); only the owner
 * creates, edits, pauses, activates or deletes. Every query is scoped to the member's vendor.
 */
export const vendorCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get('/vendor/cards', { schema: { response: { 200: vendorCardListSchema } } }, async (request) => {
    const viewer = await requireVendorMember(request);
    return listVendorCards(db(), viewer.membership.vendorId);
  });

  app.get(
    '/vendor/cards/:id',
    { schema: { params: cardIdParamsSchema, response: { 200: vendorCardSchema } } },
    async (request) => {
      const viewer = await requireVendorMember(request);
      return getVendorCard(db(), viewer.membership.vendorId, request.params.id);
    },
  );

  app.post(
    '/vendor/cards',
    { schema: { body: createCardSchema, response: { 200: vendorCardSchema } } },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      return createVendorCard(db(), viewer.membership.vendorId, actorOf(viewer), request.body, app.deps.clock.now());
    },
  );

  app.put(
    '/vendor/cards/:id',
    { schema: { params: cardIdParamsSchema, body: cardFieldsSchema, response: { 200: vendorCardSchema } } },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      return updateVendorCard(
        db(),
        viewer.membership.vendorId,
        actorOf(viewer),
        request.params.id,
        request.body,
        app.deps.clock.now(),
      );
    },
  );

  for (const action of ['activate', 'pause'] as const) {
    app.post(
      `/vendor/cards/:id/${action}`,
      { schema: { params: cardIdParamsSchema, response: { 200: vendorCardSchema } } },
      async (request) => {
        const viewer = await requireVendorMember(request, { ownerOnly: true });
        return changeCardStatus(
          db(),
          viewer.membership.vendorId,
          actorOf(viewer),
          request.params.id,
          action,
          app.deps.clock.now(),
        );
      },
    );
  }

  app.delete(
    '/vendor/cards/:id',
    { schema: { params: cardIdParamsSchema, response: { 200: deleteCardResultSchema } } },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      return deleteVendorCard(
        db(),
        viewer.membership.vendorId,
        actorOf(viewer),
        request.params.id,
        app.deps.clock.now(),
      );
    },
  );
};
