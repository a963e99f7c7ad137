import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { PlanId } from '@shared/billing/plans';
import {
  cardMilestones,
  earnRuleProblems,
  pointsForBill,
  tieredAmount,
  type EarnKind,
  type Milestone,
  type TierRule,
} from '@shared/cards/earn-rules';
import { cardFieldsSchema } from '@shared/cards/vendor-cards';
import { rewards, stamps, userCards } from '@server/db/schema';
import type { Executor } from '@server/db/client';
import { countStampsSince } from '@server/modules/billing/plan-usage';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser, type SignedInUser } from '@server/test/factories';
import { startOfPakistanMonth } from '@shared/pakistan-time';
import { mintCustomerCode } from './mint-stamp-codes';
import { stampCodeSettings } from './stamp-code-settings';
import { splitOrder } from './stamp-rules';
import { prefillMonthlyStamps, setUpVendorWithCard } from './stamp-test-helpers';

const CHAI: Milestone = { at: 5, rewardTitle: 'Free chai', rewardValue: 100 };

describe('how a card earns: the arithmetic', () => {
  it('gives N points per full 100 PKR, rounded down', () => {
    expect(pointsForBill(250, 10)).toBe(25);
    expect(pointsForBill(99, 1)).toBe(0);
    expect(pointsForBill(199, 1)).toBe(1);
    expect(pointsForBill(1_000_000, 100)).toBe(1_000_000);
  });

  it('multiplies by a tier rounded down, never below the order, counted in hundredths', () => {
    expect(tieredAmount(1, 1.25)).toBe(1);
    expect(tieredAmount(4, 1.25)).toBe(5);
    expect(tieredAmount(25, 1.5)).toBe(37);
    expect(tieredAmount(20, 1.15)).toBe(23);
    expect(tieredAmount(3, 3)).toBe(9);
  });

  it('earns each milestone once, where the order reaches it, and keeps the next round short of the first', () => {
    const milestones = cardMilestones({
      stampsRequired: 10,
      rewardTitle: 'Free paratha',
      rewardValue: 250,
      milestones: [CHAI],
    });
    expect(splitOrder({ stampsCollected: 3, milestones, quantity: 3 })).toMatchObject({
      stampsCollected: 6,
      reached: [CHAI],
      completes: false,
    });
    expect(splitOrder({ stampsCollected: 4, milestones, quantity: 8 })).toMatchObject({
      stampsCollected: 10,
      carried: 2,
      reached: [CHAI, { at: 10, rewardTitle: 'Free paratha', rewardValue: 250 }],
      completes: true,
      // 6 to the last reward and 4 carried: the next round stays short of its chai at 5.
      most: 10,
    });
  });

  it('refuses milestones at or past the last reward, twice the same, and a head start at a reward', () => {
    const base = { earnKind: 'visit' as const, stampsRequired: 10, pointsPer100Pkr: null, maxItemsPerVisit: null };
    expect(earnRuleProblems({ ...base, headStartStamps: 2, milestones: [CHAI] })).toEqual({});
    expect(earnRuleProblems({ ...base, headStartStamps: 5, milestones: [CHAI, { ...CHAI, at: 10 }] })).toEqual({
      'milestones.1.at': "A milestone must come before the card's last reward at 10 stamps.",
      headStartStamps: 'A head start must be below the first reward (5 stamps).',
    });
    expect(earnRuleProblems({ ...base, earnKind: 'points', headStartStamps: 0, milestones: [] })).toEqual({
      pointsPer100Pkr: 'Points per 100 PKR is required for a points card.',
    });
    expect(
      earnRuleProblems({ ...base, earnKind: 'item', stampsRequired: 101, headStartStamps: 0, milestones: [] }),
    ).toEqual({
      maxItemsPerVisit: 'Items per visit is required for a card that stamps per item.',
      stampsRequired: 'Stamps required must be at most 100.',
    });
    // The card form's schema names the milestone's own field.
    const parsed = cardFieldsSchema.safeParse({
      name: 'Chai card',
      cardType: 'free',
      rewardTitle: 'Free paratha',
      rewardValue: 250,
      stampsRequired: 10,
      milestones: [CHAI, { ...CHAI }],
      dealPrice: null,
      originalPrice: null,
      stockLeft: null,
      dealEndsAt: null,
      membershipFeeYearly: null,
    });
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'))).toEqual(['milestones.1.at']);
  });
});

/**
 * Every earn kind x milestones x head start x plan limit, through the counter (staff scan My QR):
 * each row gives its awards in turn and reads what the card, the rewards and the plan's month hold.
 */
interface Row {
  name: string;
  plan?: PlanId;
  card: {
    earnKind: EarnKind;
    stampsRequired: number;
    pointsPer100Pkr?: number;
    minBillPkr?: number;
    maxItemsPerVisit?: number;
    headStartStamps?: number;
    milestones?: Milestone[];
    tiers?: TierRule;
  };
  /** This month's stamps already used by other customers. */
  prefill?: number;
  awards: { quantity?: number; amount?: number; expect: 200 | [number, string, string] }[];
  /** What the customer's card holds after, the rewards earned (by milestone), the plan's month and the stamp rows. */
  after: {
    collected: number;
    status: 'active' | 'completed';
    rewards: number[];
    month: number;
    rows: number;
    /** The customer's tier level after the awards (decision 087); 0 when left out. */
    level?: number;
  };
}

