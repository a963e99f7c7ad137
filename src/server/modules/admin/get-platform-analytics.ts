import { sql, type SQL } from 'drizzle-orm';
import type { AdminAnalytics, AdminAnalyticsRange, BreakdownRow, DailyPoint } from '@shared/admin-analytics';
import { CATEGORY_LABELS, CITIES, VENDOR_CATEGORIES, type VendorCategory } from '@shared/places';
import { PAKISTAN_TIME_ZONE, pakistanDateKey, startOfPakistanDay } from '@shared/pakistan-time';
import type { Executor } from '@server/db/client';
import { bucketKeys } from '@server/lib/pakistan-calendar';
import { rows } from '@server/modules/vendor-analytics/sql-rows';

const DAY_MS = 24 * 60 * 60 * 1000;
type Measure = 'signups' | 'stamps' | 'redemptions' | 'revenue';

/** A Pakistan calendar day as text, computed in the database so grouping needs no round trips. */
function dayOf(column: SQL): SQL {
  return sql`to_char(${column} at time zone ${sql.raw(`'${PAKISTAN_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
}

/** The four measures per day since `start`, each from its own time column. */
function dailyQueries(start: string): Record<Measure, SQL> {
  return {
    signups: sql`select ${dayOf(sql`"created_at"`)} as "day", count(*)::bigint as "value" from "users" where "created_at" >= ${start}::timestamptz group by 1`,
    stamps: sql`select ${dayOf(sql`"issued_at"`)} as "day", count(*)::bigint as "value" from "stamps" where "issued_at" >= ${start}::timestamptz group by 1`,
    redemptions: sql`select ${dayOf(sql`"redeemed_at"`)} as "day", count(*)::bigint as "value" from "rewards" where "status" = 'redeemed' and "redeemed_at" >= ${start}::timestamptz group by 1`,
    revenue: sql`select ${dayOf(sql`"paid_at"`)} as "day", coalesce(sum("amount"), 0)::bigint as "value" from "payments" where "status" = 'paid' and "paid_at" >= ${start}::timestamptz group by 1`,
  };
}

/** The same measures (but sign-ups, which have no vendor) per vendor city and category. */
function groupedQueries(start: string): Record<Exclude<Measure, 'signups'> | 'vendors', SQL> {
  const byVendor = (from: SQL, where: SQL, value: SQL) =>
    sql`select "vendors"."city" as "city", "vendors"."business_category" as "category", ${value} as "value"
        from ${from} inner join "vendors" on "vendors"."id" = "t"."vendor_id" where ${where} group by 1, 2`;
  return {
    vendors: sql`select "city", "business_category" as "category", count(*)::bigint as "value" from "vendors" where "status" = 'approved' and "closed_at" is null group by 1, 2`,
    stamps: byVendor(sql`"stamps" as "t"`, sql`"t"."issued_at" >= ${start}::timestamptz`, sql`count(*)::bigint`),
    redemptions: byVendor(
      sql`"rewards" as "t"`,
      sql`"t"."status" = 'redeemed' and "t"."redeemed_at" >= ${start}::timestamptz`,
      sql`count(*)::bigint`,
    ),
    revenue: byVendor(
      sql`"payments" as "t"`,
      sql`"t"."status" = 'paid' and "t"."paid_at" >= ${start}::timestamptz`,
      sql`coalesce(sum("t"."amount"), 0)::bigint`,
    ),
  };
}

function emptyRow(key: string, label: string): BreakdownRow {
  return { key, label, vendors: 0, stamps: 0, redemptions: 0, revenue: 0 };
}

/** Platform activity over the last 30 or 90 Pakistan days: daily series, and by city and category. */
export async function getPlatformAnalytics(
  db: Executor,
  range: AdminAnalyticsRange,
  now: Date,
): Promise<AdminAnalytics> {
  const start = new Date(startOfPakistanDay(now).getTime() - (Number(range) - 1) * DAY_MS);
  const startIso = start.toISOString();
  const daily = dailyQueries(startIso);
  const grouped = groupedQueries(startIso);
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

  const points = new Map<string, DailyPoint>(
    bucketKeys(start, now, 'day').map((day) => [day, { date: day, signups: 0, stamps: 0, redemptions: 0, revenue: 0 }]),
  );
  for (const [measure, result] of dailyResults) {
    for (const row of result) {
      const point = points.get(row.day);
      if (point) point[measure] = Number(row.value);
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
  const daysList = [...points.values()];
  const totals = daysList.reduce(
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
    from: pakistanDateKey(start),
    to: pakistanDateKey(now),
    totals,
    daily: daysList,
    byCity: [...byCity.values()].sort(busiestFirst),
    byCategory: [...byCategory.values()].sort(busiestFirst),
  };
}
