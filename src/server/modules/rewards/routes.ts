import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chooseRewardRequestSchema,
  customerRewardSchema,
  redeemedRewardSchema,
  rewardCodeLookupSchema,
  rewardCodeRequestSchema,
  rewardIdParamsSchema,
} from '@shared/rewards/rewards';
import { rotatingCodeSchema } from '@shared/stamps/stamps';
import { requireVendorMember, requireViewer } from '@server/plugins/authentication';
import { memberAtCounter } from '@server/modules/stamps/counter-actor';
import { stampCodeSettings } from '@server/modules/stamps/stamp-code-settings';
import { getCustomerReward, mintRewardCode } from './customer-rewards';
import { lookupRewardCode, redeemRewardWithCode } from './redeem-reward';
import { chooseReward } from './choose-reward';
import { actorOf } from '@server/lib/record-audit';
import * as rewardsApi from '@shared/rewards/contract';
import { serve } from '@server/lib/serve-route';
import { MINUTE_MS } from '@server/plugins/write-budgets';

export const rewardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database, clock } = app.deps;
  const settings = stampCodeSettings(config);
  const db = database.db;
  /** A live reward code staff read at their counter: to look it up first, then to redeem it. */
  const presentedAtCounter = async (request: FastifyRequest & { body: z.infer<typeof rewardCodeRequestSchema> }) => ({
    staff: await memberAtCounter(db, await requireVendorMember(request), request.body.branchId),
    code: request.body.code,
  });

  /** Customer: one of their own rewards (404 for anyone else's). */
  serve(
    app,
    rewardsApi.reward,
    { schema: { params: rewardIdParamsSchema, response: { 200: customerRewardSchema } } },
    async (request) => {
      const viewer = await requireViewer(request);
      return getCustomerReward(db, viewer.userId, request.params.rewardId, clock.now());
    },
  );

  /**
   * Customer: choose a reward of a points card by its price (decision 085); it is then redeemed
   * with its live code like any reward. 409 points_short when the points free to spend fall short.
   */
  serve(
    app,
    rewardsApi.chooseReward,
    {
      config: { budget: { per: 'user', max: 20, windowMs: MINUTE_MS } },
      schema: { body: chooseRewardRequestSchema, response: { 200: customerRewardSchema } },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return chooseReward(db, { userId: viewer.userId, actor: actorOf(viewer), ...request.body }, clock.now());
    },
  );

  /** Customer: the live reward code of an earned reward; fetch again at refreshAt. */
  serve(
    app,
    rewardsApi.redemptionCode,
    {
      config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } },
      schema: { params: rewardIdParamsSchema, response: { 200: rotatingCodeSchema } },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return mintRewardCode(db, settings, { userId: viewer.userId, rewardId: request.params.rewardId }, clock.now());
    },
  );

  /**
   * Vendor staff: read a customer's live reward code (QR payload or typed) and show what will be
   * redeemed. Another vendor's reward is refused with 403.
   */
  serve(
    app,
    rewardsApi.lookupRewardCode,
    {
      config: { budget: { per: 'vendor', max: 120, windowMs: MINUTE_MS } },
      schema: { body: rewardCodeRequestSchema, response: { 200: rewardCodeLookupSchema } },
    },
    async (request) => lookupRewardCode(db, settings, await presentedAtCounter(request), clock.now()),
  );

  /**
   * Vendor staff: confirm a live reward code. The reward becomes redeemed (time, staff member),
   * the customer's card starts over, and the customer's screen hears it live. A second
   * confirmation answers 409 "This reward has already been redeemed."
   */
  serve(
    app,
    rewardsApi.redeemReward,
    {
      config: { budget: { per: 'vendor', max: 120, windowMs: MINUTE_MS } },
      schema: { body: rewardCodeRequestSchema, response: { 200: redeemedRewardSchema } },
    },
    async (request) => redeemRewardWithCode(db, settings, await presentedAtCounter(request), clock.now()),
  );
};
