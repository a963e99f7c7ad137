import type { SubscriptionPlan } from '@shared/billing/plans';
import type { SubscriptionStatus } from '@shared/vendors/vendors';
import type { PausedCard } from './pause-cards-outside-plan';

/*
 * What a billing change did, as its e-mails (billing-followups.ts) and its callers read it: the
 * outcomes of applyBillingEvent and settleEndedPeriods, apart from both so neither needs the other.
 */

export type ApplyOutcome =
  | { outcome: 'duplicate' }
  | { outcome: 'ignored'; reason: string }
  /** The payment was recorded, but a newer event already set the subscription's state. */
  | { outcome: 'stale'; vendorId: string; receipt: PaidReceipt | null }
  | {
      outcome: 'applied';
      vendorId: string;
      receipt: PaidReceipt | null;
      fromPlan: SubscriptionPlan;
      toPlan: SubscriptionPlan;
      toStatus: SubscriptionStatus;
      pausedCards: PausedCard[];
    };

/** A payment recorded as paid by this event: its receipt goes to the owners. */
export interface PaidReceipt {
  receiptNumber: string;
  planName: string;
  amount: number;
}

/** A paid period that ended with a cancellation or a downgrade waiting, as settled. */
export interface SettledChange {
  vendorId: string;
  kind: 'lapsed' | 'downgraded';
  fromPlan: SubscriptionPlan;
  toPlan: SubscriptionPlan;
  pausedCards: PausedCard[];
}
