import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { cardLimitMessage, stampLimitMessage } from '@shared/vendor-cards';
import type { VendorDashboard } from '@shared/vendor-dashboard';
import type { AnalyticsRange, DashboardRange } from '@shared/vendor-analytics';
import { startOfPakistanMonth as startOfStampMonth } from '@shared/pakistan-time';
import type { CardStatus, CardType } from '@shared/cards';
import { normalizeSubscriptionStatus, type VendorMemberRole } from '@shared/vendors';
import type { Executor } from '@server/db/client';
import { loyaltyCards } from '@server/db/schema';
import { preparedQuery } from '@server/db/prepared-statement';
import { isWithinLimit } from '@server/modules/vendor-plan/plan-limits-for-vendor';
import { bucketKeys, rangeStart } from '@server/lib/pakistan-calendar';
import { dashboardFigures } from './dashboard-figures';
import { recentVendorActivity } from './vendor-activity';
import { loadVendor, planOf } from '@server/modules/vendor-plan/vendor-plan';

/** Top cards rank by the stamps of the chart's "Last 30 days": 30 Pakistan days, today included. */
const TOP_CARD_RANGE: AnalyticsRange = '30d';

/** The vendor's cards that are not archived, newest first (a handful): prepared (decision 062). */
const vendorCards = preparedQuery('vendor_dashboard_cards', (db) =>
  db
    .select()
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.vendorId, sql.placeholder('vendorId')), ne(loyaltyCards.status, 'archived')))
    .orderBy(desc(loyaltyCards.createdAt)),
);

/** The vendor dashboard on real data: plan and limits, the four tiles, the chart, activity and top cards. */
export async function getVendorDashboard(
  db: Executor,
  vendorId: string,
  role: VendorMemberRole,
  range: DashboardRange,
  now: Date,
): Promise<VendorDashboard> {
  const vendor = await loadVendor(db, vendorId);
  const { plan, limits } = planOf(vendor);
  const cards = await vendorCards(db).execute({ vendorId });
  const from = rangeStart(range, now);
  // The stamp limit's own month (plan-usage), so the usage shown and the limit enforced agree.
  const figures = await dashboardFigures(db, vendorId, {
    monthStartsAt: startOfStampMonth(now),
    chartFrom: from,
    topCardsFrom: rangeStart(TOP_CARD_RANGE, now),
  });
  const usage = {
    activeCards: cards.filter((card) => card.status === 'active').length,
    stampsThisMonth: figures.stampsThisMonth,
  };
  const limitReasons: string[] = [];
  if (!isWithinLimit(limits.maxCards, usage.activeCards)) limitReasons.push(cardLimitMessage(limits.maxCards));
  if (!isWithinLimit(limits.maxStampsPerMonth, usage.stampsThisMonth)) {
    limitReasons.push(stampLimitMessage(limits.maxStampsPerMonth));
  }

  const points = bucketKeys(from, now, 'day').map((bucket) => ({
    bucket,
    stamps: figures.stampsPerDay.get(bucket) ?? 0,
  }));
  const topCards = cards
    .map((card) => ({
      id: card.id,
      name: card.name,
      cardType: card.cardType as CardType,
      status: card.status as CardStatus,
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
    recentActivity: await recentVendorActivity(db, vendorId),
    topCards,
  };
}
