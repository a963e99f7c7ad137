import {
  ANALYTICS_FEATURES,
  PEAK_BANDS,
  bucketFor,
  peakBandOf,
  type AnalyticsQuery,
  type VendorAnalytics,
} from '@shared/analytics/vendor-analytics';
import { completionPercent } from '@shared/cards/vendor-cards';
import type { CardStatus, CardType } from '@shared/cards/cards';
import type { Executor } from '@server/db/client';
import { findVendorCardRow } from '@server/modules/cards/list-vendor-cards';
import { loadVendor, planOf } from '@server/modules/billing/vendor-plan';
import { assertAnalyticsRange } from './analytics-access';
import {
  activityTotals,
  cardPerformanceRows,
  customerMixPerBucket,
  customerMixTotals,
  foldDaySlots,
  foldLocalHours,
  redemptionsPerLocalHour,
  stampsPerLocalDay,
  topCustomersQuery,
  type AnalyticsScope,
} from './analytics-queries';
import { readLists } from '@server/db/sql-rows';
import { bucketKeys, rangeStart } from '@server/lib/pakistan-calendar';
import { pakistanDateKey } from '@shared/pakistan-time';
import { cardShares } from '@server/modules/cards/partnerships';

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

  // Every read in one statement (decision 068); a partner card's shares beside it on the pool.
  const [lists, shares] = await Promise.all([
    readLists(db, {
      stampDaySlots: stampsPerLocalDay(scope),
      redemptionHours: redemptionsPerLocalHour(scope),
      totals: activityTotals(scope, now),
      mixRows: features.customerMix ? customerMixPerBucket(scope, bucket) : null,
      mixTotals: features.customerMix ? customerMixTotals(scope) : null,
      cardRows: features.cardPerformance ? cardPerformanceRows({ vendorId, from }) : null,
      topRows: features.topCustomers ? topCustomersQuery(scope) : null,
    }),
    card ? cardShares(db, vendorId, card.id, from) : null,
  ]);
  const { stampDaySlots, redemptionHours, mixRows, cardRows, topRows } = lists;
  const [totalsRow] = lists.totals;
  const totals = {
    activeUsers: Number(totalsRow?.active_users ?? 0),
    completedUsers: Number(totalsRow?.completed_users ?? 0),
    expiredRewards: Number(totalsRow?.expired ?? 0),
    reversedStamps: Number(totalsRow?.reversed ?? 0),
  };
  const stamps = foldDaySlots(stampDaySlots, bucket);
  const redemptions = foldLocalHours(redemptionHours, bucket);
  const keys = bucketKeys(from, now, bucket);
  const series = keys.map((key) => ({
    bucket: key,
    stamps: stamps.byBucket.get(key) ?? 0,
    redemptions: redemptions.byBucket.get(key) ?? 0,
  }));

  const [mixTotalsRow] = lists.mixTotals ?? [];
  const mixTotals: VendorAnalytics['customerMixTotals'] = lists.mixTotals
    ? {
        newCustomers: Number(mixTotalsRow?.new_customers ?? 0),
        returningCustomers: Number(mixTotalsRow?.returning_customers ?? 0),
      }
    : null;
  let customerMix: VendorAnalytics['customerMix'] = null;
  if (mixRows) {
    const mix = new Map(mixRows.map((row) => [row.bucket, row]));
    customerMix = keys.map((key) => ({
      bucket: key,
      newCustomers: Number(mix.get(key)?.new_customers ?? 0),
      returningCustomers: Number(mix.get(key)?.returning_customers ?? 0),
    }));
  }

  const cardPerformance: VendorAnalytics['cardPerformance'] = cardRows
    ? cardRows
        .map((row) => ({
          id: row.id,
          name: row.name,
          cardType: row.card_type as CardType,
          status: row.status as CardStatus,
          users: Number(row.users),
          stamps: Number(row.stamps),
          rewardsEarned: Number(row.earned),
          rewardsRedeemed: Number(row.redeemed),
          completionRate: completionPercent(Number(row.completed_users), Number(row.users)),
        }))
        .sort((a, b) => b.stamps - a.stamps || b.users - a.users || a.name.localeCompare(b.name))
    : null;

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
      stampsReversed: totals.reversedStamps,
      rewardsRedeemed: series.reduce((sum, point) => sum + point.redemptions, 0),
      rewardsExpired: totals.expiredRewards,
      activeUsers: totals.activeUsers,
      completionRate: completionPercent(totals.completedUsers, totals.activeUsers),
    },
    series,
    customerMix,
    customerMixTotals: mixTotals,
    cardPerformance,
    topCustomers: top,
    peakHours,
    // A card is a partner card while it has an accepted partner; a former partner's activity in
    // the range still names it, so the card's totals always add up to the rows shown.
    partnerShares: shares && shares.length > 1 ? shares : null,
  };
}
