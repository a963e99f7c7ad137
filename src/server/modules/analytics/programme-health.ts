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
  startOfPakistanDay,
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
import {
  changesBeforeQuery,
  keepSnapshot,
  keptSnapshotQuery,
  sumBranchDays,
  sumDayLists,
  SETTLE_MS,
  type BranchDays,
  type CustomerDayLists,
  type SettledHealth,
  type SnapshotKey,
} from './health-snapshots';
import { rangeStart } from '@server/lib/pakistan-calendar';
import { findVendorCardRow } from '@server/modules/cards/list-vendor-cards';
import { CLOSED_VENDOR_MESSAGE, loadVendor, planOf } from '@server/modules/billing/vendor-plan';
import { assertAnalyticsRange } from './analytics-access';

/**
 * Programme health (decision 090), read from the visit and reward rollups of migration 0067 in one
 * statement: the customer days of the range (a row per customer and day with a visit, at most the
 * rows of visit_days), each customer's first visit ever (firstVisits), the gaps' histogram, weeks, cohorts and months, the rewards' days, and the
 * bills the owner entered. Everything aggregates in PostgreSQL; the statistics are shared/'s. A
 * range's days before today come from a kept snapshot and today's are read live (decision 091,
 * readSettledAndRecent).
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
function firstVisits(scope: HealthScope, part: DayPart): SQL {
  if (!scope.cardId && !scope.branchId && part.kind !== 'recent')
    return sql`select ${vv.userId} as user_id, ${vv.firstVisitDay} as first_day from ${vendorVisitors} as ${vv}
      where ${vv.vendorId} = ${scope.vendorId}`;
  if (!scope.cardId && !scope.branchId)
    return sql`select f.user_id, (select ${vv.firstVisitDay} from ${vendorVisitors} as ${vv}
        where ${vv.vendorId} = ${scope.vendorId} and ${vv.userId} = f.user_id) as first_day
      from (select distinct user_id from days) f`;
  return sql`select f.user_id, (select min(${vf.day}) from ${visitDays} as ${vf} where ${visitScope(scope, vf)} and ${vf.userId} = f.user_id) as first_day
      from (select distinct user_id from days) f`;
}

/**
 * Which customer days a read counts (decision 091). Every figure is a sum over customer days, each
 * counted with the customer's earlier days, so the figures of all days are those of the days
 * before a day (`settled`, kept as a snapshot) plus those of the days from it on (`recent`, read
 * live: only the customers with such a day, each with their earlier days).
 */
export type DayPart = { kind: 'all' } | { kind: 'settled'; before: string } | { kind: 'recent'; from: string };

/** The rows of `s` a part counts, as the relation `t`. */
function countedDays(part: DayPart): SQL {
  return part.kind === 'recent'
    ? sql`t as (select * from s where day >= ${part.from}::date)`
    : sql`t as (select * from s)`;
}

/**
 * A part's customer days from `since` to today, each summed over cards and branches (or per
 * branch). A recent part reads the recent days and, of each customer with one, the last two days
 * before them: all the earlier days its counts look at.
 */
