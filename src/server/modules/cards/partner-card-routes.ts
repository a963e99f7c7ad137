import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cardPartnerListSchema,
  invitePartnerSchema,
  partnerCardParamsSchema,
  partnerInvitationListSchema,
  partnerParamsSchema,
  partnerResponseSchema,
} from '@shared/cards/partner-cards';
import { cardIdParamsSchema } from '@shared/cards/vendor-cards';
import { requireVendorMember } from '@server/plugins/authentication';
import {
  invitePartner,
  listCardPartners,
  listPartnerInvitations,
  removePartner,
  respondToInvitation,
} from './partnerships';
import { ownerActing } from './owner-acting';
import * as cardsApi from '@shared/cards/contract';
import { serve } from '@server/lib/serve-route';
import { MINUTE_MS } from '@server/plugins/write-budgets';

/**
 * Partner Cards (decision 023). The card's owner vendor lists, invites and removes partners; the
 * invited vendor accepts, declines or leaves. Staff may read; only a vendor's owner changes.
 */
export const partnerCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const now = () => app.deps.clock.now();

  serve(
    app,
    cardsApi.partners,
    { schema: { params: cardIdParamsSchema, response: { 200: cardPartnerListSchema } } },
    async (request) => {
      const viewer = await requireVendorMember(request);
      return listCardPartners(db(), viewer.membership.vendorId, request.params.id);
    },
  );

  serve(
    app,
    cardsApi.invitePartner,
    {
      config: { budget: { per: 'vendor', max: 20, windowMs: MINUTE_MS } },
      schema: { params: cardIdParamsSchema, body: invitePartnerSchema, response: { 200: cardPartnerListSchema } },
    },
    async (request) =>
      invitePartner(
        db(),
        { owner: await ownerActing(request), cardId: request.params.id, partnerName: request.body.partner },
        now(),
      ),
  );

  serve(
    app,
    cardsApi.removePartner,
    {
      config: { budget: { per: 'vendor', max: 20, windowMs: MINUTE_MS } },
      schema: { params: partnerParamsSchema, response: { 200: cardPartnerListSchema } },
    },
    async (request) =>
      removePartner(
        db(),
        { owner: await ownerActing(request), cardId: request.params.id, partnerVendorId: request.params.vendorId },
        now(),
      ),
  );

  serve(app, cardsApi.invitations, { schema: { response: { 200: partnerInvitationListSchema } } }, async (request) => {
    const viewer = await requireVendorMember(request);
    return listPartnerInvitations(db(), viewer.membership.vendorId);
  });

  serve(
    app,
    cardsApi.respondToInvitation,
    {
      config: { budget: { per: 'vendor', max: 20, windowMs: MINUTE_MS } },
      schema: {
        params: partnerCardParamsSchema,
        body: partnerResponseSchema,
        response: { 200: partnerInvitationListSchema },
      },
    },
    async (request) =>
      respondToInvitation(
        db(),
        { partner: await ownerActing(request), cardId: request.params.cardId, response: request.body.response },
        now(),
      ),
  );
};
