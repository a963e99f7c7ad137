import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authUser, loyaltyCards, rewards, stamps, userCards, vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser } from '@server/test/factories';
import { addPakistanDays, startOfPakistanDay } from '@shared/pakistan-time';
import { seededRandom } from '@server/test/seeded-random';
import { rows } from '@server/db/sql-rows';
import { getVendorAnalytics } from './get-vendor-analytics';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

// The rollups as comparable tuples, their shards summed, sums at zero left out (a deleted day's
// rows stay at zero).
const STAMP_ROLLUP = sql`select sd.vendor_id, sd.card_id, to_char(sd.day, 'YYYY-MM-DD') as day, h.slot::int as slot, sum(h.n)::int as count
  from stamp_days sd cross join lateral unnest(sd.hour_stamps) with ordinality as h(n, slot) group by 1, 2, 3, 4 having sum(h.n) <> 0
  union all select vendor_id, card_id, to_char(day, 'YYYY-MM-DD'), 0, sum(stamps)::int from stamp_days group by 1, 2, 3 having sum(stamps) <> 0
  order by 1, 2, 3, 4`;

// The same from the stamps themselves, worded as the analytics read rows before the rollups: the
// local day by time zone, the hour by rounding the epoch (`extract(epoch)::bigint`).
const STAMP_ROWS = sql`with local as (
    select vendor_id, card_id, (issued_at at time zone 'Asia/Karachi')::date as day,
      (extract(epoch from issued_at)::bigint + 18000) / 3600 as local_hour from stamps)
  select vendor_id, card_id, to_char(day, 'YYYY-MM-DD') as day, (local_hour - (day - date '1970-01-01') * 24 + 1)::int as slot, count(*)::int as count
  from local group by 1, 2, 3, 4
  union all select vendor_id, card_id, to_char(day, 'YYYY-MM-DD'), 0, count(*)::int from local group by 1, 2, 3
  order by 1, 2, 3, 4`;

const REWARD_ROLLUP = sql`select vendor_id, card_id, counter_vendor_id, to_char(day, 'YYYY-MM-DD') as day,
    earned, redeemed, redeemed_rounded_to_next_day as rounded
  from reward_days where earned <> 0 or redeemed <> 0 or redeemed_rounded_to_next_day <> 0 order by 1, 2, 3, 4`;

const REWARD_ROWS = sql`select vendor_id, card_id, counter_vendor_id, day, sum(earned)::int as earned, sum(redeemed)::int as redeemed, sum(rounded)::int as rounded
  from (
    select vendor_id, card_id, vendor_id as counter_vendor_id, to_char(earned_at at time zone 'Asia/Karachi', 'YYYY-MM-DD') as day,
      1 as earned, 0 as redeemed, 0 as rounded from rewards
    union all
    select vendor_id, card_id, coalesce(redeemed_by_vendor_id, vendor_id), to_char(redeemed_at at time zone 'Asia/Karachi', 'YYYY-MM-DD'), 0, 1,
      case when to_char(to_timestamp(((extract(epoch from redeemed_at)::bigint + 18000) / 3600) * 3600) at time zone 'UTC', 'YYYY-MM-DD')
        <> to_char(redeemed_at at time zone 'Asia/Karachi', 'YYYY-MM-DD') then 1 else 0 end
    from rewards where status = 'redeemed'
  ) as contributions group by 1, 2, 3, 4 order by 1, 2, 3, 4`;

const SIGNUP_ROLLUP = sql`select to_char(day, 'YYYY-MM-DD') as day, sum(signups)::int as signups from signup_days group by 1 having sum(signups) <> 0 order by 1`;
const SIGNUP_ROWS = sql`select to_char(created_at at time zone 'Asia/Karachi', 'YYYY-MM-DD') as day, count(*)::int as signups from users group by 1 order by 1`;

