import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RANGE_DAYS, type AnalyticsRange } from '@shared/analytics/vendor-analytics';
import {
  averageSpend,
  cohortTable,
  costPerExtraVisit,
  healthFigures,
  monthlyReturningRevenue,
  percentOf,
  returningVisitsPerMonth,
  type HealthQuery,
  type MonthBills,
  type ProgrammeHealth,
} from '@shared/analytics/programme-health';
import {
  addPakistanDays,
  addPakistanMonths,
  pakistanDateKey,
  pakistanInstant,
  startOfPakistanMonth,
} from '@shared/pakistan-time';
import { fieldText } from '@shared/field-messages';
import { formatNumber } from '@shared/number-format';
import type { Database, Executor } from '@server/db/client';
import {
  branches,
  rewardValueDays,
  vendorMonthBills,
  vendorPosBillDays,
  vendorVisitors,
  visitDays,
} from '@server/db/schema';
import { readLists } from '@server/db/sql-rows';
import { forbidden, invalidFields, notFound } from '@server/errors';
import { rangeStart } from '@server/lib/pakistan-calendar';
import { findVendorCardRow } from '@server/modules/cards/list-vendor-cards';
import { CLOSED_VENDOR_MESSAGE, loadVendor, planOf } from '@server/modules/billing/vendor-plan';
import { assertAnalyticsRange } from './analytics-access';

/**
 * Programme health (decision 090), read from the visit and reward rollups of migration 0067 in one
 * statement: the customer days of the range (a row per customer and day with a visit, at most the
 * rows of visit_days), each customer's first visit ever (firstVisits), the gaps' histogram, weeks, cohorts and months, the rewards' days, and the
 * bills the owner entered. Everything aggregates in PostgreSQL; the statistics are shared/'s.
 */
interface HealthScope {
  vendorId: string;
  cardId?: string;
  branchId?: string;
  /** The first Pakistan day of the range, of its first month, and today, as YYYY-MM-DD. */
  fromDay: string;
  monthStart: string;
  today: string;
}

const vd = alias(visitDays, 'vd');
const vf = alias(visitDays, 'vf');
const vv = alias(vendorVisitors, 'vv');
const rv = alias(rewardValueDays, 'rv');
const mb = alias(vendorMonthBills, 'mb');
const pd = alias(vendorPosBillDays, 'pd');
const b = alias(branches, 'b');

function visitScope(
  scope: HealthScope,
  table: Pick<typeof vd, 'vendorId' | 'cardId' | 'branchId'> | Pick<typeof vf, 'vendorId' | 'cardId' | 'branchId'>,
): SQL {
  const parts = [sql`${table.vendorId} = ${scope.vendorId}`];
  if (scope.cardId) parts.push(sql`${table.cardId} = ${scope.cardId}`);
  if (scope.branchId) parts.push(sql`${table.branchId} = ${scope.branchId}`);
  return sql.join(parts, sql` and `);
}

/**
 * The first visit ever (of the scope) of each customer with a day in `days`: the vendor's from
 * vendor_visitors (a merge join in customer order), a card's or a branch's by a probe of
 * visit_days per customer. Materialised, so the probes run once per customer rather than once per
 * customer day.
 */
function firstVisits(scope: HealthScope): SQL {
  if (!scope.cardId && !scope.branchId)
    return sql`select ${vv.userId} as user_id, ${vv.firstVisitDay} as first_day from ${vendorVisitors} as ${vv}
      where ${vv.vendorId} = ${scope.vendorId}`;
  return sql`select f.user_id, (select min(${vf.day}) from ${visitDays} as ${vf} where ${visitScope(scope, vf)} and ${vf.userId} = f.user_id) as first_day
      from (select distinct user_id from days) f`;
}

/** The first day of a date's month, as date arithmetic (date_trunc would go through a time zone). */
const monthOf = (day: SQL) => sql`(${day} - (extract(day from ${day})::int - 1))`;
/** The Monday of a date's ISO week. */
const weekOf = (day: SQL) => sql`(${day} - (extract(isodow from ${day})::int - 1))`;

/**
 * The customer days from the range's first month on, in one pass in customer and day order: each
 * with the customer's first visit ever (of the scope), whether it is in the range, and the
 * customer's two previous days. Every count of distinct customers (per range, week, month) is then
 * a count of the days that begin one, so no list sorts or deduplicates again (decision 090).
 */
