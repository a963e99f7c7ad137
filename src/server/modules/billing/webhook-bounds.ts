import { PLANS } from '@shared/billing/plans';

/**
 * What a signed webhook may say before it is believed. A provider's bug (or a compromised
 * signing key) must not store an absurd payment or a date PostgreSQL cannot hold: such an event
 * is refused with a 400 and recorded as a rejected delivery, never applied.
 */

/** Fifty months of the dearest plan: above any real charge, far below the integer column's 2^31. */
export const MAX_WEBHOOK_AMOUNT_PKR = Math.max(...PLANS.map((plan) => plan.price)) * 50;

/** Billing started long after 2020, and no subscription period runs past 2100. */
export const EARLIEST_WEBHOOK_DATE = new Date('2020-01-01T00:00:00Z');
export const LATEST_WEBHOOK_DATE = new Date('2100-01-01T00:00:00Z');

export const WEBHOOK_DATE_RANGE_MESSAGE = 'expected a date from 2020 to 2100';
export const WEBHOOK_AMOUNT_MESSAGE = `expected whole PKR from 0 to ${MAX_WEBHOOK_AMOUNT_PKR}`;

export function isSaneWebhookDate(date: Date): boolean {
  const time = date.getTime();
  return !Number.isNaN(time) && time >= EARLIEST_WEBHOOK_DATE.getTime() && time < LATEST_WEBHOOK_DATE.getTime();
}
