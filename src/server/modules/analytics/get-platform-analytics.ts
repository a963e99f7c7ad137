import { sql, type SQL } from 'drizzle-orm';
import type { AdminAnalytics, BreakdownRow, PlatformPoint } from '@shared/analytics/admin-analytics';
import { bucketFor, type AnalyticsRange } from '@shared/analytics/vendor-analytics';
import { CATEGORY_LABELS, CITIES, VENDOR_CATEGORIES, type VendorCategory } from '@shared/places';
import { PAKISTAN_TIME_ZONE, pakistanDateKey } from '@shared/pakistan-time';
import type { Executor } from '@server/db/client';
import { qualified } from '@server/db/qualified';
import { payments, rewardDays, signupDays, stampDays, vendors } from '@server/db/schema';
import { bucketKeyOf, bucketKeys, rangeStart } from '@server/lib/pakistan-calendar';
import { rows } from '@server/db/sql-rows';

type Measure = 'signups' | 'stamps' | 'redemptions' | 'revenue';

/** A Pakistan calendar day as text, computed in the database so grouping needs no round trips. */
function dayOf(column: SQL): SQL {
  return sql`to_char(${column} at time zone ${sql.raw(`'${PAKISTAN_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
}

/** A rollup's day as text, as `dayOf` words it. */
function dayText(column: SQL): SQL {
  return sql`to_char(${column}, 'YYYY-MM-DD')`;
}

/**
 * The four measures per day since `start` (a Pakistan midnight, so "since start" is "from its day
 * on"): sign-ups, stamps and redemptions from the daily rollups (decision 048), revenue from the
 * payments themselves (one row per vendor a month).
 */
function dailyQueries(start: string, startDay: string): Record<Measure, SQL> {
  return {
    signups: sql`select ${dayText(qualified(signupDays.day))} as "day", sum(${qualified(signupDays.signups)})::bigint as "value" from ${signupDays} where ${qualified(signupDays.day)} >= ${startDay}::date group by 1`,
    stamps: sql`select ${dayText(qualified(stampDays.day))} as "day", sum(${qualified(stampDays.stamps)})::bigint as "value" from ${stampDays} where ${qualified(stampDays.day)} >= ${startDay}::date group by 1`,
    redemptions: sql`select ${dayText(qualified(rewardDays.day))} as "day", sum(${qualified(rewardDays.redeemed)})::bigint as "value" from ${rewardDays} where ${qualified(rewardDays.day)} >= ${startDay}::date group by 1`,
    revenue: sql`select ${dayOf(qualified(payments.paidAt))} as "day", coalesce(sum(${qualified(payments.amount)}), 0)::bigint as "value" from ${payments} where ${qualified(payments.status)} = 'paid' and ${qualified(payments.paidAt)} >= ${start}::timestamptz group by 1`,
  };
}

/**
 * The same measures (but sign-ups, which have no vendor) per vendor city and category: the vendor
 * that issued the stamps, the card's vendor for redemptions, the vendor that paid. A group with
 * nothing in the range (a vendor whose rollup rows went back to zero) is left out, as the rows
 * themselves would leave it out.
 */
function groupedQueries(start: string, startDay: string): Record<Exclude<Measure, 'signups'> | 'vendors', SQL> {
  const byVendor = (table: typeof stampDays | typeof rewardDays | typeof payments, where: SQL, value: SQL) =>
    sql`select ${qualified(vendors.city)} as "city", ${qualified(vendors.businessCategory)} as "category", ${value} as "value"
        from ${table} inner join ${vendors} on ${qualified(vendors.id)} = ${qualified(table.vendorId)} where ${where} group by 1, 2 having ${value} <> 0`;
  return {
    vendors: sql`select ${qualified(vendors.city)} as "city", ${qualified(vendors.businessCategory)} as "category", count(*)::bigint as "value" from ${vendors} where ${qualified(vendors.status)} = 'approved' and ${qualified(vendors.closedAt)} is null group by 1, 2`,
    stamps: byVendor(
      stampDays,
      sql`${qualified(stampDays.day)} >= ${startDay}::date`,
      sql`sum(${qualified(stampDays.stamps)})::bigint`,
    ),
    redemptions: byVendor(
      rewardDays,
      sql`${qualified(rewardDays.day)} >= ${startDay}::date`,
      sql`sum(${qualified(rewardDays.redeemed)})::bigint`,
    ),
    revenue: sql`select ${qualified(vendors.city)} as "city", ${qualified(vendors.businessCategory)} as "category", coalesce(sum(${qualified(payments.amount)}), 0)::bigint as "value"
        from ${payments} inner join ${vendors} on ${qualified(vendors.id)} = ${qualified(payments.vendorId)}
        where ${qualified(payments.status)} = 'paid' and ${qualified(payments.paidAt)} >= ${start}::timestamptz group by 1, 2`,
  };
}