function customerDays(scope: HealthScope): SQL {
  const firsts = scope.cardId || scope.branchId ? sql`materialized` : sql``;
  return sql`with days as (
      select ${vd.userId} as user_id, ${vd.day} as day, sum(${vd.visits})::int as visits,
        sum(${vd.billedVisits})::int as billed, sum(${vd.billPkr})::bigint as bill
      from ${visitDays} as ${vd}
      where ${visitScope(scope, vd)} and ${vd.day} >= ${scope.monthStart}::date and ${vd.day} <= ${scope.today}::date
      group by 1, 2
    ), firsts as ${firsts} (${firstVisits(scope)}), s as materialized (
      select days.*, firsts.first_day, days.day >= ${scope.fromDay}::date as in_range,
        lag(days.day) over per_customer as prev_day, lag(days.day, 2) over per_customer as prev2_day
      from days join firsts using (user_id)
      window per_customer as (partition by days.user_id order by days.day)
    )`;
}

interface CustomerDayLists {
  totals: {
    customers: number;
    repeat_customers: number;
    visits: number;
    returning_visits: number;
    billed: number;
    bill: number;
    customer_months: number;
  };
  gaps: Array<{ value: number; count: number }>;
  weeks: Array<{ week: string; new_customers: number; returning_customers: number }>;
  months: Array<{ cohort: string; month: string; customers: number; visits: number }>;
}

/**
 * The totals, the gaps' histogram, the weeks and the months from the customer days. A day "begins"
 * a customer in the range when the day before it is outside the range (or none), a customer's
 * month or week when that day is also in another month or week.
 */
function customerDayQuery(scope: HealthScope) {
  const from = sql`${scope.fromDay}::date`;
  const firstInRange = sql`(prev_day is null or prev_day < ${from})`;
  return sql`${customerDays(scope)}
    select
      (select row_to_json(t) from (
        select (count(*) filter (where in_range and ${firstInRange}))::int as customers,
          (count(*) filter (where in_range and prev_day >= ${from} and (prev2_day is null or prev2_day < ${from})))::int as repeat_customers,
          coalesce(sum(visits) filter (where in_range), 0)::int as visits,
          coalesce(sum(visits) filter (where in_range and day > first_day), 0)::int as returning_visits,
          coalesce(sum(billed) filter (where in_range), 0)::int as billed,
          coalesce(sum(bill) filter (where in_range), 0)::bigint as bill,
          (count(*) filter (where in_range and (${firstInRange} or ${monthOf(sql`prev_day`)} <> ${monthOf(sql`day`)})))::int as customer_months
        from s) t) as totals,
      (select coalesce(json_agg(g), '[]') from (
        select day - prev_day as value, count(*)::int as count
        from s where in_range and prev_day >= ${from} group by 1) g) as gaps,
      (select coalesce(json_agg(w order by w.week), '[]') from (
        select week::text as week, (count(*) filter (where first_day >= week))::int as new_customers,
          (count(*) filter (where first_day < week))::int as returning_customers
        from (select ${weekOf(sql`day`)} as week, first_day from s
          where in_range and (${firstInRange} or prev_day < ${weekOf(sql`day`)})) first_in_week
        group by week) w) as weeks,
      (select coalesce(json_agg(m), '[]') from (
        select ${monthOf(sql`first_day`)}::text as cohort, ${monthOf(sql`day`)}::text as month,
          (count(*) filter (where prev_day is null or ${monthOf(sql`prev_day`)} <> ${monthOf(sql`day`)}))::int as customers,
          sum(visits)::int as visits
        from s group by 1, 2) m) as months` as SQL & { readonly rowShape?: CustomerDayLists };
}

/**
 * Per branch: its customers' days in the range (visits at that branch only), each with the
 * customer's two previous days at that branch, counted as customerDayQuery counts.
 */