const SILVER_AT_2_VISITS: TierRule = { basis: 'visits', levels: [{ name: 'Silver', from: 2, multiplier: 2 }] };

const ROWS: Row[] = [
  {
    name: 'per visit, one reward, no head start: as every card before',
    card: { earnKind: 'visit', stampsRequired: 3 },
    awards: [{ expect: 200 }, { expect: 200 }, { expect: 200 }, { expect: [409, 'reward_pending', ''] }],
    after: { collected: 3, status: 'completed', rewards: [3], month: 3, rows: 3 },
  },
  {
    name: 'per visit with a milestone: chai at 2, the card goes on to its last reward at 4',
    card: { earnKind: 'visit', stampsRequired: 4, milestones: [{ ...CHAI, at: 2 }] },
    awards: [{ expect: 200 }, { expect: 200 }, { expect: 200 }, { expect: 200 }],
    after: { collected: 4, status: 'completed', rewards: [2, 4], month: 4, rows: 4 },
  },
  {
    name: 'per item with a milestone and a head start: the head start is progress, not the month',
    card: {
      earnKind: 'item',
      stampsRequired: 6,
      maxItemsPerVisit: 5,
      headStartStamps: 1,
      milestones: [{ ...CHAI, at: 3 }],
    },
    awards: [
      { quantity: 2, expect: 200 },
      { quantity: 6, expect: [400, 'quantity_not_allowed', 'quantity'] },
      { quantity: 3, expect: 200 },
    ],
    after: { collected: 6, status: 'completed', rewards: [3, 6], month: 5, rows: 6 },
  },
  {
    name: 'per item: an amount is refused naming it',
    card: { earnKind: 'item', stampsRequired: 10, maxItemsPerVisit: 3 },
    awards: [
      { quantity: 1, amount: 500, expect: [400, 'invalid_amount', 'amount'] },
      { quantity: 3, expect: 200 },
    ],
    after: { collected: 3, status: 'active', rewards: [], month: 3, rows: 3 },
  },
  {
    name: 'points: the bill gives its points, refusals name the amount, no reward is earned by itself',
    card: {
      earnKind: 'points',
      stampsRequired: 100,
      pointsPer100Pkr: 10,
      minBillPkr: 200,
      milestones: [{ ...CHAI, at: 50 }],
    },
    awards: [
      { expect: [400, 'invalid_amount', 'amount'] },
      { amount: 150, expect: [400, 'invalid_amount', 'amount'] },
      { amount: 1_000_001, expect: [400, 'validation_failed', 'amount'] },
      { amount: 99.5, expect: [400, 'validation_failed', 'amount'] },
      { amount: 0, expect: [400, 'validation_failed', 'amount'] },
      { amount: 500, quantity: 2, expect: [400, 'quantity_not_allowed', 'quantity'] },
      { amount: 529, expect: 200 },
      { amount: 700, expect: 200 },
    ],
    after: { collected: 122, status: 'active', rewards: [], month: 2, rows: 2 },
  },
  {
    name: 'points with a head start of points',
    card: { earnKind: 'points', stampsRequired: 100, pointsPer100Pkr: 10, headStartStamps: 20 },
    awards: [{ amount: 300, expect: 200 }],
    after: { collected: 50, status: 'active', rewards: [], month: 1, rows: 2 },
  },
  {
    name: 'plan limit: a head start of 3 does not use the month’s last stamp',
    plan: 'starter',
    prefill: 499,
    card: { earnKind: 'item', stampsRequired: 10, maxItemsPerVisit: 3, headStartStamps: 3 },
    awards: [
      { quantity: 2, expect: [409, 'stamp_limit_reached', 'quantity'] },
      { quantity: 1, expect: 200 },
      { quantity: 1, expect: [409, 'stamp_limit_reached', ''] },
    ],
    after: { collected: 4, status: 'active', rewards: [], month: 500, rows: 4 },
  },
  {
    name: 'plan limit: a points award of 500 points is one stamp of the month',
    plan: 'starter',
    prefill: 499,
    card: { earnKind: 'points', stampsRequired: 1000, pointsPer100Pkr: 10 },
    awards: [
      { amount: 5000, expect: 200 },
      { amount: 100, expect: [409, 'stamp_limit_reached', ''] },
    ],
    after: { collected: 500, status: 'active', rewards: [], month: 500, rows: 1 },
  },
  {
    name: 'tier by visits: Silver after 2 visits at 2x, the third visit gives 2 stamps',
    card: { earnKind: 'visit', stampsRequired: 10, tiers: SILVER_AT_2_VISITS },
    awards: [{ expect: 200 }, { expect: 200 }, { expect: 200 }],
    after: { collected: 4, status: 'active', rewards: [], month: 4, rows: 4, level: 1 },
  },
  {
    name: 'tier x per item x milestone x head start: 1.5x rounds down, and stops at the last reward',
    card: {
      earnKind: 'item',
      stampsRequired: 10,
      maxItemsPerVisit: 5,
      headStartStamps: 1,
      milestones: [{ ...CHAI, at: 4 }],
      tiers: { basis: 'visits', levels: [{ name: 'Silver', from: 1, multiplier: 1.5 }] },
    },
    awards: [
      // Level 0: 2 stamps (3 in all); Silver from here. 2 at 1.5: 3 (6, chai at 4); 3 at 1.5: 4 (10).
      { quantity: 2, expect: 200 },
      { quantity: 2, expect: 200 },
      { quantity: 3, expect: 200 },
    ],
    after: { collected: 10, status: 'completed', rewards: [4, 10], month: 9, rows: 10, level: 1 },
  },
  {
    name: 'tier by points: Gold at 50 points, 1.25x rounded down (33 points give 41)',
    card: {
      earnKind: 'points',
      stampsRequired: 1000,
      pointsPer100Pkr: 10,
      tiers: { basis: 'points', levels: [{ name: 'Gold', from: 50, multiplier: 1.25 }] },
    },
    awards: [
      { amount: 500, expect: 200 },
      { amount: 330, expect: 200 },
    ],
    after: { collected: 91, status: 'active', rewards: [], month: 2, rows: 2, level: 1 },
  },
  {
    name: 'tier x plan limit: the stamps a tier adds are stamps of the month',
    plan: 'premium',
    prefill: 4997,
    card: {
      earnKind: 'visit',
      stampsRequired: 10,
      tiers: { ...SILVER_AT_2_VISITS, levels: [{ name: 'Silver', from: 1, multiplier: 2 }] },
    },
    awards: [{ expect: 200 }, { expect: 200 }, { expect: [409, 'stamp_limit_reached', ''] }],
    after: { collected: 3, status: 'active', rewards: [], month: 5000, rows: 3, level: 1 },
  },
  {
    name: 'tier below Premium: a card keeps its tiers but the plan gives no multiplier',
    plan: 'standard',
    card: {
      earnKind: 'visit',
      stampsRequired: 10,
      tiers: { ...SILVER_AT_2_VISITS, levels: [{ name: 'Silver', from: 1, multiplier: 2 }] },
    },
    awards: [{ expect: 200 }, { expect: 200 }, { expect: 200 }],
    after: { collected: 3, status: 'active', rewards: [], month: 3, rows: 3, level: 0 },
  },
];

