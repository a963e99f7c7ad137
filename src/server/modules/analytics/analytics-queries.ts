import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AnalyticsBucket } from '@shared/analytics/vendor-analytics';
import {
  addPakistanDays,
  pakistanDateKey,
  startOfPakistanDay,
  startOfPakistanMonth,
  startOfPakistanWeek,
} from '@shared/pakistan-time';
import type { Executor } from '@server/db/client';
import {
  loyaltyCards,
  rewardDays,
  rewards,
  stampDays,
  stampReversals,
  stamps,
  userCards,
  users,
  vendorActiveCustomers,
  vendorCustomerMonths,
  vendorCustomers,
  vendorTotals,
  vendorVisitors,
} from '@server/db/schema';
import { bucketKeyOf } from '@server/lib/pakistan-calendar';
import { rewardShownAs } from '@server/modules/rewards/reward-status-sql';
import { completersOfCard, holdersOfCard } from '@server/modules/cards/card-stats';
import { rows, type RowsOf } from '@server/db/sql-rows';

/**
 * The analytics reads. Counts (stamps, redemptions, rewards earned, per card, per hour) come from
 * the daily rollups stamp_days and reward_days, which triggers keep exact (decision 048); a range
 * starts at a Pakistan midnight, so "since `from`" is "from its day on". For the whole vendor,
 * figures about distinct customers come from rollups where they can: active users and completers
 * from vendor_customers, top customers' whole months from vendor_customer_months (decision 051),
 * the new and returning customers of each whole day, week or month from vendor_active_customers
 * and vendor_customers' first stamps (decision 054). The rest (a range's first, partial week or
 * month, one card's figures) and expired rewards read the rows: each a range scan of one index,
 * stamps by (vendor_id, issued_at) or (card_id, issued_at), rewards by vendor, user_cards by card.
 * All aggregate in PostgreSQL and return at most one row per bucket, card, hour or customer shown.
 * Each is a query (`RowsOf` its rows) that get-vendor-analytics sends in one statement (decision 068).
 */
export interface AnalyticsScope {
  vendorId: string;
  from: Date;
  /** Narrows every read to one card (already checked to belong to the vendor). */
  cardId?: string;
}

// The short names these reads give their tables, taken from the schema (ARCHITECTURE.md, Conventions).
const s = alias(stamps, 's');
const sd = alias(stampDays, 'sd');
const rd = alias(rewardDays, 'rd');
const r = alias(rewards, 'r');
const uc = alias(userCards, 'uc');
const u = alias(users, 'u');
const vc = alias(vendorCustomers, 'vc');
const vcm = alias(vendorCustomerMonths, 'vcm');
const vac = alias(vendorActiveCustomers, 'vac');
const vt = alias(vendorTotals, 'vt');
const vv = alias(vendorVisitors, 'vv');
const c = alias(loyaltyCards, 'c');
const x = alias(stampReversals, 'x');

const BUCKET_UNITS: Record<AnalyticsBucket, SQL> = {
  day: sql.raw(`'day'`),
  week: sql.raw(`'week'`),
  month: sql.raw(`'month'`),
};

function stampScope(scope: AnalyticsScope): SQL {
  // With a card, the (card_id, issued_at, user_id) index serves the scan on its own: the card was
  // checked to be the vendor's. Its stamps include those its partners issued (decision 023), so a
  // card's figures are the card's totals; without a card, a vendor counts the stamps it issued.
  return scope.cardId
    ? sql`${s.cardId} = ${scope.cardId} and ${s.issuedAt} >= ${scope.from}`
    : sql`${s.vendorId} = ${scope.vendorId} and ${s.issuedAt} >= ${scope.from}`;
}

/** The first Pakistan day of the range, to compare with a rollup's `day`. */
const fromDay = (scope: AnalyticsScope) => sql`${pakistanDateKey(scope.from)}::date`;

/** 00:00 Pakistan time on the first day of the day, week (from Monday) or month containing `instant`. */
function startOfBucket(instant: Date, bucket: AnalyticsBucket): Date {
  if (bucket === 'day') return startOfPakistanDay(instant);
  return bucket === 'week' ? startOfPakistanWeek(instant) : startOfPakistanMonth(instant);
}

