import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pakistanDateKey } from '@shared/pakistan-time';
import type { Executor } from '@server/db/client';
import { cardHolders, loyaltyCards, rewards, stampDays, stamps, vendorTotals } from '@server/db/schema';
import { rows } from '@server/db/sql-rows';

// The short names these reads give their tables, taken from the schema (ARCHITECTURE.md, Conventions).
const sd = alias(stampDays, 'sd');
const vt = alias(vendorTotals, 'vt');
const ch = alias(cardHolders, 'ch');
const c = alias(loyaltyCards, 'c');

export interface DashboardFigures {
  /** Every stamp the vendor ever issued. */
  stampTotal: number;
  /** Stamps the vendor issued from `monthStartsAt` on: what counts against the monthly limit. */
  stampsThisMonth: number;
  /** Rewards of the vendor's cards redeemed, whoever confirmed them. */
  redeemedTotal: number;
  /** Stamps the vendor issued per Pakistan day from `chartFrom` on, by date key. */
  stampsPerDay: Map<string, number>;
  /** Stamps the vendor issued per card from `topCardsFrom` on. */
  stampsPerCard: Map<string, number>;
  /** Holders (user cards) of each of the vendor's cards that is not archived. */
  holdersPerCard: Map<string, number>;
  /** Distinct customers holding any of the vendor's cards, archived ones included. */
  customers: number;
}

const asMap = (pairs: Array<[string, number]> | null | string) =>
  new Map(
    (typeof pairs === 'string' ? (JSON.parse(pairs) as Array<[string, number]>) : (pairs ?? [])).map(([key, n]) => [
      key,
      Number(n),
    ]),
  );

const vendorIdValue = sql.placeholder('vendorId');
const monthDayValue = sql.placeholder('monthDay');
const chartDayValue = sql.placeholder('chartDay');
const topCardsDayValue = sql.placeholder('topCardsDay');

/** A row of `figuresSelect`. */
export interface FiguresRow {
  stamp_total: number;
  stamps_this_month: number;
  redeemed_total: number;
  per_day: Array<[string, number]> | null | string;
  per_card: Array<[string, number]> | null | string;
  holders: Array<[string, number]> | null | string;
  customers: number;
}

/**
 * The dashboard's counts as one select (decision 055), each from a few rows kept exact by
 * triggers: the all-time totals (stamps, redemptions, customers) from vendor_totals and holders
 * from card_holders, at most 8 shard rows per vendor or card; the windows from the daily rollup
 * stamp_days (decision 048), whose past days hold one row per card and day once merged
 * (platform/merge-rollup-shards.ts). Its placeholders are `figuresValues`'s. Prepared in the
 * dashboard's statement (decision 062): every part is an index range scan of a rollup by vendor
 * (or by the vendor's cards) from a day on, the same plan for every vendor and window.
 *
 * Every window starts at a Pakistan midnight (the month, the chart's range, the top cards' 30
 * days), so "from that instant on" is "from its day on". Per day, a stamp in a day's last half
 * second counts in the next day, as the hourly reads always rounded it (decision 048, slot 25).
 */
export const figuresSelect = sql`select totals.*,
      (select coalesce(sum(${sd.stamps}), 0)::int from ${stampDays} as ${sd}
        where ${sd.vendorId} = ${vendorIdValue} and ${sd.day} >= ${monthDayValue}::date) as stamps_this_month,
      (select json_agg(json_build_array(day, n)) from (
        select to_char(${sd.day} + next.days, 'YYYY-MM-DD') as day,
          sum(case when next.days = 0 then ${sd.stamps} - ${sd.hourStamps}[25] else ${sd.hourStamps}[25] end)::int as n
        from ${stampDays} as ${sd} cross join (values (0), (1)) as next(days)
        where ${sd.vendorId} = ${vendorIdValue} and ${sd.day} >= ${chartDayValue}::date group by 1) as per_day) as per_day,
      (select json_agg(json_build_array(card_id, n)) from (
        select ${sd.cardId} as card_id, sum(${sd.stamps})::int as n from ${stampDays} as ${sd}
        where ${sd.vendorId} = ${vendorIdValue} and ${sd.day} >= ${topCardsDayValue}::date group by 1) as per_card) as per_card,
      (select json_agg(json_build_array(card_id, n)) from (
        select ${ch.cardId} as card_id, sum(${ch.holders})::int as n from ${cardHolders} as ${ch}
        where ${ch.cardId} in (select ${c.id} from ${loyaltyCards} as ${c} where ${c.vendorId} = ${vendorIdValue} and ${c.status} <> 'archived')
        group by 1) as holders) as holders
      from (select coalesce(sum(${vt.stamps}), 0)::int as stamp_total, coalesce(sum(${vt.redeemed}), 0)::int as redeemed_total,
          coalesce(sum(${vt.customers}), 0)::int as customers
        from ${vendorTotals} as ${vt} where ${vt.vendorId} = ${vendorIdValue}) as totals`;

