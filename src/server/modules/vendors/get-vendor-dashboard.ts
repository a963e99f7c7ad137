import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { VendorDashboard } from '@shared/vendors/vendor-dashboard';
import type { AnalyticsRange, DashboardRange } from '@shared/analytics/vendor-analytics';
import { startOfPakistanMonth as startOfStampMonth } from '@shared/pakistan-time';
import type { CardStatus, CardType } from '@shared/cards/cards';
import { normalizeSubscriptionStatus, type VendorMemberRole } from '@shared/vendors/vendors';
import type { Executor } from '@server/db/client';
import { loyaltyCards } from '@server/db/schema';
import { preparedRead } from '@server/db/prepared-statement';
import { jsonColumn } from '@server/db/sql-rows';
import {
  cardLimitMessage,
  isWithinLimit,
  monthlyStampLimitMessage,
} from '@server/modules/billing/plan-limits-for-vendor';
import { bucketKeys, rangeStart } from '@server/lib/pakistan-calendar';
import { branchFigures, figuresFromRow, figuresSelect, figuresValues, type FiguresRow } from './dashboard-figures';
import { assertOwnBranch } from './branches';
import { activityFromLists, activitySelect, type ActivityLists } from './vendor-activity';
import { loadVendor, planOf } from '@server/modules/billing/vendor-plan';

/** Top cards rank by the stamps of the chart's "Last 30 days": 30 Pakistan days, today included. */
const TOP_CARD_RANGE: AnalyticsRange = '30d';

/**
 * Everything the dashboard shows but the vendor's plan, in one prepared statement (decision 062):
 * the counts, the recent activity and the vendor's cards that are not archived, newest first (a
 * handful). One round trip instead of three: each cost the app about 0.25 ms of CPU (decision 068).
 */
const readDashboard = preparedRead<FiguresRow & ActivityLists & { cards: unknown }>('vendor_dashboard', () => {
  const c = alias(loyaltyCards, 'c');
  return sql`select figures.*, activity.*, (
        select coalesce(json_agg(json_build_object('id', ${c.id}, 'name', ${c.name}, 'cardType', ${c.cardType}, 'status', ${c.status})
          order by ${c.createdAt} desc), '[]')
        from ${loyaltyCards} as ${c} where ${c.vendorId} = ${sql.placeholder('vendorId')} and ${c.status} <> 'archived'
      ) as cards
      from (${figuresSelect}) as figures cross join (${activitySelect}) as activity`;
});

/** The vendor dashboard on real data: plan and limits, the four tiles, the chart, activity and top cards. */
export async function getVendorDashboard(
  db: Executor,
  {
    vendorId,
    role,
    range,
    branchId,
  }: { vendorId: string; role: VendorMemberRole; range: DashboardRange; branchId?: string | undefined },
  now: Date,
): Promise<VendorDashboard> {
  const vendor = await loadVendor(db, vendorId);
  const { plan, limits } = planOf(vendor);
  const from = rangeStart(range, now);
  // The stamp limit's own month (plan-usage), so the usage shown and the limit enforced agree.
  const [row] = await readDashboard(
    db,
    figuresValues(vendorId, {
      monthStartsAt: startOfStampMonth(now),
      chartFrom: from,
      topCardsFrom: rangeStart(TOP_CARD_RANGE, now),
    }),
  );
  const vendorFigures = figuresFromRow(row);
  if (branchId) await assertOwnBranch(db, vendorId, branchId, 'branchId');
  const figures = branchId
    ? {
        ...vendorFigures,
        ...(await branchFigures(
          db,
          { vendorId, branchId },
          { chartFrom: from, topCardsFrom: rangeStart(TOP_CARD_RANGE, now) },
        )),
      }
    : vendorFigures;
  const cards = jsonColumn<Array<{ id: string; name: string; cardType: CardType; status: CardStatus }>>(row?.cards);
  const usage = {
    activeCards: cards.filter((card) => card.status === 'active').length,
    stampsThisMonth: figures.stampsThisMonth,
  };
  const limitReasons: string[] = [];
  if (!isWithinLimit(limits.maxCards, usage.activeCards)) limitReasons.push(cardLimitMessage(limits.maxCards));
  if (!isWithinLimit(limits.maxStampsPerMonth, usage.stampsThisMonth)) {
    limitReasons.push(monthlyStampLimitMessage(limits.maxStampsPerMonth));
  }

  const points = bucketKeys(from, now, 'day').map((bucket) => ({
    bucket,
    stamps: figures.stampsPerDay.get(bucket) ?? 0,
  }));
  const topCards = cards
    .map((card) => ({
      id: card.id,
      name: card.name,
      cardType: card.cardType,
      status: card.status,
      users: figures.holdersPerCard.get(card.id) ?? 0,
      stamps: figures.stampsPerCard.get(card.id) ?? 0,
    }))
    .sort((a, b) => b.stamps - a.stamps || b.users - a.users)
    .slice(0, 5);

  return {
    vendor: {
      id: vendor.id,
      businessName: vendor.businessName,
      slug: vendor.slug,
      role,
      closedAt: vendor.closedAt?.toISOString() ?? null,
    },
    plan: {
      id: plan.id,
      name: plan.name,
      maxCards: limits.maxCards,
      maxStampsPerMonth: limits.maxStampsPerMonth,
      analytics: limits.analytics,
      subscriptionStatus: normalizeSubscriptionStatus(vendor.subscriptionStatus),
    },
    usage,
    limitReasons,
    tiles: {
      activeCards: usage.activeCards,
      totalUsers: figures.customers,
      stampsIssued: figures.stampTotal,
      rewardsRedeemed: figures.redeemedTotal,
    },
    chart: { range, points },
    recentActivity: activityFromLists(row),
    topCards,
  };
}
