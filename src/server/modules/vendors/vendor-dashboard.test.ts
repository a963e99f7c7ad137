import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addPakistanDays, startOfPakistanDay, startOfPakistanMonth } from '@shared/pakistan-time';
import type { VendorDashboard } from '@shared/vendors/vendor-dashboard';
import type { CustomersSummary } from '@shared/customers/vendor-customers';
import { authUser, loyaltyCards, rewards, stamps, userCards } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser } from '@server/test/factories';
import { seededRandom } from '@server/test/seeded-random';
import { mergeRollupShards } from '@server/modules/platform/merge-rollup-shards';
import { cardHolderStats } from '@server/modules/cards/card-stats';
import { rows } from '@server/db/sql-rows';
import { callAs, recordReward, recordStamps, vendorOwner } from './vendor-test-helpers';

const HOUR = 3_600_000;

describe('vendor dashboard figures from the rollups (decision 055)', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  it('equal the counts of the rows, before and after the past days are merged', async () => {
    const random = seededRandom(55);
    // 10:00 in Pakistan on the 12th: the month, the 7 and 30 days and a stamp 40 days back all differ.
    context.clock.set(new Date('2026-03-12T05:00:00.000Z'));
    const now = context.clock.now();
    const today = startOfPakistanDay(now);
    const { owner, vendor } = await vendorOwner(context.app, db(), 'enterprise');
    const partner = await createVendor(db(), { plan: 'premium', businessName: 'Chai Khana' });
    const cards = [
      await createCard(db(), vendor.id, { name: 'Karahi Card' }),
      await createCard(db(), vendor.id, { name: 'Chai Card' }),
      await createCard(db(), vendor.id, { name: 'Old Card' }),
    ];
    const partnerCard = await createCard(db(), partner.id, { name: 'Partner Card' });
    const customers = [];
    for (let index = 0; index < 5; index += 1)
      customers.push((await signUpUser(context.app, { name: `C${index}` })).id);

    // Stamps over the last 40 days: some in a day's last half second (they chart in the next day),
    // some by the partner on the vendor's cards, some by the vendor on the partner's card.
    for (let step = 0; step < 120; step += 1) {
      const dayStart = addPakistanDays(today, -Math.floor(random.next() * 40)).getTime();
      const roll = random.next();
      let at =
        roll < 0.15 ? dayStart + 24 * HOUR - 1 - Math.floor(random.next() * 499) : dayStart + random.next() * 24 * HOUR;
      if (at > now.getTime()) at = now.getTime() - Math.floor(random.next() * HOUR);
      const onPartnerCard = random.next() < 0.1;
      await recordStamps(db(), {
        vendorId: onPartnerCard ? vendor.id : random.next() < 0.15 ? partner.id : vendor.id,
        cardId: onPartnerCard ? partnerCard.id : random.pick(cards)!.id,
        userId: random.pick(customers)!,
        times: [new Date(at)],
      });
      if (random.next() < 0.1) {
        await recordReward(db(), {
          vendorId: vendor.id,
          cardId: random.pick(cards)!.id,
          userId: random.pick(customers)!,
          earnedAt: new Date(at),
          redeemedAt: random.next() < 0.6 ? new Date(at) : undefined,
          redeemedByVendorId: random.next() < 0.3 ? partner.id : undefined,
        });
      }
    }
    await db().update(loyaltyCards).set({ status: 'archived' }).where(eq(loyaltyCards.id, cards[2]!.id));

    /** The dashboard's figures counted from the rows, as the reads before the rollups counted them. */
    async function fromRows(range: '7d' | '30d') {
      const chartFrom = addPakistanDays(today, range === '7d' ? -6 : -29);
      const [totals] = await rows<{ stamps: number; month: number; redeemed: number; customers: number }>(
        db(),
        sql`select (select count(*)::int from stamps where vendor_id = ${vendor.id}) as stamps,
          (select count(*)::int from stamps where vendor_id = ${vendor.id} and issued_at >= ${startOfPakistanMonth(now)}) as month,
          (select count(*)::int from rewards where vendor_id = ${vendor.id} and status = 'redeemed') as redeemed,
          (select count(distinct uc.user_id)::int from user_cards uc join loyalty_cards c on c.id = uc.card_id where c.vendor_id = ${vendor.id}) as customers`,
      );
      // The hour an instant rounds to, read as a local date: what the chart always bucketed by.
      const perDay = await rows<{ day: string; n: number }>(
        db(),
        sql`select to_char(to_timestamp(((extract(epoch from issued_at)::bigint + 18000) / 3600) * 3600) at time zone 'UTC', 'YYYY-MM-DD') as day,
            count(*)::int as n
          from stamps where vendor_id = ${vendor.id} and issued_at >= ${chartFrom} group by 1`,
      );
      const perCard = await rows<{ card_id: string; stamps: number; users: number }>(
        db(),
        sql`select c.id as card_id,
            (select count(*)::int from stamps s where s.vendor_id = ${vendor.id} and s.card_id = c.id and s.issued_at >= ${addPakistanDays(today, -29)}) as stamps,
            (select count(*)::int from user_cards uc where uc.card_id = c.id) as users
          from loyalty_cards c where c.vendor_id = ${vendor.id} and c.status <> 'archived'`,
      );
      return { totals: totals!, perDay: new Map(perDay.map((row) => [row.day, row.n])), perCard };
    }

    /** Completers (decision 067): each card's from card_holders, the vendor's on the customers summary. */
    async function expectCompletersMatchRows() {
      const allCards = [...cards, partnerCard];
      const kept = await cardHolderStats(
        db(),
        allCards.map((card) => card.id),
      );
      const counted = await rows<{ card_id: string; completers: number }>(
        db(),
        sql`select card_id, count(distinct user_id)::int as completers from rewards group by 1`,
      );
      for (const card of allCards) {
        expect(kept.get(card.id)?.completedUsers).toBe(counted.find((row) => row.card_id === card.id)?.completers ?? 0);
      }
      const summary = await callAs(context.app, owner.cookie, 'GET', '/api/vendor/customers/summary');
      expect(summary.statusCode).toBe(200);
      const [vendorCounts] = await rows<{ completed: number; customers: number }>(
        db(),
        sql`select (select count(distinct user_id)::int from rewards where vendor_id = ${vendor.id}) as completed,
          (select count(distinct uc.user_id)::int from user_cards uc join loyalty_cards c on c.id = uc.card_id where c.vendor_id = ${vendor.id}) as customers`,
      );
      expect(summary.json<CustomersSummary>().tiles).toMatchObject({
        completedCustomers: vendorCounts!.completed,
        totalCustomers: vendorCounts!.customers,
      });
    }

    async function expectDashboardMatchesRows() {
      await expectCompletersMatchRows();
      for (const range of ['7d', '30d'] as const) {
        const response = await callAs(context.app, owner.cookie, 'GET', `/api/vendor/dashboard?range=${range}`);
        expect(response.statusCode).toBe(200);
        const dashboard = response.json<VendorDashboard>();
        const expected = await fromRows(range);
        expect(dashboard.tiles).toEqual({
          activeCards: 2,
          totalUsers: expected.totals.customers,
          stampsIssued: expected.totals.stamps,
          rewardsRedeemed: expected.totals.redeemed,
        });
        expect(dashboard.usage.stampsThisMonth).toBe(expected.totals.month);
        expect(dashboard.chart.points).toHaveLength(range === '7d' ? 7 : 30);
        for (const point of dashboard.chart.points) expect(point.stamps).toBe(expected.perDay.get(point.bucket) ?? 0);
        // Two cards left (the third is archived): compared by id, their ranking is the unchanged sort.
        const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
        expect(
          dashboard.topCards.map((card) => ({ id: card.id, stamps: card.stamps, users: card.users })).sort(byId),
        ).toEqual(
          expected.perCard.map((row) => ({ id: row.card_id, stamps: row.stamps, users: row.users })).sort(byId),
        );
      }
    }

    await expectDashboardMatchesRows();
    expect((await mergeRollupShards(db(), now)).stampDays).toBeGreaterThan(0);
    await expectDashboardMatchesRows();
    // A stamp of a merged day deleted: its count comes back out of a new shard row.
    const [old] = await db()
      .select({ id: stamps.id })
      .from(stamps)
      .where(sql`${stamps.vendorId} = ${vendor.id} and ${stamps.issuedAt} < ${addPakistanDays(today, -3)}`)
      .limit(1);
    await db().delete(stamps).where(eq(stamps.id, old!.id));
    await expectDashboardMatchesRows();

    // A card given up, a reward taken back, an account deleted (its cards, stamps and rewards go).
    const [held] = await db()
      .select({ id: userCards.id })
      .from(userCards)
      .where(eq(userCards.cardId, cards[0]!.id))
      .limit(1);
    await db().delete(userCards).where(eq(userCards.id, held!.id));
    await db().delete(rewards).where(eq(rewards.status, 'redeemed'));
    await db().delete(authUser).where(eq(authUser.id, customers[1]!));
    await expectDashboardMatchesRows();

    // The rebuild (the migration's backfill, and seed:scale's) gives the counts the triggers kept.
    const COUNTS = sql`select 'v' as kind, vendor_id::text as key, sum(stamps)::int as a, sum(redeemed)::int as b,
          sum(customers)::int as c, sum(completers)::int as d
        from vendor_totals group by 2
        having sum(stamps) <> 0 or sum(redeemed) <> 0 or sum(customers) <> 0 or sum(completers) <> 0
      union all select 'c', card_id::text, sum(holders)::int, sum(completers)::int, 0, 0 from card_holders group by 2
        having sum(holders) <> 0 or sum(completers) <> 0
      union all select 'p', card_id::text || ' ' || user_id, rewards, 0, 0, 0 from card_completers
      order by 1, 2`;
    const kept = await rows(db(), COUNTS);
    await db().execute(sql`select rebuild_dashboard_counts()`);
    expect(await rows(db(), COUNTS)).toEqual(kept);
  });
});