function partDays(scope: HealthScope, part: DayPart, since: string, perBranch: boolean): SQL {
  const branch = perBranch ? sql`branch_id, ` : sql``;
  const daysOf = (table: typeof vd, where: SQL) =>
    sql`select ${perBranch ? sql`${table.branchId} as branch_id, ` : sql``}${table.userId} as user_id, ${table.day} as day,
        sum(${table.visits})::int as visits, sum(${table.billedVisits})::int as billed, sum(${table.billPkr})::bigint as bill
      from ${visitDays} as ${table}
      where ${visitScope(scope, table)} and ${where}
      group by ${perBranch ? sql`1, 2, 3` : sql`1, 2`}`;
  const today = sql`${scope.today}::date`;
  if (part.kind === 'all') return daysOf(vd, sql`${vd.day} >= ${since}::date and ${vd.day} <= ${today}`);
  if (part.kind === 'settled')
    return daysOf(vd, sql`${vd.day} >= ${since}::date and ${vd.day} < ${part.before}::date and ${vd.day} <= ${today}`);
  const earlier = sql`${vf.userId} = r.user_id${perBranch ? sql` and ${vf.branchId} = r.branch_id` : sql``}
    and ${vf.day} >= ${since}::date and ${vf.day} < ${part.from}::date`;
  return sql`with recent as (${daysOf(vd, sql`${vd.day} >= ${part.from}::date and ${vd.day} <= ${today}`)})
    select * from recent
    union all
    select ${perBranch ? sql`r.branch_id, ` : sql``}r.user_id, e.* from (select distinct ${branch}user_id from recent) r
    cross join lateral (
      select ${vf.day} as day, sum(${vf.visits})::int as visits, sum(${vf.billedVisits})::int as billed, sum(${vf.billPkr})::bigint as bill
      from ${visitDays} as ${vf} where ${visitScope(scope, vf)} and ${earlier}
      group by ${vf.day} order by ${vf.day} desc limit 2
    ) e`;
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
function customerDays(scope: HealthScope, part: DayPart): SQL {
  const firsts = scope.cardId || scope.branchId || part.kind === 'recent' ? sql`materialized` : sql``;
  return sql`with days as (${partDays(scope, part, scope.monthStart, false)}), firsts as ${firsts} (${firstVisits(scope, part)}), s as materialized (
      select days.*, firsts.first_day, days.day >= ${scope.fromDay}::date as in_range,
        lag(days.day) over per_customer as prev_day, lag(days.day, 2) over per_customer as prev2_day
      from days join firsts using (user_id)
      window per_customer as (partition by days.user_id order by days.day)
    ), ${countedDays(part)}`;
}

/**
 * The totals, the gaps' histogram, the weeks and the months from the customer days. A day "begins"
 * a customer in the range when the day before it is outside the range (or none), a customer's
 * month or week when that day is also in another month or week.
 */
function customerDayQuery(scope: HealthScope, part: DayPart) {
  const from = sql`${scope.fromDay}::date`;
  const firstInRange = sql`(prev_day is null or prev_day < ${from})`;
  return sql`${customerDays(scope, part)}
    select
      (select row_to_json(totals_row) from (
        select (count(*) filter (where in_range and ${firstInRange}))::int as customers,
          (count(*) filter (where in_range and prev_day >= ${from} and (prev2_day is null or prev2_day < ${from})))::int as repeat_customers,
          coalesce(sum(visits) filter (where in_range), 0)::int as visits,
          coalesce(sum(visits) filter (where in_range and day > first_day), 0)::int as returning_visits,
          coalesce(sum(billed) filter (where in_range), 0)::int as billed,
          coalesce(sum(bill) filter (where in_range), 0)::bigint as bill,
          (count(*) filter (where in_range and (${firstInRange} or ${monthOf(sql`prev_day`)} <> ${monthOf(sql`day`)})))::int as customer_months
        from t) totals_row) as totals,
      (select coalesce(json_agg(g), '[]') from (
        select day - prev_day as value, count(*)::int as count
        from t where in_range and prev_day >= ${from} group by 1) g) as gaps,
      (select coalesce(json_agg(w order by w.week), '[]') from (
        select week::text as week, (count(*) filter (where first_day >= week))::int as new_customers,
          (count(*) filter (where first_day < week))::int as returning_customers
        from (select ${weekOf(sql`day`)} as week, first_day from t
          where in_range and (${firstInRange} or prev_day < ${weekOf(sql`day`)})) first_in_week
        group by week) w) as weeks,
      (select coalesce(json_agg(m), '[]') from (
        select ${monthOf(sql`first_day`)}::text as cohort, ${monthOf(sql`day`)}::text as month,
          (count(*) filter (where prev_day is null or ${monthOf(sql`prev_day`)} <> ${monthOf(sql`day`)}))::int as customers,
          sum(visits)::int as visits
        from t group by 1, 2) m) as months` as SQL & { readonly rowShape?: CustomerDayLists };
}

/**
 * Per branch: its customers' days in the range (visits at that branch only), each with the
 * customer's two previous days at that branch, counted as customerDayQuery counts.
 */
function branchesQuery(scope: HealthScope, part: DayPart) {
  return sql`with bd as (${partDays(scope, part, scope.fromDay, true)}), s as materialized (
      select branch_id, day, visits, lag(day) over per_customer as prev_day, lag(day, 2) over per_customer as prev2_day
      from bd window per_customer as (partition by branch_id, user_id order by day)
    ), ${countedDays(part)}, per_branch as (
      select branch_id, (count(*) filter (where prev_day is null))::int as customers,
        (count(*) filter (where prev_day is not null and prev2_day is null))::int as repeat_customers,
        sum(visits)::int as visits,
        (count(*) filter (where prev_day is null or ${monthOf(sql`prev_day`)} <> ${monthOf(sql`day`)}))::int as customer_months
      from t group by branch_id
    ), gap_lists as (
      select branch_id, json_agg(json_build_object('value', gap, 'count', n)) as gaps
      from (select branch_id, day - prev_day as gap, count(*)::int as n from t where prev_day is not null group by 1, 2) g
      group by branch_id
    )
    select per_branch.*, coalesce(gap_lists.gaps, '[]') as gaps
    from per_branch left join gap_lists using (branch_id)` as SQL & { readonly rowShape?: BranchDays };
}

/** The vendor's branches' names, archived ones included (their history stays). */
function branchNamesQuery(vendorId: string) {
  return sql`select ${b.id}, ${b.name} from ${branches} as ${b} where ${b.vendorId} = ${vendorId}` as SQL & {
    readonly rowShape?: { id: string; name: string };
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
  /** Where snapshots are kept: the primary, when `db` is a replica. */
  primary: Executor = db,
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
  const {
    lists,
    days,
    branches: branchDays,
  } = await readSettledAndRecent(db, primary, scope, {
    scope: `${query.cardId ?? ''}|${query.branchId ?? ''}`,
    range: query.range,
    perBranch,
    now,
  });
  return assembleHealth(
    query.range,
    RANGE_DAYS[query.range],
    scope,
    { ...lists, days, branches: branchDays },
    vendor.averageSpendRupees,
  );
}

/**
 * Today's customer days read live, added to the kept figures of the days before (decision 091).
 * A snapshot missing or stale is computed (a second statement: the days before today and their
 * count of changes), and kept unless the day began less than SETTLE_MS ago: a stamp of the day
 * before may still be committing.
 */
async function readSettledAndRecent(
  db: Executor,
  primary: Executor,
  scope: HealthScope,
  at: { scope: string; range: AnalyticsRange; perBranch: boolean; now: Date },
) {
  const { perBranch, now } = at;
  const before = scope.today;
  const snapshot: SnapshotKey = {
    vendorId: scope.vendorId,
    scope: at.scope,
    range: at.range,
    key: JSON.stringify([scope.monthStart, scope.fromDay, before, perBranch]),
  };
  const recent = healthLists(scope, perBranch, { kind: 'recent', from: before });
  const changes = changesBeforeQuery(scope.vendorId, before);
  const lists = await readLists(db, { ...recent, kept: keptSnapshotQuery(snapshot), changes });
  const [kept] = lists.kept;
  let settled: SettledHealth;
  if (kept && kept.key === snapshot.key && kept.changes === lists.changes[0]!.count) settled = kept.figures;
  else {
    // The settled days and their count of changes in one statement: what is kept is one moment's.
    const settledPart: DayPart = { kind: 'settled', before };
    const fresh = await readLists(db, {
      days: customerDayQuery(scope, settledPart),
      branches: perBranch ? branchesQuery(scope, settledPart) : null,
      changes,
    });
    settled = { days: fresh.days[0]!, branches: fresh.branches };
    if (now.getTime() - startOfPakistanDay(now).getTime() >= SETTLE_MS)
      await keepSnapshot(primary, snapshot, fresh.changes[0]!.count, settled);
  }
  return {
    lists,
    days: sumDayLists(settled.days, lists.days[0]!),
    branches: lists.branches && sumBranchDays(settled.branches ?? [], lists.branches),
  };
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
  const lists = await readLists(db, healthLists(scope, false, { kind: 'all' }));
  return assembleHealth('30d', days, scope, { ...lists, days: lists.days[0]! }, averageSpendRupees);
}

/** Everything a range's health reads, with `part`'s customer days. */
function healthLists(scope: HealthScope, perBranch: boolean, part: DayPart) {
  return {
    days: customerDayQuery(scope, part),
    branches: perBranch ? branchesQuery(scope, part) : null,
    names: perBranch ? branchNamesQuery(scope.vendorId) : null,
    rewards: rewardsQuery(scope),
    bills: scope.branchId ? null : billsQuery(scope),
  };
}

type HealthLists = Awaited<ReturnType<typeof readLists<ReturnType<typeof healthLists>>>>;

/** What assembleHealth takes: the lists, with the customer days of the whole range summed. */
type Lists = Omit<HealthLists, 'days'> & { days: CustomerDayLists };

function assembleHealth(
  range: AnalyticsRange,
  rangeDays: number,
  scope: HealthScope,
  lists: Lists,
  entered: number | null,
): ProgrammeHealth {
  const { totals, gaps, weeks, months } = lists.days;
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
    branches: lists.branches ? branchFigures(lists.branches, lists.names ?? []) : null,
  };
}

/** Each branch's figures, the busiest first. */
function branchFigures(rows: BranchDays[], names: Array<{ id: string; name: string }>) {
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  return rows
    .map((row) => ({
      id: row.branch_id,
      name: nameOf.get(row.branch_id) ?? '',
      ...healthFigures({
        customers: row.customers,
        repeatCustomers: row.repeat_customers,
        visits: row.visits,
        customerMonths: row.customer_months,
        gaps: row.gaps,
      }),
    }))
    .sort((a, b) => b.visits - a.visits || a.name.localeCompare(b.name));
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