function branchesQuery(scope: HealthScope) {
  return sql`with bd as (
      select ${vd.branchId} as branch_id, ${vd.userId} as user_id, ${vd.day} as day, sum(${vd.visits})::int as visits
      from ${visitDays} as ${vd}
      where ${visitScope(scope, vd)} and ${vd.day} >= ${scope.fromDay}::date and ${vd.day} <= ${scope.today}::date
      group by 1, 2, 3
    ), s as materialized (
      select branch_id, day, visits, lag(day) over per_customer as prev_day, lag(day, 2) over per_customer as prev2_day
      from bd window per_customer as (partition by branch_id, user_id order by day)
    ), per_branch as (
      select branch_id, (count(*) filter (where prev_day is null))::int as customers,
        (count(*) filter (where prev_day is not null and prev2_day is null))::int as repeat_customers,
        sum(visits)::int as visits,
        (count(*) filter (where prev_day is null or ${monthOf(sql`prev_day`)} <> ${monthOf(sql`day`)}))::int as customer_months
      from s group by branch_id
    ), gap_lists as (
      select branch_id, json_agg(json_build_object('value', gap, 'count', n)) as gaps
      from (select branch_id, day - prev_day as gap, count(*)::int as n from s where prev_day is not null group by 1, 2) g
      group by branch_id
    )
    select t.branch_id, coalesce(${b.name}, '') as name, t.customers, t.repeat_customers, t.visits, t.customer_months,
      coalesce(gap_lists.gaps, '[]') as gaps
    from per_branch t
    left join gap_lists using (branch_id)
    left join ${branches} as ${b} on ${b.id} = t.branch_id
    order by t.visits desc, name` as SQL & {
    readonly rowShape?: {
      branch_id: string;
      name: string | null;
      customers: number;
      repeat_customers: number;
      visits: number;
      customer_months: number;
      gaps: Array<{ value: number; count: number }>;
    };
  };
}

function rewardsQuery(scope: HealthScope) {
  const card = scope.cardId ? sql` and ${rv.cardId} = ${scope.cardId}` : sql``;
  const branch = scope.branchId ? sql` and ${rv.branchId} = ${scope.branchId}` : sql``;
  return sql`select coalesce(sum(${rv.redeemed}) filter (where true${branch}), 0)::int as redeemed,
      coalesce(sum(${rv.redeemedValue}) filter (where true${branch}), 0)::bigint as cost,
      coalesce(sum(${rv.open}) filter (where ${rv.expiresDay} <= ${scope.today}::date), 0)::int as expired,
      coalesce(sum(${rv.open}) filter (where ${rv.expiresDay} > ${scope.today}::date), 0)::int as waiting
    from ${rewardValueDays} as ${rv}
    where ${rv.vendorId} = ${scope.vendorId}${card} and ${rv.day} >= ${scope.fromDay}::date and ${rv.day} <= ${scope.today}::date` as SQL & {
    readonly rowShape?: { redeemed: number; cost: number; expired: number; waiting: number };
  };
}

/**
 * Each month's bills: the owner's entry, else the sum of the days the POS reported (decision 090:
 * the owner's number is about the whole shop; a POS may cover one till of several).
 */
function billsQuery(scope: HealthScope) {
  const posMonth = sql`date_trunc('month', ${pd.day})::date`;
  return sql`select ${mb.month}::text as month, ${mb.totalBills} as total_bills, 'entered' as source
      from ${vendorMonthBills} as ${mb}
      where ${mb.vendorId} = ${scope.vendorId} and ${mb.month} >= ${scope.monthStart}::date
    union all
    select ${posMonth}::text, sum(${pd.totalBills})::int, 'pos' from ${vendorPosBillDays} as ${pd}
      where ${pd.vendorId} = ${scope.vendorId} and ${pd.day} >= ${scope.monthStart}::date
        and ${pd.day} <= ${scope.today}::date
        and not exists (select 1 from ${vendorMonthBills} as ${mb}
          where ${mb.vendorId} = ${scope.vendorId} and ${mb.month} = ${posMonth})
      group by 1
    order by 1` as SQL & {
    readonly rowShape?: { month: string; total_bills: number; source: 'entered' | 'pos' };
  };
}

/** The vendor's branches, archived ones included (their history stays): the table appears from two. */
async function countBranches(db: Executor, vendorId: string): Promise<number> {
  const found = await db.select({ id: branches.id }).from(branches).where(eq(branches.vendorId, vendorId)).limit(2);
  return found.length;
}

