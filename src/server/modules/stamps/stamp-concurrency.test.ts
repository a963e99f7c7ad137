import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rewards, stamps, userCards } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { pointsForBill } from '@shared/cards/earn-rules';
import { DAILY_STAMP_CAP_MAX } from '@shared/stamps/fraud-rules';
import { mintCustomerCode } from './mint-stamp-codes';
import { stampCodeSettings } from './stamp-code-settings';
import {
  collectStamps,
  collectWith,
  counterCodeFor,
  prefillMonthlyStamps,
  setUpVendorWithCard,
} from './stamp-test-helpers';

/**
 * Races that the transaction and its row locks must win. On PostgreSQL the requests really run
 * at once (a pool of 20 connections); on PGlite they queue, and the outcome must be the same.
 */
describe('concurrent stamps and redemptions', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  it('50 parallel scans of one card needing 10 give exactly 10 stamps and one reward', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 10, minStampIntervalMinutes: 0 });
    const customer = await signUpUser(context.app);
    // 50 distinct, valid counter codes: each may give this customer one stamp.
    const codes = await Promise.all(
      Array.from({ length: 50 }, () => counterCodeFor(context.app, setup.owner.cookie, setup.card.id)),
    );
    const responses = await Promise.all(codes.map((code) => collectWith(context.app, customer.cookie, code.qrPayload)));

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(new Set(responses.filter((r) => r.statusCode !== 200).map((r) => r.json().error.code))).toEqual(
      new Set(['reward_pending']),
    );
    expect(responses.filter((r) => r.statusCode === 200 && r.json().reward !== null)).toHaveLength(1);

    expect(await db().select().from(stamps).where(eq(stamps.userId, customer.id))).toHaveLength(10);
    expect(await db().select().from(rewards).where(eq(rewards.userId, customer.id))).toHaveLength(1);
    const cards = await db().select().from(userCards).where(eq(userCards.userId, customer.id));
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ stampsCollected: 10, status: 'completed' });
  });

  it('parallel scans by many customers never pass the monthly limit', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { plan: 'starter' });
    // Starter allows 500 a month: 495 are used, so exactly 5 of the 12 parallel scans may pass.
    await prefillMonthlyStamps(context.app, db(), setup, 495, context.clock.now());
    const customers = await Promise.all(Array.from({ length: 12 }, () => signUpUser(context.app)));
    const codes = await Promise.all(
      customers.map(() => counterCodeFor(context.app, setup.owner.cookie, setup.card.id)),
    );
    const responses = await Promise.all(
      customers.map((customer, index) => collectWith(context.app, customer.cookie, codes[index]!.qrPayload)),
    );

    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refusals = responses.filter((r) => r.statusCode !== 200).map((r) => [r.statusCode, r.json().error.message]);
    expect(refusals).toEqual(
      Array.from({ length: 7 }, () => [409, 'Monthly stamp limit reached. Maximum 500 stamps per month.']),
    );
    expect(await db().select().from(stamps).where(eq(stamps.vendorId, setup.vendor.id))).toHaveLength(500);
  });

  it('30 customers scanning one shared code at once get one stamp between them', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const customers = await Promise.all(Array.from({ length: 30 }, () => signUpUser(context.app)));
    const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
    const responses = await Promise.all(
      customers.map((customer, index) =>
        collectWith(context.app, customer.cookie, index % 2 ? code.typedCode : code.qrPayload),
      ),
    );

    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refusals = responses.filter((r) => r.statusCode !== 200).map((r) => [r.statusCode, r.json().error.message]);
    expect(refusals).toEqual(
      Array.from({ length: 29 }, () => [409, 'This code has already been used. Ask the counter for a new one.']),
    );
    expect(await db().select().from(stamps).where(eq(stamps.cardId, setup.card.id))).toHaveLength(1);
    expect(await db().select().from(userCards).where(eq(userCards.cardId, setup.card.id))).toHaveLength(1);
  });

  it('20 parallel confirmations redeem a reward once', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 2 });
    const customer = await signUpUser(context.app);
    const result = await collectStamps(context.app, setup, customer.cookie, 2);
    const codeResponse = await context.app.inject({
      method: 'POST',
      url: `/api/rewards/${result.reward.id}/redemption-code`,
      headers: { cookie: customer.cookie },
    });
    const code = codeResponse.json().qrPayload as string;

    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        context.app.inject({
          method: 'POST',
          url: '/api/vendor/rewards/redeem',
          headers: { cookie: setup.owner.cookie },
          payload: { code },
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refusals = responses.filter((r) => r.statusCode !== 200).map((r) => [r.statusCode, r.json().error.message]);
    expect(refusals).toEqual(Array.from({ length: 19 }, () => [409, 'This reward has already been redeemed.']));

    const [reward] = await db().select().from(rewards).where(eq(rewards.id, result.reward.id));
    expect(reward).toMatchObject({ status: 'redeemed', redeemedBy: setup.owner.id });
    const [card] = await db().select().from(userCards).where(eq(userCards.userId, customer.id));
    expect(card).toMatchObject({ stampsCollected: 0, status: 'active', completedAt: null });
  });

  /** Staff award on `cardId` with a fresh My QR code each (a customer code gives one award per card). */
  async function awardsAtOnce(staffCookie: string, customerId: string, cardId: string, orders: object[]) {
    const settings = stampCodeSettings(context.app.deps.config);
    const codes = await Promise.all(
      orders.map(() => mintCustomerCode(db(), settings, customerId, context.clock.now())),
    );
    return Promise.all(
      orders.map((order, index) =>
        context.app.inject({
          method: 'POST',
          url: '/api/vendor/stamps',
          headers: { cookie: staffCookie },
          payload: { customerCode: codes[index]!.qrPayload, cardId, ...order },
        }),
      ),
    );
  }

  it('50 parallel points awards on one card give exactly their points, one stamp each', async () => {
    const { owner, card } = await setUpVendorWithCard(context.app, db(), {
      earnKind: 'points',
      pointsPer100Pkr: 10,
      stampsRequired: 1000,
      headStartStamps: 5,
      // Fifty awards in one day, beyond the default daily cap (decision 086).
      dailyStampCap: DAILY_STAMP_CAP_MAX,
    });
    const customer = await signUpUser(context.app);
    // Bills of Rs 100 to Rs 149: 10 to 14 points each, 600 in all.
    const bills = Array.from({ length: 50 }, (_, index) => 100 + (index % 5) * 10 + (index % 10));
    const responses = await awardsAtOnce(
      owner.cookie,
      customer.id,
      card.id,
      bills.map((amount) => ({ amount })),
    );

    expect(responses.map((r) => r.statusCode).filter((status) => status !== 200)).toEqual([]);
    const total = bills.reduce((sum, amount) => sum + pointsForBill(amount, 10), 0);
    const [held] = await db().select().from(userCards).where(eq(userCards.userId, customer.id));
    expect(held).toMatchObject({ stampsCollected: 5 + total, status: 'active' });
    const rows = await db().select().from(stamps).where(eq(stamps.userId, customer.id));
    expect(rows.filter((row) => row.kind === 'visit')).toHaveLength(50);
    expect(rows.filter((row) => row.kind === 'head_start')).toHaveLength(1);
    expect(rows.reduce((sum, row) => sum + (row.points ?? 0), 0)).toBe(5 + total);
  });

  it('50 parallel awards of 10 points on a tiered card: the first at 1x, every later one at Silver 2x', async () => {
    const { owner, card } = await setUpVendorWithCard(context.app, db(), {
      plan: 'premium',
      earnKind: 'points',
      pointsPer100Pkr: 10,
      stampsRequired: 10_000,
      dailyStampCap: DAILY_STAMP_CAP_MAX,
      // Silver after one visit (decision 087): whichever award runs first reaches it.
      tiers: { basis: 'visits', levels: [{ name: 'Silver', from: 1, multiplier: 2 }] },
    });
    const customer = await signUpUser(context.app);
    const responses = await awardsAtOnce(
      owner.cookie,
      customer.id,
      card.id,
      Array.from({ length: 50 }, () => ({ amount: 100 })),
    );

    expect(responses.map((r) => r.statusCode).filter((status) => status !== 200)).toEqual([]);
    const [held] = await db().select().from(userCards).where(eq(userCards.userId, customer.id));
    expect(held).toMatchObject({ stampsCollected: 10 + 49 * 20, tierLevel: 1, tierCount: 50 });
    const rows = await db().select().from(stamps).where(eq(stamps.userId, customer.id));
    expect(rows.map((row) => row.points).sort((a, b) => a! - b!)).toEqual([10, ...Array<number>(49).fill(20)]);
  });

  it('50 parallel awards on a card with milestones at 10 and 25 earn each once, the last at 60 not yet', async () => {
    const { owner, card } = await setUpVendorWithCard(context.app, db(), {
      earnKind: 'item',
      maxItemsPerVisit: 3,
      stampsRequired: 60,
      dailyStampCap: DAILY_STAMP_CAP_MAX,
      milestones: [
        { at: 10, rewardTitle: 'Free chai', rewardValue: 100 },
        { at: 25, rewardTitle: 'Free paratha', rewardValue: 250 },
      ],
    });
    const customer = await signUpUser(context.app);
    const responses = await awardsAtOnce(
      owner.cookie,
      customer.id,
      card.id,
      Array.from({ length: 50 }, () => ({ quantity: 1 })),
    );

    expect(responses.map((r) => r.statusCode).filter((status) => status !== 200)).toEqual([]);
    const [held] = await db().select().from(userCards).where(eq(userCards.userId, customer.id));
    expect(held).toMatchObject({ stampsCollected: 50, status: 'active' });
    const earned = await db().select().from(rewards).where(eq(rewards.userId, customer.id));
    expect(earned.map((reward) => reward.milestoneAt).sort()).toEqual([10, 25]);
    // Each reward was told by exactly one of the 50 answers.
    expect(
      responses
        .filter((r) => r.json().reward !== null)
        .map((r) => r.json().reward.milestone)
        .sort(),
    ).toEqual([10, 25]);
  });

  it('10 parallel choices of a 100-point reward with 450 points free hold 4 of them', async () => {
    const { owner, card } = await setUpVendorWithCard(context.app, db(), {
      earnKind: 'points',
      pointsPer100Pkr: 10,
      stampsRequired: 100,
    });
    const customer = await signUpUser(context.app);
    await awardsAtOnce(owner.cookie, customer.id, card.id, [{ amount: 4_500 }]);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        context.app.inject({
          method: 'POST',
          url: '/api/rewards/choose',
          headers: { cookie: customer.cookie },
          payload: { cardId: card.id, milestone: 100 },
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(4);
    expect(new Set(responses.filter((r) => r.statusCode !== 200).map((r) => r.json().error.code))).toEqual(
      new Set(['points_short']),
    );
  });
});