/**
 * The first Pakistan day, week or month that lies wholly in the range: the range's own when it
 * starts on its first day, else the next. A range runs until now, so from there on it is whole
 * rows of a rollup (vendor_customer_months, vendor_active_customers); before it, its first days
 * are read from the stamps.
 */
function firstWholeBucket(from: Date, bucket: AnalyticsBucket): Date {
  const start = startOfBucket(from, bucket);
  if (start.getTime() === from.getTime()) return from;
  if (bucket === 'day') return addPakistanDays(start, 1);
  return bucket === 'week' ? addPakistanDays(start, 7) : startOfPakistanMonth(addPakistanDays(start, 32));
}

/** Local hours since 1970 of a rollup day's first hour. */
const firstHourOf = (day: SQL) => sql`((${day} - date '1970-01-01') * 24)`;

/** The 25 hour slots of `stamp_days` summed over a group's rows (its shards, its cards). */
const HOUR_SLOT_SUMS = sql.join(
  Array.from({ length: 25 }, (_, index) => sql`sum(${sd.hourStamps}[${sql.raw(String(index + 1))}])`),
  sql`, `,
);

/**
 * Every stamp the vendor ever issued, from the daily rollup: its rows of all days (some thousands
 * for the largest vendor) rather than its every stamp (150,000 of them read from the index).
 */
export async function vendorStampTotal(db: Executor, vendorId: string): Promise<number> {
  const [row] = await rows<{ total: number }>(
    db,
    sql`select coalesce(sum(${sd.stamps}), 0)::int as total from ${stampDays} as ${sd} where ${sd.vendorId} = ${vendorId}`,
  );
  return row?.total ?? 0;
}

/**
 * Stamps per local hour of the range, from the daily rollup's hour slots (slot 25 is the next
 * day's first hour): one row a day, its 25 slots summed over the day's rows (up to 8 shard rows
 * per card), which foldDaySlots folds into day, week or month buckets and into Peak Hours. A row
 * per day rather than per hour: a year is 365 rows to send and parse, not some 7,000. With a
 * card, the card's stamps whoever issued them (its partners' too, decision 023); without one,
 * the stamps the vendor issued.
 */
export function stampsPerLocalDay(scope: AnalyticsScope): RowsOf<{ day: number; slots: number[] }> {
  const where = scope.cardId ? sql`${sd.cardId} = ${scope.cardId}` : sql`${sd.vendorId} = ${scope.vendorId}`;
  return sql`select ${sd.day} - date '1970-01-01' as day, array[${HOUR_SLOT_SUMS}]::int[] as slots
        from ${stampDays} as ${sd} where ${where} and ${sd.day} >= ${fromDay(scope)}
        group by ${sd.day}`;
}

/**
 * Redemptions per local hour, from the daily rollup: a day's redemptions fall in its first hour,
 * but those of its last half second, which the hour they round to puts in the next day. Only the
 * day buckets are read from them. With a card, the card's redemptions whoever confirmed them;
 * without one, the rewards the vendor confirmed, a partner's share of partner cards included.
 * Each row is read once and split in two (a union of two scans was planned in parallel, whose
 * workers cost more than the read).
 */
export function redemptionsPerLocalHour(scope: AnalyticsScope): RowsOf<{ hour: string | number; count: number }> {
  const where = scope.cardId ? sql`${rd.cardId} = ${scope.cardId}` : sql`${rd.counterVendorId} = ${scope.vendorId}`;
  return sql`select ${firstHourOf(sql`${rd.day}`)} + split.next_day * 24 as hour, sum(split.count)::int as count
        from ${rewardDays} as ${rd}
        cross join lateral (values
          (0, ${rd.redeemed} - ${rd.redeemedRoundedToNextDay}), (1, ${rd.redeemedRoundedToNextDay})
        ) as split(next_day, count)
        where ${where} and ${rd.day} >= ${fromDay(scope)} and (${rd.redeemed} <> 0 or ${rd.redeemedRoundedToNextDay} <> 0)
        group by 1 having sum(split.count) <> 0`;
}

