import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  branches,
  rewards,
  stampReversals,
  stamps,
  visitDays,
  rewardValueDays,
  vendors,
  vendorVisitors,
} from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, signUpUser } from '@server/test/factories';
import { callAs, recordStamps, vendorOwner, vendorStaff } from '@server/modules/vendors/vendor-test-helpers';
import { apiCall, createKeyAs } from '@server/modules/api/vendor-api-test-helpers';
import { rows } from '@server/db/sql-rows';
import { rangeStart } from '@server/lib/pakistan-calendar';
import { ANALYTICS_RANGES, RANGE_DAYS, type AnalyticsRange } from '@shared/analytics/vendor-analytics';
import {
  averageSpend,
  cohortTable,
  costPerExtraVisit,
  healthFigures,
  monthlyReturningRevenue,
  percentOf,
  returningVisitsPerMonth,
  type ProgrammeHealth,
} from '@shared/analytics/programme-health';
import { pakistanDateKey, startOfPakistanMonth } from '@shared/pakistan-time';
import { getProgrammeHealth } from './programme-health';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Midnight of 1 April 2026 in Pakistan: a day, a month (and, 5 days later, a week) end here. */
const MONTH_END = new Date('2026-03-31T19:00:00.000Z');

describe('programme health', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  async function addBranch(vendorId: string, name: string) {
    const [row] = await db()
      .insert(branches)
      .values({ vendorId, name, address: '1 Mall Road', city: 'Lahore', area: 'Gulberg', phone: '+92 42 111 222 333' })
      .returning();
    return row!;
  }

  describe('the API', () => {
    it('gives known answers on hand-made visits, and refuses what it must', async () => {
      context.clock.set('2026-03-20T07:00:00.000Z');
      const now = context.clock.now().getTime();
      // Enterprise: the POS API's bills below need it.
      const { owner, vendor } = await vendorOwner(context.app, db(), 'enterprise');
      const card = await createCard(db(), vendor.id, { name: 'Chai Card', stampsRequired: 10 });
      const ayesha = await signUpUser(context.app, { name: 'Ayesha' });
      const zain = await signUpUser(context.app, { name: 'Zain' });
      // Ayesha: days -20, -10, -4 (gaps 10 and 6); Zain: one visit, 2 days ago, and a bonus stamp.
      await recordStamps(db(), {
        vendorId: vendor.id,
        cardId: card.id,
        userId: ayesha.id,
        times: [new Date(now - 20 * DAY), new Date(now - 10 * DAY), new Date(now - 4 * DAY)],
      });
      await recordStamps(db(), {
        vendorId: vendor.id,
        cardId: card.id,
        userId: zain.id,
        times: [new Date(now - 2 * DAY)],
      });
      await db()
        .update(stamps)
        .set({ kind: 'referral_bonus' })
        .where(eq(stamps.id, (await recordBonus(vendor.id, card.id, zain.id, new Date(now - DAY)))!));
      await db()
        .insert(rewards)
        .values({
          vendorId: vendor.id,
          cardId: card.id,
          userId: ayesha.id,
          rewardTitle: 'Free Chai',
          rewardValue: 300,
          earnedAt: new Date(now - 4 * DAY),
          status: 'redeemed',
          redeemedAt: new Date(now - 3 * DAY),
        });
      await db().update(vendors).set({ averageSpendRupees: 800 }).where(eq(vendors.id, vendor.id));

      const response = await callAs(context.app, owner.cookie, 'GET', '/api/vendor/analytics/health?range=30d');
      expect(response.statusCode).toBe(200);
      const health = response.json() as ProgrammeHealth;
      expect(health.figures).toEqual({
        customers: 2,
        repeatCustomers: 1,
        repeatRate: 50,
        visits: 4,
        // Ayesha visited in February and March, Zain in March: 4 visits over 3 customer-months.
        visitsPerCustomerMonth: 1.33,
        medianDaysBetweenVisits: 8,
      });
      expect(health.rewards).toEqual({ redeemed: 1, costRupees: 300, extraVisits: 2, costPerExtraVisit: 150 });
      expect(health.breakage).toEqual({ expired: 0, waiting: 0 });
      expect(health.cohorts).toEqual([
        { month: '2026-02-01', customers: 1, shares: [100, 100] },
        { month: '2026-03-01', customers: 1, shares: [100] },
      ]);
      expect(health.value).toEqual({
        averageSpendRupees: 800,
        averageSpendSource: 'entered',
        returningVisitsPerMonth: 2,
        monthlyReturningRevenueRupees: 1600,
      });
      expect(health.weeks.reduce((sum, week) => sum + week.newCustomers, 0)).toBe(2);
      expect(health.weeks.reduce((sum, week) => sum + week.returningCustomers, 0)).toBe(2);

      // March's bills: fewer than its 3 visits is refused naming the field, and changes nothing.
      const low = await callAs(context.app, owner.cookie, 'PUT', '/api/vendor/analytics/bills', {
        month: '2026-03',
        totalBills: 2,
      });
      expect(low.statusCode).toBe(400);
      expect(low.json().error.fields).toHaveProperty('totalBills');
      expect(
        (await callAs(context.app, owner.cookie, 'GET', '/api/vendor/analytics/health?range=30d')).json().penetration,
      ).toEqual([]);

      // The till's bills by the POS API, day by day: a month without the owner's entry takes their sum.
      const { key } = await createKeyAs(context.app, owner);
      const { key: readOnly } = await createKeyAs(context.app, owner, { name: 'Reports', scopes: ['read'] });
      const putDay = (day: string, payload: object, apiKey: string | null = key) =>
        apiCall(context.app, apiKey, 'PUT', `/api/v1/bills/${day}`, { payload });
      for (const [day, payload, field] of [
        ['2026-03-16', { totalBills: 0 }, 'totalBills'], // 1 visit was stamped that day
        ['2026-03-10', { totalBills: -1 }, 'totalBills'],
        ['2026-03-10', { totalBills: 1.5 }, 'totalBills'],
        ['2026-03-10', { totalBills: 1_000_001 }, 'totalBills'],
        ['2026-03-10', {}, 'totalBills'],
        ['2026-03-21', { totalBills: 10 }, 'day'], // tomorrow in Pakistan
        ['2026-02-30', { totalBills: 10 }, 'day'],
        ['March', { totalBills: 10 }, 'day'],
      ] as const) {
        const bad = await putDay(day, payload);
        expect(bad.statusCode, `${day} ${JSON.stringify(payload)}`).toBe(400);
        expect(bad.json().error.fields).toHaveProperty(field);
      }
      expect((await putDay('2026-03-10', { totalBills: 20 }, readOnly)).statusCode).toBe(403);
      expect((await putDay('2026-03-10', { totalBills: 20 }, null)).statusCode).toBe(401);
      expect(
        (await callAs(context.app, owner.cookie, 'GET', '/api/vendor/analytics/health?range=30d')).json().penetration,
      ).toEqual([]);
      const posDay = await putDay('2026-03-10', { totalBills: 20 });
      expect([posDay.statusCode, posDay.json()]).toEqual([200, { day: '2026-03-10', totalBills: 20 }]);
      await putDay('2026-03-16', { totalBills: 15 });
      await putDay('2026-02-28', { totalBills: 10 });
      // The same day again replaces its number (a retry is safe).
      await putDay('2026-03-10', { totalBills: 45 });
      const fromPos = (await callAs(context.app, owner.cookie, 'GET', '/api/vendor/analytics/health?range=30d')).json();
      expect(fromPos.penetration).toEqual([
        { month: '2026-02-01', visits: 1, totalBills: 10, share: 10, source: 'pos' },
        { month: '2026-03-01', visits: 3, totalBills: 60, share: 5, source: 'pos' },
      ]);

      // The owner's entry wins for its month; February keeps the POS's.
      const saved = await callAs(context.app, owner.cookie, 'PUT', '/api/vendor/analytics/bills', {
        month: '2026-03',
        totalBills: 40,
      });
      expect(saved.statusCode).toBe(200);
      const after = (await callAs(context.app, owner.cookie, 'GET', '/api/vendor/analytics/health?range=30d')).json();
      expect(after.penetration).toEqual([
        { month: '2026-02-01', visits: 1, totalBills: 10, share: 10, source: 'pos' },
        { month: '2026-03-01', visits: 3, totalBills: 40, share: 7.5, source: 'entered' },
      ]);

      for (const [payload, field] of [
        [{ month: '2026-04', totalBills: 10 }, 'month'],
        [{ month: '2026-13', totalBills: 10 }, 'month'],
        [{ month: '2026-03', totalBills: 0 }, 'totalBills'],
        [{ month: '2026-03', totalBills: 2.5 }, 'totalBills'],
        [{ month: '2026-03', totalBills: 10_000_001 }, 'totalBills'],
      ] as const) {
        const bad = await callAs(context.app, owner.cookie, 'PUT', '/api/vendor/analytics/bills', payload);
        expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
        expect(bad.json().error.fields).toHaveProperty(field);
      }
      const staff = await vendorStaff(context.app, db(), vendor.id);
      expect((await callAs(context.app, staff.cookie, 'GET', '/api/vendor/analytics/health')).statusCode).toBe(200);
      const staffWrite = await callAs(context.app, staff.cookie, 'PUT', '/api/vendor/analytics/bills', {
        month: '2026-03',
        totalBills: 50,
      });
      expect(staffWrite.statusCode).toBe(403);
      expect(
        (await callAs(context.app, ayesha.cookie, 'GET', '/api/vendor/analytics/health?range=30d')).statusCode,
      ).toBe(403);
      expect((await context.app.inject({ method: 'GET', url: '/api/vendor/analytics/health' })).statusCode).toBe(401);
      const badRange = await callAs(context.app, owner.cookie, 'GET', '/api/vendor/analytics/health?range=2y');
      expect(badRange.statusCode).toBe(400);
      const badBranch = await callAs(context.app, owner.cookie, 'GET', '/api/vendor/analytics/health?branchId=x');
      expect(badBranch.statusCode).toBe(400);
      expect(badBranch.json().error.fields).toHaveProperty('branchId');
      const other = await vendorOwner(context.app, db(), 'premium');
      const theirs = await addBranch(other.vendor.id, 'Elsewhere');
      const foreign = await callAs(
        context.app,
        owner.cookie,
        'GET',
        `/api/vendor/analytics/health?branchId=${theirs.id}`,
      );
      expect(foreign.statusCode).toBe(404);
      // The starter plan's ranges bound health as every analytics figure.
      const starter = await vendorOwner(context.app, db(), 'starter');
      expect(
        (await callAs(context.app, starter.owner.cookie, 'GET', '/api/vendor/analytics/health?range=1y')).statusCode,
      ).toBe(403);
    });

    async function recordBonus(vendorId: string, cardId: string, userId: string, at: Date) {
      const [userCard] = await rows<{ id: string }>(
        db(),
        sql`select id from user_cards where user_id = ${userId} and card_id = ${cardId}`,
      );
      const [row] = await db()
        .insert(stamps)
        .values({ userCardId: userCard!.id, vendorId, cardId, userId, qrCode: 'bonus', issuedAt: at, createdAt: at })
        .returning({ id: stamps.id });
      return row?.id;
    }
  });

  // PGlite has one connection: two transactions cannot overlap there.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "counts a newcomer's two first-day visits on two cards as a second visit when their stamps overlap",
    async () => {
      const { vendor } = await vendorOwner(context.app, db(), 'enterprise');
      const [user] = await Promise.all([signUpUser(context.app)]);
      const cards = [
        await createCard(db(), vendor.id, { name: 'Chai', stampsRequired: 50 }),
        await createCard(db(), vendor.id, { name: 'Naan', stampsRequired: 50 }),
      ];
      const stampOn = async (cardId: string) => {
        const userCardId = await recordStamps(db(), { vendorId: vendor.id, cardId, userId: user!.id, times: [] });
        return { userCardId, vendorId: vendor.id, cardId, userId: user!.id, qrCode: 'overlap', issuedAt: MONTH_END };
      };
      const [first, second] = [await stampOn(cards[0]!.id), await stampOn(cards[1]!.id)];
      // The first transaction holds its stamp uncommitted while the second writes its own.
      let firstWritten!: () => void;
      const written = new Promise<void>((resolve) => (firstWritten = resolve));
      await Promise.all([
        db().transaction(async (tx) => {
          await tx.insert(stamps).values(first);
          firstWritten();
          await tx.execute(sql`select pg_sleep(0.3)`);
        }),
        written.then(() => db().transaction(async (tx) => void (await tx.insert(stamps).values(second)))),
      ]);
      const [visitor] = await db().select().from(vendorVisitors).where(eq(vendorVisitors.vendorId, vendor.id));
      expect(visitor).toMatchObject({ firstVisitDay: '2026-04-01', secondVisitDay: '2026-04-01' });
    },
  );

  describe('exact under random stamps, redemptions and reversals across midnight and month end', () => {
    type Op =
      | {
          op: 'stamp';
          user: number;
          card: number;
          branch: number;
          minutes: number;
          kind: 'visit' | 'same_visit' | 'head_start';
          bill: number | null;
        }
      | { op: 'reverse'; pick: number }
      | { op: 'delete'; pick: number }
      | { op: 'unreverse'; pick: number }
      | { op: 'earn'; user: number; card: number; minutes: number; expiryDays: number | null }
      | { op: 'redeem'; pick: number; minutes: number; branch: number }
      | { op: 'withdraw'; pick: number };

    const minutes = fc.oneof(
      fc.integer({ min: -30, max: 30 }),
      fc.integer({ min: -40 * 24 * 60, max: 60 }),
      fc.constantFrom(-5 * 24 * 60, -24 * 60 - 1, -1, 0, 1),
    );
    const opArb: fc.Arbitrary<Op> = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          op: fc.constant('stamp' as const),
          user: fc.nat(4),
          card: fc.nat(1),
          branch: fc.nat(2),
          minutes,
          kind: fc.constantFrom('visit' as const, 'visit' as const, 'same_visit' as const, 'head_start' as const),
          bill: fc.option(fc.integer({ min: 100, max: 5000 }), { nil: null }),
        }),
      },
      { weight: 2, arbitrary: fc.record({ op: fc.constant('reverse' as const), pick: fc.nat() }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('unreverse' as const), pick: fc.nat() }) },
      {
        weight: 2,
        arbitrary: fc.record({
          op: fc.constant('earn' as const),
          user: fc.nat(4),
          card: fc.nat(1),
          minutes,
          expiryDays: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }),
        }),
      },
      {
        weight: 2,
        arbitrary: fc.record({ op: fc.constant('redeem' as const), pick: fc.nat(), minutes, branch: fc.nat(2) }),
      },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('withdraw' as const), pick: fc.nat() }) },
    );

    it('keeps every figure equal to one computed from the raw rows, before and after the snapshots are kept', async () => {
      const users = await Promise.all(Array.from({ length: 5 }, () => signUpUser(context.app)));
      await fc.assert(
        fc.asyncProperty(
          fc.array(opArb, { minLength: 5, maxLength: 40 }),
          // Half the reads on the day of the writes around midnight, so today's live part has
          // visits of its own, with earlier days in the range.
          fc.oneof(fc.integer({ min: 2, max: 90 }), fc.integer({ min: 0, max: 3 * 24 * 60 })),
          fc.nat(40),
          async (ops, after, split) => {
            const { vendor } = await vendorOwner(context.app, db(), 'enterprise');
            const cards = [
              await createCard(db(), vendor.id, { name: 'Chai', stampsRequired: 50 }),
              await createCard(db(), vendor.id, { name: 'Naan', stampsRequired: 50 }),
            ];
            const shops = [await addBranch(vendor.id, 'Gulberg'), await addBranch(vendor.id, 'DHA')];
            await db().update(vendors).set({ averageSpendRupees: 650 }).where(eq(vendors.id, vendor.id));
            const now = new Date(MONTH_END.getTime() + after * 60_000);
            // The first reads keep snapshots of the settled days (a wrong one fails the second
            // reads); the writes after them are made at `now`, as the counter would (a stamp is
            // written when it is issued).
            for (const op of ops.slice(0, split)) await apply(vendor.id, cards, shops, users, op);
            for (const range of ['7d', '30d', '3m'] as AnalyticsRange[])
              for (const scope of [{}, { cardId: cards[0]!.id }, { branchId: shops[1]!.id }])
                await getProgrammeHealth(db(), vendor.id, { range, ...scope }, now);
            for (const op of ops.slice(split)) await apply(vendor.id, cards, shops, users, op, now);
            await expectHealthFromRows(vendor.id, cards, shops, now);
            // Last: its check of a bulk load's rebuild drops the snapshots.
            await expectRollupsFromRows(vendor.id);
          },
        ),
        { numRuns: 20, seed: 90 },
      );
      // Twenty random histories, each read nine ways twice: near a minute alone on two busy cores.
    }, 180_000);

    async function expectHealthFromRows(
      vendorId: string,
      cards: Array<{ id: string }>,
      shops: Array<{ id: string; name: string }>,
      now: Date,
    ) {
      for (const range of ['7d', '30d', '3m'] as AnalyticsRange[]) {
        for (const scope of [{}, { cardId: cards[0]!.id }, { branchId: shops[1]!.id }]) {
          const got = await getProgrammeHealth(db(), vendorId, { range, ...scope }, now);
          const want = await healthFromRows(vendorId, range, scope, now, 650, shops);
          expect(got, `${range} ${JSON.stringify(scope)}`).toEqual(want);
        }
      }
    }

    async function apply(
      vendorId: string,
      cards: Array<{ id: string }>,
      shops: Array<{ id: string }>,
      users: Array<{ id: string }>,
      op: Op,
      writtenAt?: Date,
    ) {
      const at = (offset: number) => new Date(MONTH_END.getTime() + offset * 60_000);
      const vendorStamps = await db().select().from(stamps).where(eq(stamps.vendorId, vendorId));
      const vendorRewards = await db().select().from(rewards).where(eq(rewards.vendorId, vendorId));
      const pickOf = <T>(list: T[], pick: number) => (list.length ? list[pick % list.length] : undefined);
      switch (op.op) {
        case 'stamp': {
          const userCardId = await recordStamps(db(), {
            vendorId,
            cardId: cards[op.card]!.id,
            userId: users[op.user]!.id,
            times: [],
          });
          await db()
            .insert(stamps)
            .values({
              userCardId,
              vendorId,
              cardId: cards[op.card]!.id,
              userId: users[op.user]!.id,
              qrCode: 'property',
              kind: op.kind,
              billPkr: op.bill,
              issuedAt: at(op.minutes),
              createdAt: writtenAt && writtenAt > at(op.minutes) ? writtenAt : at(op.minutes),
              branchId: op.branch < 2 ? shops[op.branch]!.id : null,
            });
          return;
        }
        case 'reverse': {
          const stamp = pickOf(vendorStamps, op.pick);
          if (stamp)
            await db()
              .insert(stampReversals)
              .values({ stampId: stamp.id, vendorId, userCardId: stamp.userCardId, reversedAt: MONTH_END })
              .onConflictDoNothing();
          return;
        }
        case 'unreverse': {
          const stamp = pickOf(vendorStamps, op.pick);
          if (stamp) await db().delete(stampReversals).where(eq(stampReversals.stampId, stamp.id));
          return;
        }
        case 'delete': {
          const stamp = pickOf(vendorStamps, op.pick);
          if (stamp) await db().delete(stamps).where(eq(stamps.id, stamp.id));
          return;
        }
        case 'earn': {
          const earnedAt = at(op.minutes);
          const lastDay = new Date(
            `${pakistanDateKey(new Date(earnedAt.getTime() + (op.expiryDays ?? 0) * DAY))}T19:00:00.000Z`,
          );
          await db()
            .insert(rewards)
            .values({
              vendorId,
              cardId: cards[op.card]!.id,
              userId: users[op.user]!.id,
              rewardTitle: 'Free',
              rewardValue: 100 * (op.card + 1),
              earnedAt,
              expiresAt: op.expiryDays === null ? null : lastDay,
            });
          return;
        }
        case 'redeem': {
          const reward = pickOf(
            vendorRewards.filter((row) => row.status === 'earned'),
            op.pick,
          );
          if (reward)
            await db()
              .update(rewards)
              .set({
                status: 'redeemed',
                redeemedAt: new Date(Math.max(reward.earnedAt.getTime(), at(op.minutes).getTime())),
                redeemedBranchId: op.branch < 2 ? shops[op.branch]!.id : null,
              })
              .where(eq(rewards.id, reward.id));
          return;
        }
        case 'withdraw': {
          const reward = pickOf(
            vendorRewards.filter((row) => row.status === 'earned'),
            op.pick,
          );
          if (reward) await db().update(rewards).set({ status: 'withdrawn' }).where(eq(rewards.id, reward.id));
        }
      }
    }

    /** Visits not reversed, per customer, card, branch and day, straight from the stamps. */
    async function rawVisits(vendorId: string) {
      const reversed = new Set(
        (await db().select().from(stampReversals).where(eq(stampReversals.vendorId, vendorId))).map(
          (row) => row.stampId,
        ),
      );
      return (await db().select().from(stamps).where(eq(stamps.vendorId, vendorId))).filter(
        (row) => row.kind === 'visit' && !reversed.has(row.id),
      );
    }

    async function expectRollupsFromRows(vendorId: string) {
      const counted = new Map<string, { visits: number; billedVisits: number; billPkr: number }>();
      for (const row of await rawVisits(vendorId)) {
        const key = [
          row.cardId,
          row.branchId ?? '00000000-0000-0000-0000-000000000000',
          row.userId,
          pakistanDateKey(row.issuedAt),
        ].join('|');
        const entry = counted.get(key) ?? { visits: 0, billedVisits: 0, billPkr: 0 };
        entry.visits += 1;
        if (row.billPkr !== null) {
          entry.billedVisits += 1;
          entry.billPkr += row.billPkr;
        }
        counted.set(key, entry);
      }
      const rolled = await db().select().from(visitDays).where(eq(visitDays.vendorId, vendorId));
      expect(
        Object.fromEntries(
          rolled.map((row) => [
            [row.cardId, row.branchId, row.userId, row.day].join('|'),
            { visits: row.visits, billedVisits: row.billedVisits, billPkr: Number(row.billPkr) },
          ]),
        ),
      ).toEqual(Object.fromEntries(counted));
      // Each customer's first two visit days, the same day twice for two visits on one day.
      const visitDaysOf = new Map<string, string[]>();
      for (const row of (await rawVisits(vendorId)).sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime()))
        visitDaysOf.set(row.userId, [...(visitDaysOf.get(row.userId) ?? []), pakistanDateKey(row.issuedAt)]);
      const visitors = await db().select().from(vendorVisitors).where(eq(vendorVisitors.vendorId, vendorId));
      expect(Object.fromEntries(visitors.map((row) => [row.userId, [row.firstVisitDay, row.secondVisitDay]]))).toEqual(
        Object.fromEntries([...visitDaysOf].map(([userId, days]) => [userId, [days[0]!, days[1] ?? null]])),
      );
      const rewardRows = await db().select().from(rewardValueDays).where(eq(rewardValueDays.vendorId, vendorId));
      expect(rewardRows.every((row) => row.redeemed >= 0 && row.open >= 0 && row.redeemed + row.open > 0)).toBe(true);
      // A bulk load's rebuild gives the rows the triggers kept.
      const kept = await bothRollups();
      await db().execute(sql`select rebuild_programme_health(), rebuild_vendor_visitors()`);
      expect(await bothRollups()).toEqual(kept);
    }

    async function bothRollups() {
      const sorted = <T>(list: T[]) => list.map((row) => JSON.stringify(row)).sort();
      return {
        visits: sorted(await db().select().from(visitDays)),
        rewards: sorted(await db().select().from(rewardValueDays)),
        visitors: sorted(await db().select().from(vendorVisitors)),
      };
    }

    /** The figures computed from the raw rows, independently of the rollups and their SQL. */
    async function healthFromRows(
      vendorId: string,
      range: AnalyticsRange,
      scope: { cardId?: string; branchId?: string },
      now: Date,
      entered: number,
      shops: Array<{ id: string; name: string }>,
    ): Promise<ProgrammeHealth> {
      const from = pakistanDateKey(rangeStart(range, now));
      const monthStart = pakistanDateKey(startOfPakistanMonth(rangeStart(range, now)));
      const today = pakistanDateKey(now);
      const all = (await rawVisits(vendorId)).filter(
        (row) => (!scope.cardId || row.cardId === scope.cardId) && (!scope.branchId || row.branchId === scope.branchId),
      );
      const firstDay = new Map<string, string>();
      for (const row of all) {
        const day = pakistanDateKey(row.issuedAt);
        if (!firstDay.has(row.userId) || day < firstDay.get(row.userId)!) firstDay.set(row.userId, day);
      }
      const inRange = all.filter((row) => {
        const day = pakistanDateKey(row.issuedAt);
        return day >= from && day <= today;
      });
      const figuresOf = (visits: typeof all) => {
        const days = new Map<string, Set<string>>();
        const months = new Set<string>();
        for (const row of visits) {
          const day = pakistanDateKey(row.issuedAt);
          days.set(row.userId, (days.get(row.userId) ?? new Set()).add(day));
          months.add(`${row.userId}|${day.slice(0, 7)}`);
        }
        const gaps = new Map<number, number>();
        for (const set of days.values()) {
          const sorted = [...set].sort();
          for (let index = 1; index < sorted.length; index++) {
            const gap = (Date.parse(sorted[index]!) - Date.parse(sorted[index - 1]!)) / DAY;
            gaps.set(gap, (gaps.get(gap) ?? 0) + 1);
          }
        }
        return healthFigures({
          customers: days.size,
          repeatCustomers: [...days.values()].filter((set) => set.size >= 2).length,
          visits: visits.length,
          customerMonths: months.size,
          gaps: [...gaps].map(([value, count]) => ({ value, count })),
        });
      };
      const figures = figuresOf(inRange);
      const weekOf = (day: string) => {
        const date = new Date(`${day}T00:00:00Z`);
        return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
      };
      const weekCustomers = new Map<string, Set<string>>();
      for (const row of inRange) {
        const week = weekOf(pakistanDateKey(row.issuedAt));
        weekCustomers.set(week, (weekCustomers.get(week) ?? new Set()).add(row.userId));
      }
      const weeks = [...weekCustomers]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([week, set]) => {
          const fresh = [...set].filter((user) => firstDay.get(user)! >= week).length;
          return { week, newCustomers: fresh, returningCustomers: set.size - fresh };
        });
      const sinceMonth = all.filter((row) => {
        const day = pakistanDateKey(row.issuedAt);
        return day >= monthStart && day <= today;
      });
      const cohortSets = new Map<string, Set<string>>();
      const monthVisits = new Map<string, number>();
      for (const row of sinceMonth) {
        const month = `${pakistanDateKey(row.issuedAt).slice(0, 7)}-01`;
        const cohort = `${firstDay.get(row.userId)!.slice(0, 7)}-01`;
        monthVisits.set(month, (monthVisits.get(month) ?? 0) + 1);
        if (cohort >= monthStart) {
          const key = `${cohort}|${month}`;
          cohortSets.set(key, (cohortSets.get(key) ?? new Set()).add(row.userId));
        }
      }
      const cohorts = cohortTable(
        [...cohortSets].map(([key, set]) => ({
          cohort: key.split('|')[0]!,
          month: key.split('|')[1]!,
          customers: set.size,
        })),
        monthStart,
        `${today.slice(0, 7)}-01`,
      );
      const vendorRewards = (await db().select().from(rewards).where(eq(rewards.vendorId, vendorId))).filter(
        (row) => !scope.cardId || row.cardId === scope.cardId,
      );
      const redeemed = vendorRewards.filter((row) => {
        if (row.status !== 'redeemed' || !row.redeemedAt) return false;
        const day = pakistanDateKey(row.redeemedAt);
        return day >= from && day <= today && (!scope.branchId || row.redeemedBranchId === scope.branchId);
      });
      const open = vendorRewards.filter((row) => {
        const day = pakistanDateKey(row.earnedAt);
        return row.status === 'earned' && day >= from && day <= today;
      });
      const expired = open.filter((row) => row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()).length;
      const cost = redeemed.reduce((sum, row) => sum + row.rewardValue, 0);
      const extraVisits = figures.visits - figures.customers;
      const billed = inRange.filter((row) => row.billPkr !== null);
      const spend = averageSpend(
        billed.length,
        billed.reduce((sum, row) => sum + row.billPkr!, 0),
        entered,
      );
      const returning = inRange.filter((row) => pakistanDateKey(row.issuedAt) > firstDay.get(row.userId)!).length;
      const perMonth = returningVisitsPerMonth(returning, RANGE_DAYS[range]);
      const branchRows = scope.branchId
        ? null
        : [...new Set(inRange.map((row) => row.branchId ?? '00000000-0000-0000-0000-000000000000'))]
            .map((id) => ({
              id,
              name: shops.find((shop) => shop.id === id)?.name ?? '',
              ...figuresOf(inRange.filter((row) => (row.branchId ?? '00000000-0000-0000-0000-000000000000') === id)),
            }))
            .sort((a, b) => b.visits - a.visits || a.name.localeCompare(b.name));
      return {
        range,
        from,
        to: today,
        figures,
        weeks,
        cohorts,
        rewards: {
          redeemed: redeemed.length,
          costRupees: cost,
          extraVisits,
          costPerExtraVisit: costPerExtraVisit(cost, extraVisits),
        },
        breakage: scope.branchId ? null : { expired, waiting: open.length - expired },
        penetration: scope.branchId ? null : [],
        value: {
          ...spend,
          returningVisitsPerMonth: perMonth,
          monthlyReturningRevenueRupees: monthlyReturningRevenue(perMonth, spend.averageSpendRupees),
        },
        branches: branchRows,
      };
    }

    it('covers every range the page offers', () => {
      expect(ANALYTICS_RANGES).toEqual(['7d', '30d', '3m', '6m', '1y']);
      expect(percentOf(1, 3)).toBe(33.3);
    });
  });
});