/** The values of `figuresSelect`'s placeholders. */
export function figuresValues(vendorId: string, windows: { monthStartsAt: Date; chartFrom: Date; topCardsFrom: Date }) {
  return {
    vendorId,
    monthDay: pakistanDateKey(windows.monthStartsAt),
    chartDay: pakistanDateKey(windows.chartFrom),
    topCardsDay: pakistanDateKey(windows.topCardsFrom),
  };
}

export function figuresFromRow(row: FiguresRow | undefined): DashboardFigures {
  return {
    stampTotal: Number(row?.stamp_total ?? 0),
    stampsThisMonth: Number(row?.stamps_this_month ?? 0),
    redeemedTotal: Number(row?.redeemed_total ?? 0),
    stampsPerDay: asMap(row?.per_day ?? null),
    stampsPerCard: asMap(row?.per_card ?? null),
    holdersPerCard: asMap(row?.holders ?? null),
    customers: Number(row?.customers ?? 0),
  };
}

/** A stamp's Pakistan day (UTC+5, no daylight saving), as `pakistanDateKey` writes it. */
const pakistanDay = (column: SQL | AnyColumn) =>
  sql`to_char((${column} at time zone 'UTC') + interval '5 hours', 'YYYY-MM-DD')`;

/**
 * The dashboard's figures at one branch (decision 089), from the stamps and redemptions that name
 * it (`stamps_branch_issued_idx`, `rewards_redeemed_branch_idx`): the rollups are per vendor and
 * card, not per branch. The month's usage stays the vendor's, as its limit is.
 */
export async function branchFigures(
  db: Executor,
  { vendorId, branchId }: { vendorId: string; branchId: string },
  windows: { chartFrom: Date; topCardsFrom: Date },
): Promise<Omit<DashboardFigures, 'stampsThisMonth'>> {
  const s = alias(stamps, 's');
  const r = alias(rewards, 'r');
  const at = sql`${s.branchId} = ${branchId} and ${s.vendorId} = ${vendorId}`;
  const [row] = await rows<FiguresRow>(
    db,
    sql`select
      (select count(*)::int from ${stamps} as ${s} where ${at}) as stamp_total,
      (select count(distinct ${s.userId})::int from ${stamps} as ${s} where ${at}) as customers,
      (select count(*)::int from ${rewards} as ${r} where ${r.redeemedBranchId} = ${branchId} and ${r.status} = 'redeemed') as redeemed_total,
      (select json_agg(json_build_array(day, n)) from (
        select ${pakistanDay(s.issuedAt)} as day, count(*)::int as n from ${stamps} as ${s}
        where ${at} and ${s.issuedAt} >= ${windows.chartFrom} group by 1) as per_day) as per_day,
      (select json_agg(json_build_array(card_id, n)) from (
        select ${s.cardId} as card_id, count(*)::int as n from ${stamps} as ${s}
        where ${at} and ${s.issuedAt} >= ${windows.topCardsFrom} group by 1) as per_card) as per_card,
      (select json_agg(json_build_array(card_id, n)) from (
        select ${s.cardId} as card_id, count(distinct ${s.userId})::int as n from ${stamps} as ${s}
        where ${at} group by 1) as holders) as holders,
      0 as stamps_this_month`,
  );
  const { stampsThisMonth: _vendorWide, ...figures } = figuresFromRow(row);
  return figures;
}