async function awardAtCounter(
  app: FastifyInstance,
  db: Executor,
  staff: SignedInUser,
  customerId: string,
  cardId: string,
  order: { quantity?: number; amount?: number },
  now: Date,
) {
  const code = await mintCustomerCode(db, stampCodeSettings(app.deps.config), customerId, now);
  return app.inject({
    method: 'POST',
    url: '/api/vendor/stamps',
    headers: { cookie: staff.cookie },
    payload: { customerCode: code.qrPayload, cardId, ...order },
  });
}

describe('how a card earns: every kind x milestones x head start x plan limit', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  for (const row of ROWS) {
    it(row.name, async () => {
      const now = context.clock.now();
      const { owner, vendor, card } = await setUpVendorWithCard(context.app, db(), { plan: row.plan, ...row.card });
      if (row.prefill) await prefillMonthlyStamps(context.app, db(), { owner, vendor, card }, row.prefill, now);
      const customer = await signUpUser(context.app, { name: 'Sana' });

      for (const award of row.awards) {
        const { expect: wanted, ...order } = award;
        const response = await awardAtCounter(context.app, db(), owner, customer.id, card.id, order, now);
        if (wanted === 200) {
          expect(response.statusCode, response.body).toBe(200);
          continue;
        }
        const [status, code, field] = wanted;
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json().error.code).toBe(code);
        if (field) expect(Object.keys(response.json().error.fields ?? {})).toContain(field);
      }

      const [held] = await db()
        .select()
        .from(userCards)
        .where(and(eq(userCards.userId, customer.id), eq(userCards.cardId, card.id)));
      expect({ collected: held?.stampsCollected, status: held?.status, level: held?.tierLevel }).toEqual({
        collected: row.after.collected,
        status: row.after.status,
        level: row.after.level ?? 0,
      });
      const earned = await db().select().from(rewards).where(eq(rewards.userId, customer.id));
      expect(earned.map((reward) => reward.milestoneAt ?? row.card.stampsRequired).sort((a, b) => a - b)).toEqual(
        row.after.rewards,
      );
      expect(await countStampsSince(db(), vendor.id, startOfPakistanMonth(now))).toBe(row.after.month);
      expect(await db().select().from(stamps).where(eq(stamps.userId, customer.id))).toHaveLength(row.after.rows);
    });
  }
});
