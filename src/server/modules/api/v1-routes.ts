import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiActivityQuerySchema,
  apiActivitySchema,
  apiCardListSchema,
  apiCustomerIdParamsSchema,
  apiCustomerLookupRequestSchema,
  apiCustomerLookupSchema,
  apiDayBillsParamsSchema,
  apiDayBillsRequestSchema,
  apiDayBillsSchema,
  apiIssueStampRequestSchema,
  apiMeSchema,
  apiRedeemedRewardSchema,
  apiRedeemRequestSchema,
  apiRewardListSchema,
  apiRewardsQuerySchema,
  apiStampResultSchema,
} from '@shared/api/vendor-api-v1';
import type { Database } from '@server/db/client';
import { readRedemptionTarget, redeemReward } from '@server/modules/rewards/redeem-reward';
import { staffAtCounter } from '@server/modules/stamps/counter-actor';
import {
  issueStampForCustomer,
  readCustomerCodeAtCounter,
} from '@server/modules/stamps/issue-stamp-from-customer-code';
import { lookupCustomerCode } from '@server/modules/stamps/lookup-customer-code';
import { presentStampResult } from '@server/modules/stamps/present-stamp-result';
import { stampCodeSettings } from '@server/modules/stamps/stamp-code-settings';
import { getDayActivity } from './get-day-activity';
import { savePosDayBills } from '@server/modules/analytics/programme-health';
import { idempotentRequestOf, runIdempotently } from './idempotency';
import { listApiCards } from './list-api-cards';
import { listCustomerRewards } from './list-customer-rewards';
import { buildOpenApiDocument } from './openapi';
import { addApiKeyHooks, apiActor, requireApiKey } from './require-api-key';
import { serverBodyLimit } from '@server/plugins/openapi';

/**
 * The vendor API (decision 035), under /api/v1: a point-of-sale system authenticates with the
 * vendor's key (Authorization: Bearer), never a cookie, so these routes are no CSRF target (the
 * same-origin plugin still refuses a cross-site write that carries our cookie, as everywhere).
 * Every write takes an Idempotency-Key. Stamps and redemptions are the counter's own transactions.
 */
