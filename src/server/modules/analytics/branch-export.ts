import { and, asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ANALYTICS_RANGE_LABELS, formatBucket, type VendorAnalytics } from '@shared/analytics/vendor-analytics';
import type { Executor } from '@server/db/client';
import { qualified } from '@server/db/qualified';
import { rows } from '@server/db/sql-rows';
import { branches, loyaltyCards, rewards, stamps } from '@server/db/schema';
import { bucketKeyOf } from '@server/lib/pakistan-calendar';
import { assertOwnBranch } from '@server/modules/vendors/branches';
import type { AnalyticsDocument, AnalyticsTable } from './analytics-document';

/*
 * The exports split by branch (decision 089), from the stamps and redemptions that name their
 * branch: the analytics' rollups are per vendor and card, so the export reads its own figures here
 * (on stamps_branch_issued_idx and rewards_redeemed_branch_idx for one branch) and leaves the
 * page's queries as they are.
 */

/** The row of stamps and redemptions that name no branch: before branches, or a counter naming none. */
export const NO_BRANCH_LABEL = 'No branch named';

/** A timestamp's Pakistan day (UTC+5, no daylight saving), as `pakistanDateKey` writes it. */
const pakistanDay = (column: SQL | AnyColumn) =>
  sql`to_char((${column} at time zone 'UTC') + interval '5 hours', 'YYYY-MM-DD')`;

interface BranchScope {
  vendorId: string;
  from: Date;
  cardId?: string | undefined;
}

const s = alias(stamps, 's');
const r = alias(rewards, 'r');

function stampsIn(scope: BranchScope): SQL {
  return sql`${s.vendorId} = ${scope.vendorId} and ${s.issuedAt} >= ${scope.from}
    ${scope.cardId ? sql`and ${s.cardId} = ${scope.cardId}` : sql``}`;
}

/** Redemptions at the vendor's counters in the range: the vendor's own cards' and partner cards' redeemed at its branches. */
function redemptionsIn(scope: BranchScope): SQL {
  return sql`${r.status} = 'redeemed' and ${r.redeemedAt} >= ${scope.from}
    ${scope.cardId ? sql`and ${r.cardId} = ${scope.cardId}` : sql``}
    and (${r.redeemedBranchId} in (select ${qualified(branches.id)} from ${branches} where ${qualified(branches.vendorId)} = ${scope.vendorId})
      or (${r.redeemedBranchId} is null and ${r.vendorId} = ${scope.vendorId}))`;
}

/**
 * Every branch's stamps, redemptions and customers in the range, archived ones with history
 * included, and a row for what names no branch; null for a vendor with one branch (the
 * business's own figures say it all).
 */
async function branchesTable(db: Executor, scope: BranchScope): Promise<AnalyticsTable | null> {
  const own = await db
    .select({ id: branches.id, name: branches.name, isMain: branches.isMain })
    .from(branches)
    .where(eq(branches.vendorId, scope.vendorId))
    .orderBy(sql`${branches.isMain} desc`, asc(branches.createdAt), asc(branches.id));
  if (own.length < 2) return null;
  const figures = await rows<{ branch_id: string | null; stamps: number; customers: number; redeemed: number }>(
    db,
    sql`select branch_id, sum(stamps)::int as stamps, sum(customers)::int as customers, sum(redeemed)::int as redeemed
      from (select ${s.branchId} as branch_id, count(*) as stamps, count(distinct ${s.userId}) as customers, 0 as redeemed
              from ${stamps} as ${s} where ${stampsIn(scope)} group by 1
            union all
            select ${r.redeemedBranchId}, 0, 0, count(*) from ${rewards} as ${r} where ${redemptionsIn(scope)} group by 1) as figures
      group by branch_id`,
  );
  const byBranch = new Map(figures.map((row) => [row.branch_id, row]));
  const line = (label: string, id: string | null) => {
    const row = byBranch.get(id);
    return [label, row?.stamps ?? 0, row?.redeemed ?? 0, row?.customers ?? 0];
  };
  const unnamed = byBranch.get(null);
  return {
    title: 'Branches',
    header: ['Branch', 'Stamps Issued', 'Rewards Redeemed', 'Customers'],
    rows: [...own.map((branch) => line(branch.name, branch.id)), ...(unnamed ? [line(NO_BRANCH_LABEL, null)] : [])],
  };
}

/**
 * The analytics of one branch as an export: its summary, its stamps and redemptions over the
 * page's buckets, and (where the plan shows card performance) its cards. The business-wide tables
 * of the rollups are left out: they are not this branch's.
 */
