import type { IncomingHttpHeaders } from 'node:http';
import type { BillingInformation } from '@shared/billing/billing';
import type { PlanId, SubscriptionPlan } from '@shared/billing/plans';

export const BILLING_EVENT_TYPES = [
  'checkout_completed',
  'renewal_paid',
  'payment_failed',
  'canceled',
  'cancel_scheduled',
  'resumed',
] as const;
export type BillingEventType = (typeof BILLING_EVENT_TYPES)[number];

/**
 * A provider's webhook, verified and translated into what Chaska acts on: a paid checkout or
 * renewal, a failed charge, the end of a subscription, a cancellation scheduled for the end of the
 * paid period, and the undoing of that schedule.
 */
export interface BillingEvent {
  /** The provider's event id: each one is applied once. */
  id: string;
  type: BillingEventType;
  /** The provider's own name for the event, kept for the record. */
  providerType: string;
  /** When the provider says it happened; an older event never overwrites a newer state. */
  occurredAt: Date;
  /** From the checkout metadata; null when the provider only names the subscription. */
  vendorId: string | null;
  planId: PlanId | null;
  /** The provider's subscription id (vendors.subscription_reference). */
  reference: string | null;
  /** The provider's id of this charge, if it names one. */
  paymentReference: string | null;
  /**
   * Whole PKR charged or attempted. Null on a renewal or failure means "the plan's price"; null on
   * a checkout completion means the provider reports that charge as a separate renewal event.
   */
  amount: number | null;
  /** End of the paid period: the next billing date. */
  periodEnd: Date | null;
  /** An upgrade's credit for the unused days of the plan it replaces, already taken off `amount`. */
  credit: CheckoutCredit | null;
  /** cancel_scheduled: when the subscription ends (the end of the paid period). */
  cancelAt: Date | null;
  billingDetails: BillingInformation | null;
}

export interface CheckoutUrls {
  /** May contain {CHECKOUT_SESSION_ID}, which the provider fills in. */
  successUrl: string;
  cancelUrl: string;
}

/** What an upgrade takes off the first charge: the unused days of the plan paid for (proration.ts). */
export interface CheckoutCredit {
  planId: PlanId;
  /** Whole PKR. */
  amount: number;
}

export interface CheckoutVendor {
  id: string;
  businessName: string;
  ownerEmail: string;
}

export interface PaymentProvider {
  /** The name in /api/billing/webhooks/:provider. */
  readonly id: 'sandbox' | 'safepay';
  /** The first charge is the plan's price less `credit` (an upgrade in a paid month); later ones the price. */
  createCheckoutSession(
    vendor: CheckoutVendor,
    plan: SubscriptionPlan,
    urls: CheckoutUrls,
    credit?: CheckoutCredit | null,
  ): Promise<{ url: string }>;
  /** Checks the signature over the raw body and translates the event, or throws one of the errors below. */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders, now?: Date): BillingEvent;
  /**
   * Asks the provider to stop the subscription: at the end of the paid period (no renewal) or at
   * once (a closed account). The provider confirms with a webhook; nothing changes here.
   */
  cancelSubscription(reference: string, options: { atPeriodEnd: boolean }): Promise<void>;
  /** Undoes a cancellation scheduled for the period end; confirmed by a webhook. */
  resumeSubscription(reference: string): Promise<void>;
  /** From the next renewal on, the subscription is charged at this (lower) plan's price. */
  schedulePlanChange(reference: string, plan: SubscriptionPlan): Promise<void>;
  describe(): { id: string; name: string; apiBase: string; details: Record<string, string> };
}

/** The provider answered, but not with a checkout session. */
export class ProviderRejectedError extends Error {
  constructor(
    readonly status: number,
    readonly reply: string,
  ) {
    super(`Payment provider answered ${status}`);
    this.name = 'ProviderRejectedError';
  }
}

/** The provider has no call for this (Safepay cannot move a running subscription to another plan). */
export class ProviderUnsupportedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnsupportedError';
  }
}

/** The provider could not be reached at all. */
export class ProviderUnreachableError extends Error {
  constructor(cause: unknown) {
    super('Payment provider could not be reached', { cause });
    this.name = 'ProviderUnreachableError';
  }
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Signed correctly but not something we can read. */
export class WebhookPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookPayloadError';
  }
}

/** Signed and readable, but about something billing does not act on: acknowledged and ignored. */
export class UnsupportedWebhookEventError extends Error {
  constructor(
    readonly eventId: string | null,
    readonly providerType: string,
  ) {
    super(`Ignored webhook event type ${providerType}`);
    this.name = 'UnsupportedWebhookEventError';
  }
}

export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Reads the reply body for the log, never more than a few kilobytes. */
export async function readReplyForLog(response: Response): Promise<string> {
  try {
    return (await response.text()).slice(0, 2000);
  } catch {
    return '';
  }
}

/**
 * One JSON call to a provider's API, given up after 15 seconds: a call that does not get through
 * throws ProviderUnreachableError, a refusal ProviderRejectedError with the start of the reply.
 */
export async function callProviderApi(
  fetchImpl: typeof fetch,
  url: string | URL,
  request: { method: 'POST' | 'PUT'; headers: Record<string, string>; body: string },
): Promise<Response> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: request.method,
      headers: { 'content-type': 'application/json', accept: 'application/json', ...request.headers },
      body: request.body,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new ProviderUnreachableError(error);
  }
  if (!response.ok) throw new ProviderRejectedError(response.status, await readReplyForLog(response));
  return response;
}