export async function getProgrammeHealth(
  db: Executor,
  vendorId: string,
  query: HealthQuery,
  now: Date,
): Promise<ProgrammeHealth> {
  const vendor = await loadVendor(db, vendorId);
  assertAnalyticsRange(planOf(vendor).limits.analytics, query.range);
  if (query.cardId) await findVendorCardRow(db, vendorId, query.cardId);
  if (query.branchId) {
    const [own] = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.id, query.branchId), eq(branches.vendorId, vendorId)));
    if (!own) throw notFound(fieldText('forms:branch.notFound'));
  }
  const from = rangeStart(query.range, now);
  const scope: HealthScope = {
    vendorId,
    cardId: query.cardId,
    branchId: query.branchId,
    fromDay: pakistanDateKey(from),
    monthStart: pakistanDateKey(startOfPakistanMonth(from)),
    today: pakistanDateKey(now),
  };
  const perBranch = !query.branchId && (await countBranches(db, vendorId)) > 1;
  return readHealth(db, scope, query.range, RANGE_DAYS[query.range], vendor.averageSpendRupees, perBranch);
}

/**
 * A whole Pakistan month's health (the monthly report): the month's first day to its last, as a
 * range of that many days, every card and branch.
 */
export async function getMonthHealth(
  db: Executor,
  vendorId: string,
  month: string,
  averageSpendRupees: number | null,
): Promise<ProgrammeHealth> {
  const next = addPakistanMonths(pakistanInstant(month), 1);
  const last = pakistanDateKey(new Date(next.getTime() - 1));
  const days = Math.round((next.getTime() - pakistanInstant(month).getTime()) / 86_400_000);
  const scope: HealthScope = { vendorId, fromDay: month, monthStart: month, today: last };
  return readHealth(db, scope, '30d', days, averageSpendRupees, false);
}

async function readHealth(
  db: Executor,
  scope: HealthScope,
  range: AnalyticsRange,
  rangeDays: number,
  entered: number | null,
  perBranch: boolean,
): Promise<ProgrammeHealth> {
  const lists = await readLists(db, {
    days: customerDayQuery(scope),
    branches: perBranch ? branchesQuery(scope) : null,
    rewards: rewardsQuery(scope),
    bills: scope.branchId ? null : billsQuery(scope),
  });
  return assembleHealth(range, rangeDays, scope, lists, entered);
}

type Lists = Awaited<
  ReturnType<
    typeof readLists<{
      days: ReturnType<typeof customerDayQuery>;
      branches: ReturnType<typeof branchesQuery> | null;
      rewards: ReturnType<typeof rewardsQuery>;
      bills: ReturnType<typeof billsQuery> | null;
    }>
  >
>;

function assembleHealth(
  range: AnalyticsRange,
  rangeDays: number,
  scope: HealthScope,
  lists: Lists,
  entered: number | null,
): ProgrammeHealth {
  const { totals, gaps, weeks, months } = lists.days[0]!;
  const [rewards] = lists.rewards;
  const cohorts = months.filter((row) => row.cohort >= scope.monthStart);
  const visitsByMonth = new Map<string, number>();
  for (const row of months) visitsByMonth.set(row.month, (visitsByMonth.get(row.month) ?? 0) + row.visits);
  const extraVisits = totals.visits - totals.customers;
  const spend = averageSpend(totals.billed, Number(totals.bill), entered);
  const perMonth = returningVisitsPerMonth(totals.returning_visits, rangeDays);
  const cost = Number(rewards?.cost ?? 0);
  return {
    range,
    from: scope.fromDay,
    to: scope.today,
    figures: healthFigures({
      customers: totals.customers,
      repeatCustomers: totals.repeat_customers,
      visits: totals.visits,
      customerMonths: totals.customer_months,
      gaps,
    }),
    weeks: weeks.map((row) => ({
      week: row.week,
      newCustomers: row.new_customers,
      returningCustomers: row.returning_customers,
    })),
    cohorts: cohortTable(cohorts, scope.monthStart, `${scope.today.slice(0, 7)}-01`),
    rewards: {
      redeemed: rewards?.redeemed ?? 0,
      costRupees: cost,
      extraVisits,
      costPerExtraVisit: costPerExtraVisit(cost, extraVisits),
    },
    breakage: scope.branchId ? null : { expired: rewards?.expired ?? 0, waiting: rewards?.waiting ?? 0 },
    penetration: lists.bills
      ? lists.bills.map((row) => {
          const visits = visitsByMonth.get(row.month) ?? 0;
          return {
            month: row.month,
            visits,
            totalBills: row.total_bills,
            share: percentOf(visits, row.total_bills),
            source: row.source,
          };
        })
      : null,
    value: {
      ...spend,
      returningVisitsPerMonth: perMonth,
      monthlyReturningRevenueRupees: monthlyReturningRevenue(perMonth, spend.averageSpendRupees),
    },
    branches: lists.branches
      ? lists.branches.map((row) => ({
          id: row.branch_id,
          name: row.name ?? '',
          ...healthFigures({
            customers: row.customers,
            repeatCustomers: row.repeat_customers,
            visits: row.visits,
            customerMonths: row.customer_months,
            gaps: row.gaps,
          }),
        }))
      : null,
  };
}