export const vendorApiV1Routes: FastifyPluginAsyncZod = async (app) => {
  const { config, database, clock } = app.deps;
  const settings = stampCodeSettings(config);
  const db = database.db;
  addApiKeyHooks(app);
  const openApiDocument = buildOpenApiDocument(config.publicUrl, serverBodyLimit(app));

  /** The API's own description, public: what the reference page renders. */
  app.get('/v1/openapi.json', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(openApiDocument),
  );

  app.get('/v1/me', { schema: { response: { 200: apiMeSchema } } }, async (request) => {
    const caller = await requireApiKey(request, 'any');
    return {
      vendor: { id: caller.vendorId, name: caller.vendorName },
      key: {
        id: caller.keyId,
        name: caller.keyName,
        prefix: caller.prefix,
        scopes: caller.scopes as Array<'read' | 'stamp' | 'redeem'>,
        rateLimitPerMinute: caller.rateLimitPerMinute,
      },
    };
  });

  app.post(
    '/v1/customers/lookup',
    {
      config: { budget: { handledBy: "api/require-api-key.ts: each key's requests a minute" } },
      schema: { body: apiCustomerLookupRequestSchema, response: { 200: apiCustomerLookupSchema } },
    },
    async (request) => {
      const caller = await requireApiKey(request, 'read');
      const found = await lookupCustomerCode(
        db,
        settings,
        {
          staff: await staffAtCounter(db, { vendorId: caller.vendorId, actor: apiActor(caller) }),
          customerCode: request.body.customerCode,
        },
        clock.now(),
      );
      return { customer: { id: found.customerUserId, name: found.customer.name }, cards: found.cards };
    },
  );

  app.get(
    '/v1/customers/:customerId/rewards',
    {
      schema: {
        params: apiCustomerIdParamsSchema,
        querystring: apiRewardsQuerySchema,
        response: { 200: apiRewardListSchema },
      },
    },
    async (request) => {
      const caller = await requireApiKey(request, 'read');
      return listCustomerRewards(
        db,
        { vendorId: caller.vendorId, customerId: request.params.customerId, status: request.query.status },
        clock.now(),
      );
    },
  );

  app.get('/v1/cards', { schema: { response: { 200: apiCardListSchema } } }, async (request) => {
    const caller = await requireApiKey(request, 'read');
    return listApiCards(db, caller.vendorId);
  });

  app.get(
    '/v1/activity',
    { schema: { querystring: apiActivityQuerySchema, response: { 200: apiActivitySchema } } },
    async (request) => {
      const caller = await requireApiKey(request, 'read');
      return getDayActivity(db, caller.vendorId, request.query, clock.now());
    },
  );

  app.post(
    '/v1/stamps',
    {
      config: { budget: { handledBy: "api/require-api-key.ts: each key's requests a minute" } },
      schema: { body: apiIssueStampRequestSchema, response: { 200: apiStampResultSchema } },
    },
    async (request, reply) => {
      const caller = await requireApiKey(request, 'stamp');
      const staff = await staffAtCounter(
        db,
        { vendorId: caller.vendorId, actor: apiActor(caller) },
        request.body.branchId,
      );
      const idempotent = idempotentRequestOf(request, caller.keyId);
      const answer = await runIdempotently(db, idempotent, clock.now(), {
        read: () =>
          readCustomerCodeAtCounter(db, settings, { staff, customerCode: request.body.customerCode }, clock.now()),
        write: async (tx, claims) => {
          const { outcome, customerUserId } = await issueStampForCustomer(
            tx as Database,
            staff,
            {
              claims,
              cardId: request.body.cardId,
              quantity: request.body.quantity,
              ...(request.body.amount !== undefined ? { amount: request.body.amount } : {}),
            },
            clock.now(),
          );
          return {
            stamp: { id: outcome.stamp.id, issuedAt: outcome.stamp.issuedAt.toISOString() },
            quantity: outcome.quantity,
            carriedStamps: outcome.carriedStamps,
            card: {
              id: outcome.userCard.cardId,
              name: outcome.userCard.cardName,
              stampsCollected: outcome.userCard.stampsCollected,
              stampsRequired: outcome.userCard.stampsRequired,
              status: outcome.userCard.status,
            },
            reward: outcome.reward,
            rewards: outcome.rewards,
            points: outcome.points,
            customer: { id: customerUserId, name: outcome.customer.name },
            // The counter's own words for the result (stamp collected, or reward earned).
            message: presentStampResult(outcome, 'staff').message,
          };
        },
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return answer.body;
    },
  );

  // A day's bills from the till (decision 090): a replace, so a retry needs no Idempotency-Key.
  app.put(
    '/v1/bills/:day',
    {
      config: { budget: { handledBy: "api/require-api-key.ts: each key's requests a minute" } },
      schema: { params: apiDayBillsParamsSchema, body: apiDayBillsRequestSchema, response: { 200: apiDayBillsSchema } },
    },
    async (request) => {
      const caller = await requireApiKey(request, 'stamp');
      return savePosDayBills(
        db,
        caller.vendorId,
        { day: request.params.day, totalBills: request.body.totalBills },
        clock.now(),
      );
    },
  );

  app.post(
    '/v1/rewards/redeem',
    {
      config: { budget: { handledBy: "api/require-api-key.ts: each key's requests a minute" } },
      schema: { body: apiRedeemRequestSchema, response: { 200: apiRedeemedRewardSchema } },
    },
    async (request, reply) => {
      const caller = await requireApiKey(request, 'redeem');
      const staff = await staffAtCounter(
        db,
        { vendorId: caller.vendorId, actor: apiActor(caller) },
        request.body.branchId,
      );
      const idempotent = idempotentRequestOf(request, caller.keyId);
      const { rewardCode, rewardId, customerCode } = request.body;
      const answer = await runIdempotently(db, idempotent, clock.now(), {
        read: () =>
          readRedemptionTarget(
            db,
            settings,
            {
              staff,
              sent: rewardCode !== undefined ? { rewardCode } : { rewardId: rewardId!, customerCode: customerCode! },
            },
            clock.now(),
          ),
        write: (tx, target) => redeemReward(tx, staff, target, clock.now()),
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return answer.body;
    },
  );
};
