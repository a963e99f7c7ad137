import {
  ANALYTICS_FEATURES,
  PEAK_BANDS,
  bucketFor,
  peakBandOf,
  type AnalyticsQuery,
  type VendorAnalytics,
} from '@shared/vendor-analytics';
import { completionPercent } from '@shared/vendor-cards';
import type { CardStatus, CardType } from '@shared/cards';
import type { Executor } from '@server/db/client';
import { loyaltyCards } from '@server/db/schema';
import { and, eq, ne, or, inArray } from 'drizzle-orm';
import { cardHolderStats } from '@server/modules/cards/card-stats';
import { findVendorCardRow } from '@server/modules/cards/list-vendor-cards';
import { loadVendor, planOf } from '@server/modules/vendor-plan/vendor-plan';
import { assertAnalyticsRange } from './analytics-access';
import {
  activityTotals,
  expiredRewards,
  cardActivity,
  customerMixPerBucket,
  foldDaySlots,
  foldLocalHours,
  redemptionsPerLocalHour,
  stampsPerLocalDay,
  topCustomers,
  type AnalyticsScope,
} from './analytics-queries';
import { bucketKeys, rangeStart } from '@server/lib/pakistan-calendar';
import { pakistanDateKey } from '@shared/pakistan-time';
import { vendorCardIds } from './vendor-card-ids';
import { cardShares } from '@server/modules/partner-cards/partnerships';

/** Everything the analytics page shows for a range, limited to what the plan's analytics level includes. */
export async function getVendorAnalytics(
  db: Executor,
  vendorId: string,
  query: AnalyticsQuery,
  now: Date,
): Promise<VendorAnalytics> {
  const vendor = await loadVendor(db, vendorId);
  const level = planOf(vendor).limits.analytics;
  assertAnalyticsRange(level, query.range);
  const features = ANALYTICS_FEATURES[level];
  const card = query.cardId ? await findVendorCardRow(db, vendorId, query.cardId) : null;
  const bucket = bucketFor(query.range);
  const from = rangeStart(query.range, now);
  const scope: AnalyticsScope = { vendorId, from, cardId: card?.id };
  const cardIds = features.customerMix ? await vendorCardIds(db, vendorId, card?.id) : [];

  // Independent reads run side by side on the pool; each is one index range scan.
  const [stampDaySlots, redemptionHours, totals, mixRows, activity, topRows, shares, expired] = await Promise.all([
    stampsPerLocalDay(db, scope),
    redemptionsPerLocalHour(db, scope),
    activityTotals(db, scope),
    features.customerMix ? customerMixPerBucket(db, { ...scope, cardIds }, bucket) : null,
    features.cardPerformance ? cardActivity(db, { vendorId, from }) : null,
    features.topCustomers ? topCustomers(db, scope) : null,
    card ? cardShares(db, vendorId, card.id, from) : null,
    expiredRewards(db, scope, now),
  ]);
  const stamps = foldDaySlots(stampDaySlots, bucket);
  const redemptions = foldLocalHours(redemptionHours, bucket);
  const keys = bucketKeys(from, now, bucket);
  const series = keys.map((key) => ({
    bucket: key,
    stamps: stamps.byBucket.get(key) ?? 0,
    redemptions: redemptions.byBucket.get(key) ?? 0,
  }));

  let customerMix: VendorAnalytics['customerMix'] = null;
  if (mixRows) {
    const mix = new Map(mixRows.map((row) => [row.bucket, row]));
    customerMix = keys.map((key) => ({
      bucket: key,
      newCustomers: Number(mix.get(key)?.new_customers ?? 0),
      returningCustomers: Number(mix.get(key)?.returning_customers ?? 0),
    }));
  }

  let cardPerformance: VendorAnalytics['cardPerformance'] = null;
  if (activity) {
    const stampsByCard = new Map(activity.stamps.map((row) => [row.card_id, Number(row.count)]));
    const rewardsByCard = new Map(activity.rewards.map((row) => [row.card_id, row]));
    const active = [...stampsByCard.keys(), ...rewardsByCard.keys()];
    // Visible cards, plus deleted (archived) ones that still had activity in the range.
    const cards = await db
      .select()
      .from(loyaltyCards)
      .where(
        and(
          eq(loyaltyCards.vendorId, vendorId),
          or(ne(loyaltyCards.status, 'archived'), active.length > 0 ? inArray(loyaltyCards.id, active) : undefined),
        ),
      );
    const holders = await cardHolderStats(
      db,
      cards.map((row) => row.id),
    );
    cardPerformance = cards
      .map((row) => {
        const stats = holders.get(row.id) ?? { users: 0, completedUsers: 0 };
        return {
          id: row.id,
          name: row.name,
          cardType: row.cardType as CardType,
          status: row.status as CardStatus,
          users: stats.users,
          stamps: stampsByCard.get(row.id) ?? 0,
          rewardsEarned: Number(rewardsByCard.get(row.id)?.earned ?? 0),
          rewardsRedeemed: Number(rewardsByCard.get(row.id)?.redeemed ?? 0),
          completionRate: completionPercent(stats.completedUsers, stats.users),
        };
      })
      .sort((a, b) => b.stamps - a.stamps || b.users - a.users || a.name.localeCompare(b.name));
  }

  const top = topRows
    ? topRows.map((row) => ({
        userId: row.user_id,
        name: `${row.name} ${row.surname}`.trim(),
        email: row.email,
        stamps: Number(row.stamps),
        rewards: Number(row.rewards),
      }))
    : null;

  let peakHours: VendorAnalytics['peakHours'] = null;
  if (features.peakHours) {
    const byBand = new Map<string, number>();
    stamps.byHourOfDay.forEach((count, hour) => {
      const band = peakBandOf(hour);
      byBand.set(band, (byBand.get(band) ?? 0) + count);
    });
    const total = stamps.byHourOfDay.reduce((sum, value) => sum + value, 0);
    peakHours = PEAK_BANDS.map((band) => ({
      band: band.id,
      stamps: byBand.get(band.id) ?? 0,
      share: total > 0 ? Math.round(((byBand.get(band.id) ?? 0) / total) * 100) : 0,
    }));
  }

  return {
    range: query.range,
    level,
    bucket,
    from: pakistanDateKey(from),
    to: pakistanDateKey(now),
    card: card ? { id: card.id, name: card.name } : null,
    tiles: {
      stampsIssued: series.reduce((sum, point) => sum + point.stamps, 0),
      rewardsRedeemed: series.reduce((sum, point) => sum + point.redemptions, 0),
      rewardsExpired: expired,
      activeUsers: totals.activeUsers,
      completionRate: completionPercent(totals.completedUsers, totals.activeUsers),
    },
    series,
    customerMix,
    cardPerformance,
    topCustomers: top,
    peakHours,
    // A card is a partner card while it has an accepted partner; a former partner's activity in
    // the range still names it, so the card's totals always add up to the rows shown.
    partnerShares: shares && shares.length > 1 ? shares : null,
  };
}
