import { and, count, desc, eq, gte, inArray, ne } from 'drizzle-orm';
import { cardLimitMessage, stampLimitMessage } from '@shared/vendor-cards';
import type { VendorDashboard } from '@shared/vendor-dashboard';
import type { DashboardRange } from '@shared/vendor-analytics';
import type { CardStatus, CardType } from '@shared/cards';
import { normalizeSubscriptionStatus, type VendorMemberRole } from '@shared/vendors';
import type { Executor } from '@server/db/client';
import { loyaltyCards, rewards, stamps } from '@server/db/schema';
import { isWithinLimit } from '@server/modules/vendor-plan/plan-limits-for-vendor';
import { countPlanUsage } from '@server/modules/vendor-plan/plan-usage';
import { cardHolderStats, countVendorCustomers } from '@server/modules/cards/card-stats';
import {
  foldLocalHours,
  stampsPerLocalHour,
  vendorStampTotal,
} from '@server/modules/vendor-analytics/analytics-queries';
import { bucketKeys, rangeStart } from '@server/lib/pakistan-calendar';
import { recentVendorActivity } from './vendor-activity';
import { loadVendor, planOf } from '@server/modules/vendor-plan/vendor-plan';

const TOP_CARD_DAYS = 30;

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
  const usage = await countPlanUsage(db, vendorId, now);
  const limitReasons: string[] = [];
  if (!isWithinLimit(limits.maxCards, usage.activeCards)) limitReasons.push(cardLimitMessage(limits.maxCards));
  if (!isWithinLimit(limits.maxStampsPerMonth, usage.stampsThisMonth)) {
    limitReasons.push(stampLimitMessage(limits.maxStampsPerMonth));
  }

  // From the daily rollup, kept exact by triggers (decision 048): counting the rows took 70 ms for a large vendor.
  const stampTotal = await vendorStampTotal(db, vendorId);
  const [redeemedTotal] = await db
    .select({ value: count() })
    .from(rewards)
    .where(and(eq(rewards.vendorId, vendorId), eq(rewards.status, 'redeemed')));

  const from = rangeStart(range, now);
  const perDay = foldLocalHours(await stampsPerLocalHour(db, { vendorId, from }), 'day').byBucket;
  const points = bucketKeys(from, now, 'day').map((bucket) => ({ bucket, stamps: perDay.get(bucket) ?? 0 }));

  const cards = await db
    .select()
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.vendorId, vendorId), ne(loyaltyCards.status, 'archived')))
    .orderBy(desc(loyaltyCards.createdAt));
  const holders = await cardHolderStats(
    db,
    vendorId,
    cards.map((card) => card.id),
  );
  const recentStamps =
    cards.length === 0
      ? []
      : await db
          .select({ cardId: stamps.cardId, value: count() })
          .from(stamps)
          .where(
            and(
              eq(stamps.vendorId, vendorId),
              gte(stamps.issuedAt, new Date(now.getTime() - TOP_CARD_DAYS * 86_400_000)),
              inArray(
                stamps.cardId,
                cards.map((card) => card.id),
              ),
            ),
          )
          .groupBy(stamps.cardId);
  const stampsByCard = new Map(recentStamps.map((row) => [row.cardId, Number(row.value)]));
  const topCards = cards
    .map((card) => ({
      id: card.id,
      name: card.name,
      cardType: card.cardType as CardType,
      status: card.status as CardStatus,
      users: holders.get(card.id)?.users ?? 0,
      stamps: stampsByCard.get(card.id) ?? 0,
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
    usage: { activeCards: usage.activeCards, stampsThisMonth: usage.stampsThisMonth },
    limitReasons,
    tiles: {
      activeCards: usage.activeCards,
      totalUsers: await countVendorCustomers(db, vendorId),
      stampsIssued: stampTotal,
      rewardsRedeemed: Number(redeemedTotal?.value ?? 0),
    },
    chart: { range, points },
    recentActivity: await recentVendorActivity(db, vendorId),
    topCards,
  };
}