describe('analytics rollups', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  async function expectRollupsMatchRows() {
    expect(await rows(db(), STAMP_ROLLUP)).toEqual(await rows(db(), STAMP_ROWS));
    expect(await rows(db(), REWARD_ROLLUP)).toEqual(await rows(db(), REWARD_ROWS));
    expect(await rows(db(), SIGNUP_ROLLUP)).toEqual(await rows(db(), SIGNUP_ROWS));
    // A deleted row takes its count back from the shard it was counted in: no shard below zero.
    const [negative] = await rows<{ count: number }>(
      db(),
      sql`select (select count(*) from stamp_days where stamps < 0 or 0 > any(hour_stamps))
        + (select count(*) from signup_days where signups < 0)
        + (select count(*) from reward_days where earned < 0 or redeemed < 0 or redeemed_rounded_to_next_day < 0) as count`,
    );
    expect(Number(negative!.count)).toBe(0);
  }

  it('match the raw rows after random stamps, redemptions and deletions across midnight in Pakistan', async () => {
    const random = seededRandom(48);
    // From 23:40 on a Pakistan evening, past midnight, to about 00:40.
    context.clock.set(new Date(addPakistanDays(startOfPakistanDay(context.clock.now()), 1).getTime() - 20 * MINUTE));
    const owner = await createVendor(db(), { plan: 'enterprise', businessName: 'Kolachi Karahi' });
    const partner = await createVendor(db(), { plan: 'premium', businessName: 'Chai Khana', city: 'Karachi' });
    const ownerCards = [
      await createCard(db(), owner.id, { name: 'Karahi Card', stampsRequired: 3 }),
      await createCard(db(), owner.id, { name: 'Chai Card', stampsRequired: 2 }),
    ];
    const partnerCard = await createCard(db(), partner.id, { name: 'Partner Card', stampsRequired: 4 });
    const cards = [...ownerCards, partnerCard];
    const customers = [];
    for (let index = 0; index < 6; index += 1)
      customers.push((await signUpUser(context.app, { name: `C${index}` })).id);
    const living = new Set(customers);
    const liveCards = new Set(cards.map((card) => card.id));

    /** An instant in the last minutes, sometimes in the last half second of a Pakistan hour or day. */
    const when = () => {
      const now = context.clock.now().getTime();
      const roll = random.next();
      if (roll < 0.15) return new Date(Math.floor(now / 3_600_000) * 3_600_000 - 1 - Math.floor(random.next() * 499));
      if (roll < 0.25)
        return new Date(startOfPakistanDay(context.clock.now()).getTime() - 1 - Math.floor(random.next() * 499));
      return new Date(now - Math.floor(random.next() * 10 * MINUTE));
    };
    const holding = async (userId: string, cardId: string) => {
      const [row] = await db()
        .insert(userCards)
        .values({ userId, cardId, createdAt: context.clock.now() })
        .onConflictDoUpdate({ target: [userCards.userId, userCards.cardId], set: { status: 'active' } })
        .returning({ id: userCards.id });
      return row!.id;
    };
    const cardOwner = (cardId: string) => (cardId === partnerCard.id ? partner.id : owner.id);

    for (let step = 0; step < 160; step += 1) {
      context.clock.advance(Math.floor(random.next() * 40 * SECOND));
      const roll = random.next();
      const userId = random.pick([...living]);
      const cardId = random.pick([...liveCards]);
      if (!userId || !cardId) break;
      if (roll < 0.5) {
        // A stamp, issued by the card's vendor or (a partner card honoured elsewhere) the other one.
        const issuedBy = random.next() < 0.2 ? random.pick([owner.id, partner.id]) : cardOwner(cardId);
        const userCardId = await holding(userId, cardId);
        await db()
          .insert(stamps)
          .values({ userCardId, vendorId: issuedBy, cardId, userId, qrCode: `step-${step}`, issuedAt: when() });
      } else if (roll < 0.68) {
        const earnedAt = when();
        await db()
          .insert(rewards)
          .values({
            vendorId: cardOwner(cardId),
            cardId,
            userId,
            rewardTitle: 'Free Chai',
            earnedAt,
            expiresAt: random.next() < 0.5 ? new Date(earnedAt.getTime() + 30 * MINUTE) : null,
          });
      } else if (roll < 0.86) {
        const [reward] = await db()
          .select({ id: rewards.id })
          .from(rewards)
          .where(eq(rewards.status, 'earned'))
          .orderBy(sql`random()`)
          .limit(1);
        if (reward) {
          const confirmedBy = random.pick([null, owner.id, partner.id]);
          await db()
            .update(rewards)
            .set({ status: 'redeemed', redeemedAt: when(), redeemedByVendorId: confirmedBy })
            .where(eq(rewards.id, reward.id));
        }
      } else if (roll < 0.96) {
        const [stamp] = await db()
          .select({ id: stamps.id })
          .from(stamps)
          .orderBy(sql`random()`)
          .limit(1);
        if (stamp) await db().delete(stamps).where(eq(stamps.id, stamp.id));
      } else if (roll < 0.98 && living.size > 2) {
        // An account deleted: its stamps, rewards and cards go with it (cascades).
        await db().delete(authUser).where(eq(authUser.id, userId));
        living.delete(userId);
      } else if (liveCards.size > 2) {
        await db()
          .delete(loyaltyCards)
          .where(and(eq(loyaltyCards.id, cardId), eq(loyaltyCards.vendorId, cardOwner(cardId))));
        liveCards.delete(cardId);
      }
      if (step % 40 === 39) await expectRollupsMatchRows();
    }
    await expectRollupsMatchRows();

    // A partner vendor deleted: its stamps go (cascade), rewards it confirmed now name nobody.
    await db().delete(vendors).where(eq(vendors.id, partner.id));
    await expectRollupsMatchRows();

    // The rebuild (the migration's backfill) gives the same rollups as the triggers kept.
    const kept = [await rows(db(), STAMP_ROLLUP), await rows(db(), REWARD_ROLLUP), await rows(db(), SIGNUP_ROLLUP)];
    await db().execute(sql`select rebuild_analytics_rollups()`);
    expect([await rows(db(), STAMP_ROLLUP), await rows(db(), REWARD_ROLLUP), await rows(db(), SIGNUP_ROLLUP)]).toEqual(
      kept,
    );

    // The analytics read them as they read the rows.
    const now = context.clock.now();
    const analytics = await getVendorAnalytics(db(), owner.id, { range: '7d' }, now);
    const from = addPakistanDays(startOfPakistanDay(now), -6);
    const [raw] = await rows<{ stamps: number; redeemed: number }>(
      db(),
      sql`select (select count(*)::int from stamps where vendor_id = ${owner.id} and issued_at >= ${from}) as stamps,
        (select count(*)::int from rewards where status = 'redeemed' and redeemed_at >= ${from}
           and (redeemed_by_vendor_id = ${owner.id} or (redeemed_by_vendor_id is null and vendor_id = ${owner.id}))) as redeemed`,
    );
    expect(analytics.tiles.stampsIssued).toBe(raw!.stamps);
    expect(analytics.tiles.rewardsRedeemed).toBe(raw!.redeemed);
    expect(analytics.peakHours?.reduce((sum, band) => sum + band.stamps, 0)).toBe(raw!.stamps);
  });
});