/**
 * The visits the vendor stamped from one Pakistan day up to another (all cards and branches, the
 * rollup's): bills entered for those days can be no fewer, as each visit is a bill.
 */
async function visitsStamped(db: Executor, vendorId: string, fromDay: string, beforeDay: string): Promise<number> {
  const [row] = await db
    .select({ visits: sql<number>`coalesce(sum(${visitDays.visits}), 0)::int` })
    .from(visitDays)
    .where(
      and(
        eq(visitDays.vendorId, vendorId),
        sql`${visitDays.day} >= ${fromDay}::date and ${visitDays.day} < ${beforeDay}::date`,
      ),
    );
  return Number(row?.visits ?? 0);
}

/**
 * Saves the bills the vendor rang up in a month (decision 090). The month must have begun, and
 * the bills cannot be fewer than the visits the vendor stamped in it (the rollup's, all cards and
 * branches): each visit is a bill.
 */
export async function saveMonthBills(
  db: Database,
  vendorId: string,
  input: MonthBills,
  now: Date,
): Promise<MonthBills> {
  const vendor = await loadVendor(db, vendorId);
  if (vendor.closedAt) throw forbidden(CLOSED_VENDOR_MESSAGE);
  const month = `${input.month}-01`;
  if (month > pakistanDateKey(startOfPakistanMonth(now))) {
    throw invalidFields(fieldText('forms:monthBills.month'), { month: fieldText('forms:monthBills.month') });
  }
  const next = pakistanDateKey(addPakistanMonths(pakistanInstant(month), 1));
  const visits = await visitsStamped(db, vendorId, month, next);
  if (input.totalBills < visits) {
    const message = fieldText('forms:monthBills.belowVisits', { visits: formatNumber(visits) });
    throw invalidFields(message, { totalBills: message });
  }
  await db
    .insert(vendorMonthBills)
    .values({ vendorId, month, totalBills: input.totalBills, updatedAt: now })
    .onConflictDoUpdate({
      target: [vendorMonthBills.vendorId, vendorMonthBills.month],
      set: { totalBills: input.totalBills, updatedAt: now },
    });
  return input;
}

/**
 * Saves the bills a vendor's point of sale rang up on a day (PUT /api/v1/bills/{day}, decision
 * 090): a day that has begun, never fewer than the visits stamped on it. A month without the
 * owner's entry takes the sum of its days for its penetration; the owner's entry wins.
 */
export async function savePosDayBills(
  db: Database,
  vendorId: string,
  input: { day: string; totalBills: number },
  now: Date,
): Promise<{ day: string; totalBills: number }> {
  const { day, totalBills } = input;
  if (
    Number.isNaN(pakistanInstant(day).getTime()) ||
    pakistanDateKey(pakistanInstant(day)) !== day ||
    day > pakistanDateKey(now)
  ) {
    throw invalidFields('day must be a day in Pakistan time that has begun.', {
      day: 'day must be a day in Pakistan time that has begun.',
    });
  }
  const next = pakistanDateKey(addPakistanDays(pakistanInstant(day), 1));
  const visits = await visitsStamped(db, vendorId, day, next);
  if (totalBills < visits) {
    const message = `totalBills cannot be lower than the ${formatNumber(visits)} visits stamped that day.`;
    throw invalidFields(message, { totalBills: message });
  }
  await db
    .insert(vendorPosBillDays)
    .values({ vendorId, day, totalBills, updatedAt: now })
    .onConflictDoUpdate({
      target: [vendorPosBillDays.vendorId, vendorPosBillDays.day],
      set: { totalBills, updatedAt: now },
    });
  return { day, totalBills };
}
