import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REFERRAL_CLAIMS_PER_HOUR,
  referralClaimRequestSchema,
  referralClaimSchema,
  referralInviteRequestSchema,
  referralInviteSchema,
  referralSettingsSchema,
  vendorReferralSummarySchema,
} from '@shared/stamps/referrals';
import * as stampsApi from '@shared/stamps/contract';
import { tooManyRequests } from '@server/errors';
import { consumeRateLimit } from '@server/lib/rate-limit';
import { serve } from '@server/lib/serve-route';
import { serverText } from '@server/lib/texts';
import { requireVendorMember, requireViewer } from '@server/plugins/authentication';
import { actorOf } from '@server/lib/record-audit';
import { claimReferral } from './claim-referral';
import { createReferralInvite } from './create-referral-invite';
import { deviceOf, recordDevice } from './device-cookie';
import { getVendorReferralSummary, setVendorReferrals } from './vendor-referral-settings';
import { MINUTE_MS } from '@server/plugins/write-budgets';

const HOUR_MS = 60 * 60 * 1000;

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  serve(
    app,
    stampsApi.invite,
    {
      config: { budget: { per: 'user', max: 30, windowMs: MINUTE_MS } },
      schema: { body: referralInviteRequestSchema, response: { 200: referralInviteSchema } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const now = app.deps.clock.now();
      const invitation = await createReferralInvite(db(), viewer.userId, request.body.cardId, now);
      await recordDevice(db(), request.log, { userId: viewer.userId, device: deviceOf(request, reply), now });
      return invitation;
    },
  );

  serve(
    app,
    stampsApi.claim,
    {
      config: { budget: { handledBy: 'stamps/referral-routes.ts: REFERRAL_CLAIMS_PER_HOUR per customer' } },
      schema: { body: referralClaimRequestSchema, response: { 200: referralClaimSchema } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const now = app.deps.clock.now();
      // Right or wrong, every try counts: nobody walks through codes from one account.
      const limit = await consumeRateLimit(
        db(),
        `referral-claim:${viewer.userId}`,
        REFERRAL_CLAIMS_PER_HOUR,
        HOUR_MS,
        now,
      );
      if (!limit.allowed) throw tooManyRequests(serverText('customer:referral.tooMany'), limit.retryAfterSeconds);
      const device = deviceOf(request, reply);
      const claimed = await claimReferral(db(), { friendUserId: viewer.userId, code: request.body.code, device, now });
      await recordDevice(db(), request.log, { userId: viewer.userId, device, now });
      return claimed;
    },
  );

  serve(
    app,
    stampsApi.vendorSummary,
    { schema: { response: { 200: vendorReferralSummarySchema } } },
    async (request) => {
      const staff = await requireVendorMember(request);
      return getVendorReferralSummary(db(), staff.membership.vendorId);
    },
  );

  serve(
    app,
    stampsApi.updateSettings,
    {
      config: { budget: { per: 'vendor', max: 30, windowMs: MINUTE_MS } },
      schema: { body: referralSettingsSchema, response: { 200: vendorReferralSummarySchema } },
    },
    async (request) => {
      const owner = await requireVendorMember(request, { ownerOnly: true });
      return setVendorReferrals(db(), {
        vendorId: owner.membership.vendorId,
        enabled: request.body.enabled,
        actor: actorOf(owner),
        now: app.deps.clock.now(),
      });
    },
  );
};
