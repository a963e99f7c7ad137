import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cardFieldsSchema,
  cardIdParamsSchema,
  cardTiersSchema,
  createCardSchema,
  deleteCardResultSchema,
  vendorCardListSchema,
  vendorCardSchema,
} from '@shared/cards/vendor-cards';
import { requireVendorMember } from '@server/plugins/authentication';
import { changeCardStatus, deleteVendorCard } from './change-card-status';
import { getVendorCard, listVendorCards } from './list-vendor-cards';
import { createVendorCard, updateVendorCard } from './save-card';
import { saveCardTiers } from './card-tiers';
import { ownerActing } from './owner-acting';
import * as cardsApi from '@shared/cards/contract';
import { serve } from '@server/lib/serve-route';
import { MINUTE_MS } from '@server/plugins/write-budgets';

/**
 * The vendor's own cards. Staff may read them (they pick a card to stamp); only the owner
 * creates, edits, pauses, activates or deletes. Every query is scoped to the member's vendor.
 */
export const vendorCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  serve(app, cardsApi.list, { schema: { response: { 200: vendorCardListSchema } } }, async (request) => {
    const viewer = await requireVendorMember(request);
    return listVendorCards(db(), viewer.membership.vendorId);
  });

  serve(
    app,
    cardsApi.get,
    { schema: { params: cardIdParamsSchema, response: { 200: vendorCardSchema } } },
    async (request) => {
      const viewer = await requireVendorMember(request);
      return getVendorCard(db(), viewer.membership.vendorId, request.params.id);
    },
  );

  serve(
    app,
    cardsApi.create,
    {
      config: { budget: { per: 'vendor', max: 30, windowMs: MINUTE_MS } },
      schema: { body: createCardSchema, response: { 200: vendorCardSchema } },
    },
    async (request) =>
      createVendorCard(
        db(),
        { ...(await ownerActing(request)), card: request.body.card, saveAs: request.body.saveAs },
        app.deps.clock.now(),
      ),
  );

  serve(
    app,
    cardsApi.update,
    {
      config: { budget: { per: 'vendor', max: 60, windowMs: MINUTE_MS } },
      schema: { params: cardIdParamsSchema, body: cardFieldsSchema, response: { 200: vendorCardSchema } },
    },
    async (request) =>
      updateVendorCard(
        db(),
        { ...(await ownerActing(request)), cardId: request.params.id, fields: request.body },
        app.deps.clock.now(),
      ),
  );

  serve(
    app,
    cardsApi.setTiers,
    {
      config: { budget: { per: 'vendor', max: 60, windowMs: MINUTE_MS } },
      schema: { params: cardIdParamsSchema, body: cardTiersSchema, response: { 200: vendorCardSchema } },
    },
    async (request) =>
      saveCardTiers(
        db(),
        { ...(await ownerActing(request)), cardId: request.params.id, tiers: request.body.tiers },
        app.deps.clock.now(),
      ),
  );

  for (const [action, route] of [
    ['activate', cardsApi.activate],
    ['pause', cardsApi.pause],
  ] as const) {
    serve(
      app,
      route,
      {
        config: { budget: { per: 'vendor', max: 60, windowMs: MINUTE_MS } },
        schema: { params: cardIdParamsSchema, response: { 200: vendorCardSchema } },
      },
      async (request) =>
        changeCardStatus(
          db(),
          { ...(await ownerActing(request)), cardId: request.params.id, action },
          app.deps.clock.now(),
        ),
    );
  }

  serve(
    app,
    cardsApi.remove,
    {
      config: { budget: { per: 'vendor', max: 30, windowMs: MINUTE_MS } },
      schema: { params: cardIdParamsSchema, response: { 200: deleteCardResultSchema } },
    },
    async (request) =>
      deleteVendorCard(db(), { ...(await ownerActing(request)), cardId: request.params.id }, app.deps.clock.now()),
  );
};
