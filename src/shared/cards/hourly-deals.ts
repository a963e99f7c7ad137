import { cheapestPlanWith, featureNeedsPlanMessage } from '@shared/billing/plans';
import { pakistanDateKey } from '@shared/pakistan-time';

/*
 * Hourly Chaska (decision 033): a Daily Chaska deal with a start time, so that it runs for a
 * window within one Pakistan day. Everything else (price, stock, the end and its countdown,
 * joining) is the Daily Chaska deal's. The window's rules live here, for the form and the server.
 */

/** "This feature needs the Premium plan." */
export function hourlyDealsLockedMessage(): string {
  return featureNeedsPlanMessage(cheapestPlanWith('hourlyDeals'));
}

export type HourlyDealField = 'dealStartsAt' | 'dealEndsAt' | 'stockLeft';

/**
 * How far before now a start still counts as "now": forms send whole minutes, and a vendor who
 * types the current time into the form takes a moment to press Save.
 */
export const HOURLY_START_GRACE_MS = 5 * 60_000;

/**
 * What is wrong with an hourly deal's window, by field (empty when nothing is). It starts before
 * it ends, both on the same Pakistan day (an end at the next midnight still counts as that day),
 * with at least one unit of stock. With `now` (the server's clock, when a window is set or moved)
 * it also starts now or later (within HOURLY_START_GRACE_MS of now counts as now).
 */
export function hourlyDealProblems(
  deal: { startsAt: Date; endsAt: Date; stockLeft: number | null },
  now?: Date,
): Partial<Record<HourlyDealField, string>> {
  const problems: Partial<Record<HourlyDealField, string>> = {};
  const start = deal.startsAt.getTime();
  const end = deal.endsAt.getTime();
  if (now && start < now.getTime() - HOURLY_START_GRACE_MS) {
    problems.dealStartsAt = 'An hourly deal cannot start in the past.';
  }
  if (end <= start) {
    problems.dealEndsAt = 'The deal must end after it starts.';
  } else if (pakistanDateKey(deal.startsAt) !== pakistanDateKey(new Date(end - 1))) {
    problems.dealEndsAt = 'An hourly deal starts and ends on the same day (Pakistan time).';
  }
  if (deal.stockLeft !== null && deal.stockLeft < 1) {
    problems.stockLeft = 'Stock must be at least 1 for an hourly deal.';
  }
  return problems;
}
