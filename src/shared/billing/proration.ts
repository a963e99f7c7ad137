import { addPakistanMonths, pakistanDateKey } from '@shared/pakistan-time';
import type { PlanId, SubscriptionPlan } from './plans';

/*
 * An upgrade in the middle of a paid month (decision 076): the new plan starts today for a full
 * month at its price, and the unused days of the plan paid for come off as a credit. Amounts are
 * whole PKR, like every amount in Chaska; days are Pakistan calendar days, so the owner can count
 * them. The one home of the rule, for the checkout (what to charge) and the tests.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole Pakistan calendar days from the day of `from` to the day of `to` (0 on the same day). */
function pakistanDaysBetween(from: Date, to: Date): number {
  const start = Date.parse(pakistanDateKey(from));
  const end = Date.parse(pakistanDateKey(to));
  return Math.round((end - start) / DAY_MS);
}

/** The paid month that is running: its plan and its end (vendors.subscription_updated_at). */
export interface PaidPeriod {
  planId: PlanId;
  /** Whole PKR per month. */
  price: number;
  /** The end of the paid month; it started one calendar month earlier. */
  end: Date;
}

export interface UnusedCredit {
  planId: PlanId;
  /** Whole PKR, rounded down: never more than the unused days are worth. */
  amount: number;
  unusedDays: number;
  periodDays: number;
}

/**
 * The value of the days of a paid month not yet used at `now`: price × unused days ÷ days of the
 * month, in integer arithmetic and rounded down to the rupee. Today counts as unused (the new plan
 * covers it), so an upgrade on the day of payment credits the whole price; on the month's last day
 * nothing is left. Null when nothing is left to credit.
 */
export function unusedCredit(paid: PaidPeriod, now: Date): UnusedCredit | null {
  const start = addPakistanMonths(paid.end, -1);
  const periodDays = pakistanDaysBetween(start, paid.end);
  const unusedDays = Math.min(periodDays, Math.max(0, pakistanDaysBetween(now, paid.end)));
  if (periodDays <= 0 || unusedDays === 0 || paid.price <= 0 || now >= paid.end) return null;
  const amount = Math.floor((paid.price * unusedDays) / periodDays);
  return amount > 0 ? { planId: paid.planId, amount, unusedDays, periodDays } : null;
}

/** What an upgrade charges today: the new plan's month, less the credit; never below zero. */
export interface UpgradeQuote {
  planId: PlanId;
  /** The new plan's price for its first month, from `now` to `periodEnd`. */
  price: number;
  periodEnd: Date;
  credit: UnusedCredit | null;
  /** Whole PKR charged now. */
  total: number;
}

/**
 * The quote for moving to `target` at `now`. `running` is the paid month of the current plan, or
 * null without one (Starter without a subscription is free, so there is nothing to credit).
 */
export function upgradeQuote(target: SubscriptionPlan, running: PaidPeriod | null, now: Date): UpgradeQuote {
  const credit = running && running.planId !== target.id ? unusedCredit(running, now) : null;
  const creditAmount = Math.min(credit?.amount ?? 0, target.price);
  return {
    planId: target.id,
    price: target.price,
    periodEnd: addPakistanMonths(now, 1),
    credit: credit ? { ...credit, amount: creditAmount } : null,
    total: target.price - creditAmount,
  };
}
