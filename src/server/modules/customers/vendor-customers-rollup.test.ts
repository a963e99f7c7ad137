import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authUser, loyaltyCards, rewards, stamps, userCards, users, vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser } from '@server/test/factories';
import { seededRandom } from '@server/test/seeded-random';
import {
  addPakistanDays,
  pakistanDateKey,
  startOfPakistanDay,
  startOfPakistanMonth,
  weekdayOfDateKey,
} from '@shared/pakistan-time';
import { ANALYTICS_RANGES, bucketFor } from '@shared/analytics/vendor-analytics';
import { rangeStart } from '@server/lib/pakistan-calendar';
import { rows } from '@server/db/sql-rows';
import { getVendorAnalytics } from '@server/modules/analytics/get-vendor-analytics';
import { completionPercent } from '@shared/cards/vendor-cards';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

const KEPT_MONTHS = sql`select vendor_id::text, to_char(month, 'YYYY-MM-DD') as month, user_id, stamps
  from vendor_customer_months order by 1, 2, 3`;
const MONTHS_FROM_ROWS = sql`select vendor_id::text, to_char(issued_at at time zone 'Asia/Karachi', 'YYYY-MM-01') as month, user_id, count(*)::int as stamps
  from stamps group by 1, 2, 3 order by 1, 2, 3`;

// Distinct customers a vendor stamped per Pakistan day, week and month: the rollup's shards summed
// (a bucket whose customers all left stays as zero rows), against the stamps counted directly.
const KEPT_ACTIVE = sql`select vendor_id::text, unit, to_char(bucket, 'YYYY-MM-DD') as bucket, sum(customers)::int as customers
  from vendor_active_customers group by 1, 2, 3 having sum(customers) <> 0 order by 1, 2, 3`;
const ACTIVE_FROM_ROWS = sql`select vendor_id::text, units.unit,
    to_char(date_trunc(units.unit, issued_at at time zone 'Asia/Karachi'), 'YYYY-MM-DD') as bucket, count(distinct user_id)::int as customers
  from stamps cross join (values ('day'), ('week'), ('month')) as units (unit) group by 1, 2, 3 order by 1, 2, 3`;

const KEPT = sql`select vendor_id::text, user_id, name, surname, email, phone, cards, joined_at::text, last_activity_at::text, stamps,
    first_stamp_at::text, last_stamp_at::text, rewards, last_reward_at::text
  from vendor_customers order by 1, 2`;

// The same from the rows, worded independently of the rebuild: every (vendor, customer) with a
// card of the vendor, a stamp the vendor issued or a reward of its cards, each column a subquery.
const FROM_ROWS = sql`with keys as (
    select c.vendor_id, uc.user_id from user_cards uc join loyalty_cards c on c.id = uc.card_id
    union select vendor_id, user_id from stamps
    union select vendor_id, user_id from rewards
  ), held as (
    select c.vendor_id, uc.user_id, uc.created_at, uc.last_stamp_at from user_cards uc join loyalty_cards c on c.id = uc.card_id
  )
  select k.vendor_id::text, k.user_id, u.name, u.surname, u.email, u.phone,
    (select count(*)::int from held h where h.vendor_id = k.vendor_id and h.user_id = k.user_id) as cards,
    (select min(h.created_at)::text from held h where h.vendor_id = k.vendor_id and h.user_id = k.user_id) as joined_at,
    (select max(greatest(h.created_at, h.last_stamp_at))::text from held h where h.vendor_id = k.vendor_id and h.user_id = k.user_id) as last_activity_at,
    (select count(*)::int from stamps s where s.vendor_id = k.vendor_id and s.user_id = k.user_id) as stamps,
    (select min(s.issued_at)::text from stamps s where s.vendor_id = k.vendor_id and s.user_id = k.user_id) as first_stamp_at,
    (select max(s.issued_at)::text from stamps s where s.vendor_id = k.vendor_id and s.user_id = k.user_id) as last_stamp_at,
    (select count(*)::int from rewards r where r.vendor_id = k.vendor_id and r.user_id = k.user_id) as rewards,
    (select max(r.earned_at)::text from rewards r where r.vendor_id = k.vendor_id and r.user_id = k.user_id) as last_reward_at
  from keys k join users u on u.id = k.user_id order by 1, 2`;