/** Folds per-local-hour counts into buckets (day, week or month keys) and into hours of the day. */
export function foldLocalHours(counts: Array<{ hour: string | number; count: number }>, bucket: AnalyticsBucket) {
  const byBucket = new Map<string, number>();
  const byHourOfDay = new Array<number>(24).fill(0);
  for (const row of counts) {
    const hour = Number(row.hour);
    const count = Number(row.count);
    // The hour number is already shifted to Pakistan time, so reading it as UTC gives the local date.
    const key = bucketKeyOf(new Date(hour * 3_600_000).toISOString().slice(0, 10), bucket);
    byBucket.set(key, (byBucket.get(key) ?? 0) + count);
    byHourOfDay[hour % 24]! += count;
  }
  return { byBucket, byHourOfDay };
}

const DAY_MS = 86_400_000;

/**
 * Folds per-day hour slots (stampsPerLocalDay) into buckets and hours of the day, as
 * foldLocalHours does with hours: slots 1 to 24 are the day's hours, slot 25 the next day's first.
 */
export function foldDaySlots(days: Array<{ day: number; slots: number[] }>, bucket: AnalyticsBucket) {
  const byBucket = new Map<string, number>();
  const byHourOfDay = new Array<number>(24).fill(0);
  const add = (key: string, count: number) => byBucket.set(key, (byBucket.get(key) ?? 0) + count);
  for (const row of days) {
    const day = Number(row.day);
    let dayStamps = 0;
    for (let hour = 0; hour < 24; hour += 1) {
      const count = Number(row.slots[hour] ?? 0);
      dayStamps += count;
      byHourOfDay[hour]! += count;
    }
    const nextDayFirstHour = Number(row.slots[24] ?? 0);
    byHourOfDay[0]! += nextDayFirstHour;
    // A day number counts days since 1970-01-01 in Pakistan time, so reading it as UTC gives the local date.
    if (dayStamps !== 0) add(bucketKeyOf(new Date(day * DAY_MS).toISOString().slice(0, 10), bucket), dayStamps);
    if (nextDayFirstHour !== 0)
      add(bucketKeyOf(new Date((day + 1) * DAY_MS).toISOString().slice(0, 10), bucket), nextDayFirstHour);
  }
  return { byBucket, byHourOfDay };
}

/**
 * Customers who collected a stamp in the range, how many of them earned a reward in it, the
 * rewards of the vendor's cards (or the one card) that expired unredeemed between the range's
 * start and now, and of the range's stamps those the vendor reversed (a reversal is a row of its
 * own: the stamp stays issued, decision 086), in one statement. Reversals are few, found by
 * stamp_reversals_vendor_idx (a stamp is reversed after it is issued, so since the range's start). For the whole vendor the customers are counts of
 * vendor_customers (decision 051): a range runs from its start until now, so a customer stamped
 * in it exactly when their last stamp is in it. One card's customers are counted from its rows.
 */
export function activityTotals(
  scope: AnalyticsScope,
  now: Date,
): RowsOf<{ active_users: number; completed_users: number; expired: number; reversed: number }> {
  const customers = scope.cardId
    ? // count(*) of a distinct subquery hashes; count(distinct ...) would sort every stamp's user id.
      sql`(select count(*)::int from (select distinct ${s.userId} from ${stamps} as ${s} where ${stampScope(scope)}) as active) as active_users,
          (select count(*)::int from (select distinct ${r.userId} from ${rewards} as ${r}
            where ${r.vendorId} = ${scope.vendorId} and ${r.earnedAt} >= ${scope.from} and ${r.cardId} = ${scope.cardId}) as completed) as completed_users`
    : sql`(select count(*)::int from ${vendorCustomers} as ${vc} where ${vc.vendorId} = ${scope.vendorId} and ${vc.lastStampAt} >= ${scope.from}) as active_users,
          (select count(*)::int from ${vendorCustomers} as ${vc} where ${vc.vendorId} = ${scope.vendorId} and ${vc.lastRewardAt} >= ${scope.from}) as completed_users`;
  return sql`select ${customers},
          (select count(*)::int from ${rewards} as ${r}
            where ${r.vendorId} = ${scope.vendorId} and ${rewardShownAs(r, 'expired', now)} and ${r.expiresAt} >= ${scope.from}
              ${scope.cardId ? sql`and ${r.cardId} = ${scope.cardId}` : sql``}) as expired,
          (select count(*)::int from ${stampReversals} as ${x} join ${stamps} as ${s} on ${s.id} = ${x.stampId}
            where ${x.vendorId} = ${scope.vendorId} and ${x.reversedAt} >= ${scope.from} and ${stampScope(scope)}) as reversed`;
}