async function branchDocument(
  db: Executor,
  scope: BranchScope & { branchId: string },
  businessName: string,
  analytics: VendorAnalytics,
): Promise<AnalyticsDocument> {
  const [branch] = await db
    .select({ name: branches.name })
    .from(branches)
    .where(and(eq(branches.id, scope.branchId), eq(branches.vendorId, scope.vendorId)));
  const atBranch = sql`${stampsIn(scope)} and ${s.branchId} = ${scope.branchId}`;
  const redeemedAtBranch = sql`${r.status} = 'redeemed' and ${r.redeemedAt} >= ${scope.from}
    and ${r.redeemedBranchId} = ${scope.branchId} ${scope.cardId ? sql`and ${r.cardId} = ${scope.cardId}` : sql``}`;
  const [days, cards] = await Promise.all([
    rows<{ day: string; stamps: number; redeemed: number }>(
      db,
      sql`select coalesce(st.day, rd.day) as day, coalesce(st.stamps, 0)::int as stamps,
          coalesce(rd.redeemed, 0)::int as redeemed
        from (select ${pakistanDay(s.issuedAt)} as day, count(*) as stamps from ${stamps} as ${s}
              where ${atBranch} group by 1) as st
        full join (select ${pakistanDay(r.redeemedAt)} as day, count(*) as redeemed from ${rewards} as ${r}
              where ${redeemedAtBranch} group by 1) as rd on rd.day = st.day`,
    ),
    rows<{ name: string; stamps: number; redeemed: number; customers: number }>(
      db,
      sql`select c.name, coalesce(st.stamps, 0)::int as stamps, coalesce(rd.redeemed, 0)::int as redeemed,
          coalesce(st.customers, 0)::int as customers
        from (select ${s.cardId} as card_id, count(*) as stamps, count(distinct ${s.userId}) as customers
              from ${stamps} as ${s} where ${atBranch} group by 1) as st
        full join (select ${r.cardId} as card_id, count(*) as redeemed from ${rewards} as ${r}
              where ${redeemedAtBranch} group by 1) as rd on rd.card_id = st.card_id
        join ${loyaltyCards} as c on c.id = coalesce(st.card_id, rd.card_id)
        order by 2 desc, 1`,
    ),
  ]);
  const [totals] = await rows<{ stamps: number; customers: number }>(
    db,
    sql`select count(*)::int as stamps, count(distinct ${s.userId})::int as customers from ${stamps} as ${s} where ${atBranch}`,
  );
  const perBucket = new Map<string, { stamps: number; redeemed: number }>();
  for (const day of days) {
    const key = bucketKeyOf(day.day, analytics.bucket);
    const sum = perBucket.get(key) ?? { stamps: 0, redeemed: 0 };
    perBucket.set(key, { stamps: sum.stamps + day.stamps, redeemed: sum.redeemed + day.redeemed });
  }
  const series = analytics.series.map((point) => ({ bucket: point.bucket, ...perBucket.get(point.bucket) }));
  const name = branch?.name ?? '';
  const tables: AnalyticsTable[] = [
    {
      title: 'Summary',
      header: ['Measure', 'Value'],
      rows: [
        ['Period', `${analytics.from} to ${analytics.to} (Pakistan time)`],
        ['Branch', name],
        ['Total Stamps Issued', totals?.stamps ?? 0],
        ['Rewards Redeemed', days.reduce((sum, day) => sum + day.redeemed, 0)],
        ['Customers', totals?.customers ?? 0],
      ],
    },
    {
      title: 'Over time',
      header: ['Period starting', 'Branch', 'Stamps Issued', 'Rewards Redeemed'],
      rows: series.map((point) => [
        `${point.bucket} (${formatBucket(point.bucket, analytics.bucket)})`,
        name,
        point.stamps ?? 0,
        point.redeemed ?? 0,
      ]),
    },
  ];
  if (analytics.cardPerformance) {
    tables.push({
      title: 'Cards at this branch',
      header: ['Card', 'Branch', 'Stamps', 'Rewards Redeemed', 'Customers'],
      rows: cards.map((card) => [card.name, name, card.stamps, card.redeemed, card.customers]),
    });
  }
  return {
    title: `${businessName} — analytics, last ${ANALYTICS_RANGE_LABELS[analytics.range]} · ${name}${analytics.card ? ` · ${analytics.card.name}` : ''}`,
    chart: {
      title: `Stamps issued at ${name}`,
      bucket: analytics.bucket,
      bars: series.map((point) => ({ bucket: point.bucket, value: point.stamps ?? 0 })),
    },
    tables,
  };
}

/**
 * The export of the analytics page as filtered (decision 089): with a branch, that branch's own
 * document (another vendor's branch is a 400 naming `branchId`); without, the business's document
 * with a table of its branches added after the summary.
 */
export async function exportDocumentByBranch(
  db: Executor,
  input: {
    vendorId: string;
    businessName: string;
    from: Date;
    branchId?: string | undefined;
    analytics: VendorAnalytics;
    document: AnalyticsDocument;
  },
): Promise<AnalyticsDocument> {
  const scope = { vendorId: input.vendorId, from: input.from, cardId: input.analytics.card?.id };
  if (input.branchId) {
    await assertOwnBranch(db, input.vendorId, input.branchId, 'branchId');
    return branchDocument(db, { ...scope, branchId: input.branchId }, input.businessName, input.analytics);
  }
  const table = await branchesTable(db, scope);
  if (!table) return input.document;
  const [summary, ...rest] = input.document.tables;
  return { ...input.document, tables: summary ? [summary, table, ...rest] : [table] };
}