describe('vendor customers rollup', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  async function expectKeptMatchesRows() {
    expect(await rows(db(), KEPT)).toEqual(await rows(db(), FROM_ROWS));
    expect(await rows(db(), KEPT_MONTHS)).toEqual(await rows(db(), MONTHS_FROM_ROWS));
    expect(await rows(db(), KEPT_ACTIVE)).toEqual(await rows(db(), ACTIVE_FROM_ROWS));
    // A customer always counts in the same shard, so no shard is ever below zero.
    const [lowest] = await rows<{ lowest: number | null }>(
      db(),
      sql`select min(customers)::int as lowest from vendor_active_customers`,
    );
    expect(Number(lowest?.lowest ?? 0)).toBeGreaterThanOrEqual(0);
  }

  it('matches the rows after random cards, stamps, rewards and deletions across midnight in Pakistan', async () => {
    const random = seededRandom(51);
    // From 23:40 on the last evening of a Pakistan month, past midnight into the next, to about 01:00;
    // a month that starts on a Monday, so the midnight also ends a week.
    let nextMonth = startOfPakistanMonth(addPakistanDays(startOfPakistanMonth(context.clock.now()), 32));
    while (weekdayOfDateKey(pakistanDateKey(nextMonth)) !== 1)
      nextMonth = startOfPakistanMonth(addPakistanDays(nextMonth, 32));
    context.clock.set(new Date(nextMonth.getTime() - 20 * MINUTE));
    const owner = await createVendor(db(), { plan: 'enterprise', businessName: 'Kolachi Karahi' });
    const partner = await createVendor(db(), { plan: 'premium', businessName: 'Chai Khana', city: 'Karachi' });
    const ownerCards = [
      await createCard(db(), owner.id, { name: 'Karahi Card', stampsRequired: 3 }),
      await createCard(db(), owner.id, { name: 'Chai Card', stampsRequired: 2 }),
      await createCard(db(), owner.id, { name: 'Paratha Card', stampsRequired: 5 }),
    ];
    const partnerCard = await createCard(db(), partner.id, { name: 'Partner Card', stampsRequired: 4 });
    const cards = [...ownerCards, partnerCard];
    const customers = [];
    for (let index = 0; index < 6; index += 1)
      customers.push((await signUpUser(context.app, { name: `C${index}` })).id);
    const living = new Set(customers);
    const liveCards = new Set(cards.map((card) => card.id));
    const cardOwner = (cardId: string) => (cardId === partnerCard.id ? partner.id : owner.id);

    /**
     * An instant in the last ten minutes (out of order, so deletions move firsts and lasts),
     * sometimes at a Pakistan midnight, sometimes back-dated to a few days around the start of an
     * analytics range (so a range's first, partial week or month has customers, old and new).
     */
    const when = () => {
      const now = context.clock.now().getTime();
      const roll = random.next();
      if (roll < 0.1) return new Date(startOfPakistanDay(context.clock.now()).getTime() - 1);
      if (roll < 0.4) {
        const rangeFrom = rangeStart(random.pick([...ANALYTICS_RANGES])!, context.clock.now());
        return new Date(Math.min(now, rangeFrom.getTime() + Math.floor((random.next() - 0.5) * 6 * DAY)));
      }
      return new Date(now - Math.floor(random.next() * 10 * MINUTE));
    };
    const holding = async (userId: string, cardId: string) => {
      const [row] = await db()
        .insert(userCards)
        .values({ userId, cardId, createdAt: when() })
        .onConflictDoUpdate({ target: [userCards.userId, userCards.cardId], set: { status: 'active' } })
        .returning({ id: userCards.id });
      return row!.id;
    };
    const anyRow = async <T extends typeof stamps | typeof rewards | typeof userCards>(table: T) => {
      const [row] = await db()
        .select({ id: table.id })
        .from(table as typeof stamps)
        .orderBy(sql`random()`)
        .limit(1);
      return row?.id;
    };

    const stamp = async (userId: string, cardId: string, issuedBy: string, issuedAt: Date) => {
      const userCardId = await holding(userId, cardId);
      await db().insert(stamps).values({ userCardId, vendorId: issuedBy, cardId, userId, qrCode: 'stamp', issuedAt });
      await db().update(userCards).set({ lastStampAt: issuedAt }).where(eq(userCards.id, userCardId));
    };

    for (let step = 0; step < 200; step += 1) {
      context.clock.advance(Math.floor(random.next() * 40 * SECOND));
      const roll = random.next();
      const userId = random.pick([...living]);
      const cardId = random.pick([...liveCards]);
      if (!userId || !cardId) break;
      if (roll < 0.4) {
        // A stamp, issued by the card's vendor or (a partner card honoured elsewhere) the other one;
        // the card's last stamp moves with it as the stamp path does, sometimes backwards.
        const issuedBy = random.next() < 0.25 ? random.pick([owner.id, partner.id])! : cardOwner(cardId);
        await stamp(userId, cardId, issuedBy, when());
      } else if (roll < 0.5) {
        await holding(userId, cardId);
      } else if (roll < 0.6) {
        await db()
          .insert(rewards)
          .values({ vendorId: cardOwner(cardId), cardId, userId, rewardTitle: 'Free Chai', earnedAt: when() });
      } else if (roll < 0.66) {
        const [reward] = await db()
          .select({ id: rewards.id })
          .from(rewards)
          .where(eq(rewards.status, 'earned'))
          .orderBy(sql`random()`)
          .limit(1);
        if (reward)
          await db()
            .update(rewards)
            .set({ status: 'redeemed', redeemedAt: when(), redeemedByVendorId: random.pick([null, partner.id]) })
            .where(eq(rewards.id, reward.id));
      } else if (roll < 0.8) {
        const id = await anyRow(stamps);
        if (id) await db().delete(stamps).where(eq(stamps.id, id));
      } else if (roll < 0.86) {
        const id = await anyRow(rewards);
        if (id) await db().delete(rewards).where(eq(rewards.id, id));
      } else if (roll < 0.9) {
        const id = await anyRow(userCards);
        if (id) {
          const lastStampAt = random.next() < 0.3 ? null : when();
          await db().update(userCards).set({ lastStampAt }).where(eq(userCards.id, id));
        }
      } else if (roll < 0.92) {
        // A customer edits their profile: every vendor's row of them follows.
        await db()
          .update(users)
          .set({ name: `Renamed ${step}`, phone: random.next() < 0.5 ? null : `0300${step}` })
          .where(eq(users.id, userId));
      } else if (roll < 0.95) {
        const id = await anyRow(userCards);
        if (id) await db().delete(userCards).where(eq(userCards.id, id));
      } else if (roll < 0.98 && living.size > 2) {
        // An account deleted: its cards, stamps and rewards go with it (cascades).
        await db().delete(authUser).where(eq(authUser.id, userId));
        living.delete(userId);
      } else if (liveCards.size > 2) {
        // A card deleted: its holders' cards, stamps and rewards go with it (cascades).
        await db()
          .delete(loyaltyCards)
          .where(and(eq(loyaltyCards.id, cardId), eq(loyaltyCards.vendorId, cardOwner(cardId))));
        liveCards.delete(cardId);
      }
      if (step % 25 === 24) await expectKeptMatchesRows();
    }
    // Every range's first days, for certain: a newcomer first stamped the day before the range
    // starts (new in the range's first week or month, which starts earlier; returning on its first
    // day) and again in it, and a known customer stamped in it.
    const ownerCard = [...liveCards].find((id) => cardOwner(id) === owner.id)!;
    const known = [...living][0]!;
    for (const range of ANALYTICS_RANGES) {
      const from = rangeStart(range, context.clock.now());
      const newcomer = (await signUpUser(context.app, { name: `Newcomer ${range}` })).id;
      await stamp(newcomer, ownerCard, owner.id, new Date(from.getTime() - DAY));
      await stamp(newcomer, ownerCard, owner.id, new Date(from.getTime() + MINUTE));
      await stamp(known, ownerCard, owner.id, new Date(from.getTime() + 2 * MINUTE));
    }
    await expectKeptMatchesRows();
    // Both kinds of row are there: customers holding a card, and customers a partner only stamped.
    const [kinds] = await rows<{ holders: number; stamped_only: number }>(
      db(),
      sql`select count(*) filter (where cards > 0)::int as holders, count(*) filter (where cards = 0)::int as stamped_only from vendor_customers`,
    );
    expect(Number(kinds!.holders)).toBeGreaterThan(0);

    // The analytics' distinct-customer figures equal the rows counted directly: a range's first
    // days (in the month, or the week, before) from the stamps, the rest from the rollups.
    const now = context.clock.now();
    for (const range of ANALYTICS_RANGES) {
      const analytics = await getVendorAnalytics(db(), owner.id, { range }, now);
      const from = rangeStart(range, now);
      const [raw] = await rows<{ active: number; completed: number }>(
        db(),
        sql`select (select count(distinct user_id)::int from stamps where vendor_id = ${owner.id} and issued_at >= ${from}) as active,
          (select count(distinct user_id)::int from rewards where vendor_id = ${owner.id} and earned_at >= ${from}) as completed`,
      );
      expect(analytics.tiles.activeUsers).toBe(raw!.active);
      expect(analytics.tiles.completionRate).toBe(completionPercent(raw!.completed, raw!.active));
      const top = await rows<{ user_id: string; stamps: number }>(
        db(),
        sql`select user_id, count(*)::int as stamps from stamps where vendor_id = ${owner.id} and issued_at >= ${from}
          group by user_id order by stamps desc, user_id limit 10`,
      );
      expect(analytics.topCustomers?.map((row) => [row.userId, row.stamps]).sort()).toEqual(
        top.map((row) => [row.user_id, Number(row.stamps)]).sort(),
      );
      // New in a bucket: the customer's first stamp of the vendor (any card, a partner's included) is in it.
      // Returning: a visit in it after an earlier one, before the bucket or in it (two visits, the later in the range).
      const unit = bucketFor(range);
      const mix = await rows<{ bucket: string; new_customers: number; returning_customers: number }>(
        db(),
        sql`with firsts as (
              select user_id, date_trunc(${unit}, min(issued_at) at time zone 'Asia/Karachi') as first_bucket
              from stamps where vendor_id = ${owner.id} group by user_id
            ), active as (
              select distinct user_id, date_trunc(${unit}, issued_at at time zone 'Asia/Karachi') as bucket
              from stamps where vendor_id = ${owner.id} and issued_at >= ${from}
            ), visits as (
              select user_id, date_trunc(${unit}, issued_at at time zone 'Asia/Karachi') as bucket,
                count(*) filter (where kind = 'visit') as visits, max(issued_at) filter (where kind = 'visit') as last_visit
              from stamps where vendor_id = ${owner.id} group by 1, 2
            )
            select to_char(a.bucket, 'YYYY-MM-DD') as bucket,
              count(*) filter (where f.first_bucket = a.bucket)::int as new_customers,
              count(*) filter (where f.first_bucket < a.bucket
                or (f.first_bucket = a.bucket and v.visits >= 2 and v.last_visit >= ${from}))::int as returning_customers
            from active a join firsts f on f.user_id = a.user_id
              left join visits v on v.user_id = a.user_id and v.bucket = a.bucket
            group by a.bucket order by a.bucket`,
      );
      expect(analytics.customerMix?.filter((point) => point.newCustomers + point.returningCustomers > 0)).toEqual(
        mix.map((row) => ({
          bucket: row.bucket,
          newCustomers: Number(row.new_customers),
          returningCustomers: Number(row.returning_customers),
        })),
      );
      expect(mix.length).toBeGreaterThan(0);
    }

    // A partner vendor deleted: its cards, stamps and rewards go (cascades).
    await db().delete(vendors).where(eq(vendors.id, partner.id));
    await expectKeptMatchesRows();

    // The rebuild (the migration's backfill) gives the same rows as the triggers kept.
    const kept = await rows(db(), KEPT);
    const keptActive = await rows(db(), KEPT_ACTIVE);
    await db().execute(sql`select rebuild_vendor_customers()`);
    await db().execute(sql`select rebuild_vendor_active_customers()`);
    expect(await rows(db(), KEPT)).toEqual(kept);
    expect(await rows(db(), KEPT_ACTIVE)).toEqual(keptActive);
  });
});