/**
 * A customer is new in a period (a day, week or month of the chart, or the whole range) when
 * their first visit is in it, and returning when they visited in it and had visited before: two
 * or more visits in the period, or one before it and one in it. So a newcomer who came back in
 * the same period is both. A visit is a stamp of the counter (`kind` 'visit'): a bonus stamp
 * (a referral's, an automation's) given on the first visit is not a second one.
 *
 * For the whole vendor a customer's first visit is their first stamp of this vendor (decision
 * 054), whenever they took a card: the active customers of each whole bucket are the rollup
 * vendor_active_customers, the new ones an index range scan of vendor_customers by first stamp,
 * and a newcomer came back in their first bucket when their second visit (vendor_visitors, which
 * counts no reversed visit) is in it. Only a range's first, partial week or month is read from the
 * stamps (a range starts at a Pakistan midnight; its bucket may start days earlier). With one card chosen, the rows are read: a
 * customer is new in the bucket where they took the card (their first user card of it), "first
 * stamp on the card" would read every stamp the card ever had; returning when stamped on the
 * card in the bucket after an earlier visit on it.
 */
export function customerMixPerBucket(
  scope: AnalyticsScope,
  bucket: AnalyticsBucket,
): RowsOf<{ bucket: string; new_customers: number; returning_customers: number }> {
  return scope.cardId ? oneCardMix({ ...scope, cardId: scope.cardId }, bucket) : vendorMix(scope, bucket);
}

/** The customer `vc`'s first two visits of the vendor (no row before their first visit). */
function joinVisitors(vendorId: string): SQL {
  return sql`left join ${vendorVisitors} as ${vv} on ${vv.vendorId} = ${vendorId} and ${vv.userId} = ${vc.userId}`;
}

function vendorMix(scope: AnalyticsScope, bucket: AnalyticsBucket): SQL {
  const unit = BUCKET_UNITS[bucket];
  const wholeFrom = firstWholeBucket(scope.from, bucket);
  const partialBucket = startOfBucket(scope.from, bucket);
  // The partial bucket's customers stamped since the range's start, new when their first stamp
  // (possibly before the range, in the same bucket) is in the bucket, and then returning too when
  // the bucket holds two of their visits, the later one in the range.
  const partial =
    wholeFrom.getTime() > scope.from.getTime()
      ? sql`union all
          select ${pakistanDateKey(partialBucket)}::date as bucket, count(*) as active,
            count(*) filter (where ${vc.firstStampAt} >= ${partialBucket}) as new,
            count(*) filter (where ${vc.firstStampAt} >= ${partialBucket} and p.visits >= 2 and p.last_visit >= ${scope.from}) as back
          from (
            select ${s.userId}, count(*) filter (where ${s.kind} = 'visit') as visits,
              max(${s.issuedAt}) filter (where ${s.kind} = 'visit') as last_visit
            from ${stamps} as ${s}
            where ${s.vendorId} = ${scope.vendorId} and ${s.issuedAt} >= ${partialBucket} and ${s.issuedAt} < ${wholeFrom}
            group by ${s.userId} having max(${s.issuedAt}) >= ${scope.from}
          ) as p
          join ${vendorCustomers} as ${vc} on ${vc.vendorId} = ${scope.vendorId} and ${vc.userId} = p.user_id`
      : sql``;
  // Buckets stay dates until the last step: formatting one per customer would cost more than counting.
  // Returning: the active customers but the new ones, and the new ones who came back in their bucket.
  return sql`select to_char(bucket::timestamp, 'YYYY-MM-DD') as bucket, sum(new)::int as new_customers,
        (sum(active) - sum(new) + sum(back))::int as returning_customers
      from (
        select ${vac.bucket} as bucket, sum(${vac.customers}) as active, 0 as new, 0 as back
        from ${vendorActiveCustomers} as ${vac}
        where ${vac.vendorId} = ${scope.vendorId} and ${vac.unit} = ${unit} and ${vac.bucket} >= ${pakistanDateKey(wholeFrom)}::date
        group by ${vac.bucket}
        union all
        select pakistan_bucket(${unit}, ${vc.firstStampAt}), 0, count(*),
          count(*) filter (where date_trunc(${unit}, ${vv.secondVisitDay}::timestamp)::date = pakistan_bucket(${unit}, ${vc.firstStampAt}))
        from ${vendorCustomers} as ${vc} ${joinVisitors(scope.vendorId)}
        where ${vc.vendorId} = ${scope.vendorId} and ${vc.firstStampAt} >= ${wholeFrom}
        group by 1
        ${partial}
      ) as parts
      group by bucket having sum(active) > 0`;
}