function emptyRow(key: string, label: string): BreakdownRow {
  return { key, label, vendors: 0, stamps: 0, redemptions: 0, revenue: 0 };
}

/**
 * Platform activity over one of the vendor analytics' ranges (Pakistan days ending today), in the
 * vendor chart's buckets (days up to 3 months, weeks for 6 months, months for a year), and by
 * city and category.
 */
export async function getPlatformAnalytics(db: Executor, range: AnalyticsRange, now: Date): Promise<AdminAnalytics> {
  const start = rangeStart(range, now);
  const bucket = bucketFor(range);
  const startIso = start.toISOString();
  const startDay = pakistanDateKey(start);
  const daily = dailyQueries(startIso, startDay);
  const grouped = groupedQueries(startIso, startDay);
  const [dailyResults, groupedResults] = await Promise.all([
    Promise.all(
      (Object.keys(daily) as Measure[]).map(
        async (measure) => [measure, await rows<{ day: string; value: string | number }>(db, daily[measure])] as const,
      ),
    ),
    Promise.all(
      (Object.keys(grouped) as Array<keyof typeof grouped>).map(
        async (measure) =>
          [
            measure,
            await rows<{ city: string; category: string; value: string | number }>(db, grouped[measure]),
          ] as const,
      ),
    ),
  ]);

  const points = new Map<string, PlatformPoint>(
    bucketKeys(start, now, bucket).map((key) => [
      key,
      { bucket: key, signups: 0, stamps: 0, redemptions: 0, revenue: 0 },
    ]),
  );
  for (const [measure, result] of dailyResults) {
    for (const row of result) {
      const point = points.get(bucketKeyOf(row.day, bucket));
      if (point) point[measure] += Number(row.value);
    }
  }

  const byCity = new Map<string, BreakdownRow>(CITIES.map((city) => [city, emptyRow(city, city)]));
  const byCategory = new Map<string, BreakdownRow>(
    VENDOR_CATEGORIES.map((category) => [category, emptyRow(category, CATEGORY_LABELS[category])]),
  );
  for (const [measure, result] of groupedResults) {
    for (const row of result) {
      const value = Number(row.value);
      const cityRow = byCity.get(row.city) ?? emptyRow(row.city, row.city);
      cityRow[measure] += value;
      byCity.set(row.city, cityRow);
      const categoryRow =
        byCategory.get(row.category) ??
        emptyRow(row.category, CATEGORY_LABELS[row.category as VendorCategory] ?? row.category);
      categoryRow[measure] += value;
      byCategory.set(row.category, categoryRow);
    }
  }
  const series = [...points.values()];
  const totals = series.reduce(
    (sum, point) => ({
      signups: sum.signups + point.signups,
      stamps: sum.stamps + point.stamps,
      redemptions: sum.redemptions + point.redemptions,
      revenue: sum.revenue + point.revenue,
    }),
    { signups: 0, stamps: 0, redemptions: 0, revenue: 0 },
  );
  const busiestFirst = (a: BreakdownRow, b: BreakdownRow) =>
    b.stamps - a.stamps || b.vendors - a.vendors || a.label.localeCompare(b.label);
  return {
    range,
    bucket,
    from: pakistanDateKey(start),
    to: pakistanDateKey(now),
    totals,
    series,
    byCity: [...byCity.values()].sort(busiestFirst),
    byCategory: [...byCategory.values()].sort(busiestFirst),
  };
}
