import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPakistanDays, startOfPakistanDay } from '@shared/pakistan-time';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser } from '@server/test/factories';
import { seededRandom } from '@server/test/seeded-random';
import { recordStamps } from '@server/modules/vendors/vendor-test-helpers';
import { customersAtTopSince, topCustomers } from './analytics-queries';
import { rows } from '@server/db/sql-rows';

const DAY = 86_400_000;

/**
 * Top Customers counts a range from whichever side of `from` has fewer stamps (customersAtTopSince):
 * the months since it, or every stamp less those before it, pruned to the customers who can
 * reach the top. Both must give what counting the stamps gives.
 */
describe('the customers with the most stamps since an instant', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  let vendorId = '';
  let now = new Date(0);

  beforeAll(async () => {
    const random = seededRandom(20);
    now = new Date(startOfPakistanDay(context.clock.now()).getTime() + 15 * 3_600_000);
    const vendor = await createVendor(db(), { plan: 'enterprise', businessName: 'Kolachi Karahi' });
    const partner = await createVendor(db(), { plan: 'premium', businessName: 'Chai Khana' });
    vendorId = vendor.id;
    const card = await createCard(db(), vendor.id, { name: 'Karahi Card', stampsRequired: 50 });
    const partnerCard = await createCard(db(), partner.id, { name: 'Chai Card', stampsRequired: 50 });
    // Each customer: how many stamps, spread over which days before now. Most stamps are recent
    // (a vendor that grew), some customers came only long ago, two tie, and some hold only the
    // partner's card, which the vendor stamps at its counter (its row has no card of the vendor).
    const profiles: Array<{ count: number; fromDay: number; toDay: number; onPartnerCard?: boolean }> = [
      { count: 60, fromDay: 300, toDay: 420 },
      { count: 45, fromDay: 200, toDay: 420 },
      { count: 40, fromDay: 0, toDay: 20 },
      { count: 40, fromDay: 0, toDay: 20 },
      { count: 38, fromDay: 0, toDay: 5, onPartnerCard: true },
      { count: 30, fromDay: 0, toDay: 400 },
      { count: 25, fromDay: 25, toDay: 100 },
      { count: 22, fromDay: 0, toDay: 60, onPartnerCard: true },
      ...Array.from({ length: 14 }, () => ({ count: 3 + Math.floor(random.next() * 30), fromDay: 0, toDay: 200 })),
    ];
    for (const [index, profile] of profiles.entries()) {
      const person = await signUpUser(context.app, { name: `Customer${String(index).padStart(2, '0')}` });
      const heldCard = profile.onPartnerCard ? partnerCard.id : card.id;
      const issued = Array.from(
        { length: profile.count },
        () =>
          new Date(
            now.getTime() -
              (profile.fromDay + random.next() * (profile.toDay - profile.fromDay)) * DAY -
              Math.floor(random.next() * 3_600_000),
          ),
      ).sort((a, b) => a.getTime() - b.getTime());
      await recordStamps(db(), {
        vendorId: vendor.id,
        cardId: heldCard,
        userId: person.id,
        times: issued,
        joinedAt: new Date(issued[0]!.getTime() - DAY),
      });
    }
  });

  const RANGES_IN_DAYS = [1, 7, 30, 90, 180, 365, 500];

  it('counts the same customers and stamps as the stamps, for short ranges and long', async () => {
    for (const days of RANGES_IN_DAYS) {
      const from = addPakistanDays(startOfPakistanDay(now), -(days - 1));
      const found = await topCustomers(db(), { vendorId, from });
      const raw = await rows<{ user_id: string; stamps: number }>(
        db(),
        sql`with top as (
              select user_id, count(*)::int as stamps from stamps where vendor_id = ${vendorId} and issued_at >= ${from}
              group by user_id order by stamps desc, user_id limit 10)
            select top.user_id, top.stamps from top join users u on u.id = top.user_id order by top.stamps desc, u.name`,
      );
      expect(raw.length, `${days} days`).toBeGreaterThan(0);
      expect(
        found.map((row) => [row.user_id, Number(row.stamps)]),
        `${days} days`,
      ).toEqual(raw.map((row) => [row.user_id, Number(row.stamps)]));
    }
  });

  it('counts from every stamp less those before the range when that side is smaller, and keeps ties', async () => {
    const counted = async (days: number, count: number) => {
      const from = addPakistanDays(startOfPakistanDay(now), -(days - 1));
      const [side] = await rows<{ all_time: number; since: number }>(
        db(),
        sql`select (select count(*)::int from stamps where vendor_id = ${vendorId}) as all_time,
              (select count(*)::int from stamps where vendor_id = ${vendorId} and issued_at >= ${from}) as since`,
      );
      const top = await rows<{ user_id: string; stamps: number }>(
        db(),
        sql`select user_id, stamps from (${customersAtTopSince(vendorId, from, count)}) as c order by stamps desc, user_id`,
      );
      const raw = await rows<{ user_id: string; stamps: number }>(
        db(),
        sql`select user_id, count(*)::int as stamps from stamps where vendor_id = ${vendorId} and issued_at >= ${from}
            group by user_id order by stamps desc, user_id`,
      );
      return { fromAllTime: side!.all_time - side!.since < side!.since, top, raw };
    };
    // A year holds most stamps: read from the other end, pruned to fewer customers than have stamps.
    const year = await counted(365, 3);
    expect(year.fromAllTime).toBe(true);
    expect(year.top.length).toBeLessThan(year.raw.length);
    // Every returned count is exact, and the top three (with whoever ties the third) are all there.
    const rawCounts = new Map(year.raw.map((row) => [row.user_id, Number(row.stamps)]));
    for (const row of year.top) expect(Number(row.stamps)).toBe(rawCounts.get(row.user_id));
    const third = Number(year.raw[2]!.stamps);
    const atTop = year.raw.filter((row) => Number(row.stamps) >= third).map((row) => row.user_id);
    expect(year.top.map((row) => row.user_id)).toEqual(expect.arrayContaining(atTop));
    // The partner card's customer the vendor stamped most is among them (its row holds no card of the vendor).
    expect(atTop.length).toBeGreaterThanOrEqual(3);
    // A week: counted from its own stamps.
    const week = await counted(7, 3);
    expect(week.fromAllTime).toBe(false);
    expect(week.top.map((row) => [row.user_id, Number(row.stamps)])).toEqual(
      week.raw.map((row) => [row.user_id, Number(row.stamps)]),
    );
  });
});