/**
 * The card's stamps in the range, each with whether it is a visit after an earlier visit on the
 * card: a later visit of the range, or the first of the range after one before it.
 */
function oneCardStamps(scope: AnalyticsScope & { cardId: string }): SQL {
  return sql`select user_id, issued_at,
        visit_number > 1 or (visit_number = 1 and exists (
          select 1 from ${stamps} as ${s} where ${s.userId} = ranged.user_id and ${s.cardId} = ${scope.cardId}
            and ${s.kind} = 'visit' and ${s.issuedAt} < ${scope.from})) as came_back
      from (
        select ${s.userId}, ${s.issuedAt},
          case when ${s.kind} = 'visit' then row_number() over (partition by ${s.userId}, ${s.kind} = 'visit' order by ${s.issuedAt}) end as visit_number
        from ${stamps} as ${s} where ${stampScope(scope)}
      ) as ranged`;
}

/** Who took the card, in the bucket of their first user card of it. */
function cardTakers(cardId: string, bucketOf: (at: SQL) => SQL): SQL {
  return sql`select ${uc.userId}, ${bucketOf(sql`min(${uc.createdAt})`)} as first_bucket
        from ${userCards} as ${uc}
        where ${uc.cardId} = ${cardId}
        group by ${uc.userId}`;
}

function oneCardMix(scope: AnalyticsScope & { cardId: string }, bucket: AnalyticsBucket): SQL {
  // Buckets stay dates (pakistan_bucket, plain arithmetic once inlined) until the last step:
  // converting each stamp through the time zone database, or formatting it, cost more than the
  // rest of the query.
  const unit = BUCKET_UNITS[bucket];
  return sql`with firsts as (${cardTakers(scope.cardId, (at) => sql`pakistan_bucket(${unit}, ${at})`)}),
      bucketed as (
        select user_id, pakistan_bucket(${unit}, issued_at) as bucket, coalesce(bool_or(came_back), false) as came_back
        from (${oneCardStamps(scope)}) as stamped group by 1, 2
      )
      select to_char(b.bucket, 'YYYY-MM-DD') as bucket,
        count(*) filter (where f.first_bucket >= b.bucket)::int as new_customers,
        count(*) filter (where b.came_back)::int as returning_customers
      from bucketed b join firsts f on f.user_id = b.user_id
      group by b.bucket`;
}

/**
 * The new and returning customers of the whole range (customerMixPerBucket's definitions, the
 * range as one period): new when their first visit is in it, returning when they visited in it
 * after an earlier visit, in it or before. A range runs until now, so a customer whose first
 * stamp is in it has all their stamps in it.
 */
export function customerMixTotals(
  scope: AnalyticsScope,
): RowsOf<{ new_customers: number; returning_customers: number }> {
  if (scope.cardId) {
    const card = { ...scope, cardId: scope.cardId };
    return sql`with firsts as (${cardTakers(card.cardId, (at) => sql`${at} >= ${scope.from}`)}),
        customers as (
          select user_id, coalesce(bool_or(came_back), false) as came_back from (${oneCardStamps(card)}) as stamped group by 1
        )
        select count(*) filter (where f.first_bucket)::int as new_customers,
          count(*) filter (where c.came_back)::int as returning_customers
        from customers c join firsts f on f.user_id = c.user_id`;
  }
  return sql`select count(*) filter (where ${vc.firstStampAt} >= ${scope.from})::int as new_customers,
        count(*) filter (where ${vc.firstStampAt} < ${scope.from} or ${vv.secondVisitDay} is not null)::int as returning_customers
      from ${vendorCustomers} as ${vc} ${joinVisitors(scope.vendorId)}
      where ${vc.vendorId} = ${scope.vendorId} and ${vc.lastStampAt} >= ${scope.from}`;
}

/**
 * Per card of the vendor, in one statement: the stamps it issued in the range, rewards earned in
 * the range and those the vendor confirmed in it (from the daily rollups), and its holders and
 * completers of all time (card-stats.ts). The cards are those not deleted, and deleted (archived)
 * ones with stamps in the range or a reward at all.
 */
export function cardPerformanceRows(scope: AnalyticsScope): RowsOf<{
  id: string;
  name: string;
  card_type: string;
  status: string;
  users: number;
  completed_users: number;
  stamps: number;
  earned: number;
  redeemed: number;
}> {
  const cardId = sql`${c.id}`;
  return sql`select ${c.id}, ${c.name}, ${c.cardType}, ${c.status}, ${holdersOfCard(cardId)} as users,
          ${completersOfCard(cardId)} as completed_users, coalesce(issued.stamps, 0)::int as stamps,
          coalesce(rewarded.earned, 0)::int as earned, coalesce(rewarded.redeemed, 0)::int as redeemed
        from ${loyaltyCards} as ${c}
        left join (
          select ${sd.cardId}, sum(${sd.stamps}) as stamps from ${stampDays} as ${sd}
          where ${sd.vendorId} = ${scope.vendorId} and ${sd.day} >= ${fromDay(scope)}
          group by ${sd.cardId} having sum(${sd.stamps}) > 0
        ) as issued on issued.card_id = ${c.id}
        left join (
          select ${rd.cardId},
            sum(${rd.earned}) filter (where ${rd.day} >= ${fromDay(scope)}) as earned,
            sum(${rd.redeemed}) filter (where ${rd.day} >= ${fromDay(scope)} and ${rd.counterVendorId} = ${scope.vendorId}) as redeemed
          from ${rewardDays} as ${rd} where ${rd.vendorId} = ${scope.vendorId}
          group by ${rd.cardId} having sum(${rd.earned}) > 0
        ) as rewarded on rewarded.card_id = ${c.id}
        where ${c.vendorId} = ${scope.vendorId}
          and (${c.status} <> 'archived' or issued.card_id is not null or rewarded.card_id is not null)`;
}

/**
 * Where a range's per-customer counts split between whole months (vendor_customer_months) and
 * the stamps of one partial month: the months from the one after `from`'s plus the stamps from
 * `from` to it, or the months from `from`'s own less the stamps of its days before `from`,
 * whichever reads fewer days of stamps (at most half a month's).
 */
function monthSplit(vendorId: string, from: Date) {
  const monthOfFrom = startOfPakistanMonth(from);
  const nextMonth = firstWholeBucket(from, 'month');
  const subtractDaysBefore = from.getTime() - monthOfFrom.getTime() < nextMonth.getTime() - from.getTime();
  return {
    firstMonth: pakistanDateKey(subtractDaysBefore ? monthOfFrom : nextMonth),
    /**
     * The partial month's stamps per customer, with the sign they take in "since `from`". An int,
     * as vendor_customer_months' are: a bigint among them made every sum a numeric one.
     */
    partialMonth: subtractDaysBefore
      ? sql`select ${s.userId}, -count(*)::int as stamps from ${stamps} as ${s}
          where ${s.vendorId} = ${vendorId} and ${s.issuedAt} >= ${monthOfFrom} and ${s.issuedAt} < ${from} group by ${s.userId}`
      : sql`select ${s.userId}, count(*)::int as stamps from ${stamps} as ${s}
          where ${s.vendorId} = ${vendorId} and ${s.issuedAt} >= ${from} and ${s.issuedAt} < ${nextMonth} group by ${s.userId}`,
  };
}

/**
 * The stamps a vendor issued to each customer since `from` (those with any), from
 * vendor_customer_months and the stamps of one partial month (monthSplit).
 */
export function stampsPerCustomerSince(vendorId: string, from: Date): SQL {
  const { firstMonth, partialMonth } = monthSplit(vendorId, from);
  return sql`select user_id, sum(stamps)::int as stamps from (
      select ${vcm.userId}, ${vcm.stamps} from ${vendorCustomerMonths} as ${vcm}
      where ${vcm.vendorId} = ${vendorId} and ${vcm.month} >= ${firstMonth}::date
      union all
      ${partialMonth}
    ) as parts group by user_id having sum(stamps) > 0`;
}

/**
 * Customers with stamps since `from`, and those stamps: every customer whose stamps are among the
 * `count` most (ties included, so a caller breaks them its own way), and maybe others. Counting every customer's stamps since
 * `from` reads as many rows as the range has customer-months; when the range holds most of the
 * vendor's stamps (a year, for a vendor that grew), it is cheaper from the other end: a
 * customer's stamps since `from` are their stamps of all time (vendor_customers) less those
 * before it, and never more than the former. So the `count`-th most stamps of all time among
 * customers whose first stamp is in the range (exact for them) is a floor, only customers with
 * at least that many of all time (an index range scan) can reach it, and only the stamps before
 * `from` are counted per customer. The rollups (vendor_totals, stamp_days) tell which side has fewer
 * stamps; PostgreSQL runs only the branch chosen.
 */
export function customersAtTopSince(vendorId: string, from: Date, count: number): SQL {
  const { firstMonth, partialMonth } = monthSplit(vendorId, from);
  return sql`with side as (
      select coalesce((select sum(${vt.stamps}) from ${vendorTotals} as ${vt} where ${vt.vendorId} = ${vendorId}), 0) - since.stamps
        < since.stamps as from_all_time
      from (select coalesce(sum(${sd.stamps}), 0) as stamps from ${stampDays} as ${sd}
        where ${sd.vendorId} = ${vendorId} and ${sd.day} >= ${pakistanDateKey(from)}::date) as since
    ), before as materialized (
      select user_id, sum(stamps)::int as stamps from (
        select ${vcm.userId}, ${vcm.stamps} from ${vendorCustomerMonths} as ${vcm}
        where ${vcm.vendorId} = ${vendorId} and ${vcm.month} < ${firstMonth}::date
        union all
        select user_id, -stamps from (${partialMonth}) as partial
      ) as parts where (select from_all_time from side) group by user_id
    ), floor as (
      select ${vc.stamps} from ${vendorCustomers} as ${vc}
      where ${vc.vendorId} = ${vendorId} and ${vc.cards} > 0 and ${vc.firstStampAt} >= ${from}
        and (select from_all_time from side)
      order by ${vc.stamps} desc nulls last
      offset ${count - 1} limit 1
    )
    select c.user_id, (c.stamps - coalesce(b.stamps, 0))::int as stamps
    from (
      select ${vc.userId}, ${vc.stamps} from ${vendorCustomers} as ${vc}
      where ${vc.vendorId} = ${vendorId} and ${vc.cards} > 0 and ${vc.stamps} >= coalesce((select stamps from floor), 1)
      union all
      select ${vc.userId}, ${vc.stamps} from ${vendorCustomers} as ${vc}
      where ${vc.vendorId} = ${vendorId} and ${vc.cards} = 0 and ${vc.stamps} >= coalesce((select stamps from floor), 1)
    ) as c left join before b on b.user_id = c.user_id
    where (select from_all_time from side) and c.stamps - coalesce(b.stamps, 0) > 0
    union all
    select user_id, stamps from (${stampsPerCustomerSince(vendorId, from)}) as since
    where not (select from_all_time from side)`;
}

/**
 * The customers with the most stamps in the range, and their rewards earned in it. For the whole
 * vendor, from the rollups (customersAtTopSince); one card's are counted from its stamps.
 */
export function topCustomersQuery(
  scope: AnalyticsScope,
  limit = 10,
): RowsOf<{ user_id: string; name: string; surname: string; email: string; stamps: number; rewards: number }> {
  const counts = scope.cardId
    ? sql`select ${s.userId}, count(*)::int as stamps from ${stamps} as ${s} where ${stampScope(scope)} group by ${s.userId}`
    : customersAtTopSince(scope.vendorId, scope.from, limit);
  return sql`with top as (
          select user_id, stamps from (${counts}) as counts order by stamps desc, user_id limit ${limit}
        )
        select top.user_id, ${u.name}, ${u.surname}, ${u.email}, top.stamps,
          (select count(*)::int from ${rewards} as ${r} where ${r.userId} = top.user_id and ${r.vendorId} = ${scope.vendorId}
             and ${r.earnedAt} >= ${scope.from} ${scope.cardId ? sql`and ${r.cardId} = ${scope.cardId}` : sql``}) as rewards
        from top join ${users} as ${u} on ${u.id} = top.user_id
        order by top.stamps desc, ${u.name}`;
}

/** topCustomersQuery's rows, read on their own. */
export function topCustomers(db: Executor, scope: AnalyticsScope, limit = 10) {
  return rows(db, topCustomersQuery(scope, limit));
}
