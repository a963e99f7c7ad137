import { PLANS, isPlanId, type PlanId } from '@shared/billing/plans';
import type { BillingInformation } from '@shared/billing/billing';
import { findUnstorableText } from '@server/lib/storable-text';
import {
  UnsupportedWebhookEventError,
  WebhookPayloadError,
  type BillingEvent,
  type BillingEventType,
} from './payment-provider';
import { isSaneWebhookDate, WEBHOOK_DATE_RANGE_MESSAGE } from './webhook-bounds';

/**
 * Safepay webhook bodies. Safepay's public docs show the v1 shape ({type: "payment:created",
 * token, notification: {...}, created_at}, sometimes wrapped in {data: ...}); its SDKs and
 * integration notes describe the current dot-named events with the subscription fields of the
 * SDK's SubscriptionProps (token sub_…, plan_id, reference, status, current_period_end_date).
 * The subscription events below follow those descriptions; Safepay does not publish a sample
 * subscription payload, so every field is read defensively and a missing one falls back.
 */
const EVENT_TYPES: Record<string, BillingEventType> = {
  'subscription.created': 'checkout_completed',
  'subscription.payment.succeeded': 'renewal_paid',
  'subscription.payment.failed': 'payment_failed',
  'subscription.canceled': 'canceled',
  'subscription.cancelled': 'canceled',
  'subscription.ended': 'canceled',
};

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(...values: unknown[]): string | null {
  for (const value of values) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * The first of the named fields that is present, as a date. A present field that is not a
 * readable date between 2020 and 2100 refuses the whole event: a wrong date would decide which
 * event is newer, or end up as a next billing date nobody can store.
 */
function date(candidates: Record<string, unknown>): Date | null {
  for (const [field, value] of Object.entries(candidates)) {
    if (isAbsent(value)) continue;
    const parsed = typeof value === 'string' || typeof value === 'number' ? new Date(value) : new Date(Number.NaN);
    if (!isSaneWebhookDate(parsed)) throw new WebhookPayloadError(`${field}: ${WEBHOOK_DATE_RANGE_MESSAGE}`);
    return parsed;
  }
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our checkout reference is `vendorId:planId` (safepayReferenceFor); a plan we do not sell refuses the event. */
function parseReference(reference: string | null): { vendorId: string; planId: PlanId | null } | null {
  if (!reference) return null;
  const [vendorId, planId] = reference.split(':');
  if (!vendorId || !UUID.test(vendorId)) return null;
  if (planId !== undefined && planId !== '' && !isPlanId(planId))
    throw new WebhookPayloadError('reference: names a plan that does not exist');
  return { vendorId: vendorId.toLowerCase(), planId: isPlanId(planId) ? planId : null };
}

/** A Safepay plan id that matches none of ours refuses the event rather than charging for a guess. */
function planFromSafepayPlanId(safepayPlanId: string | null, planIds: Record<string, string>): PlanId | null {
  if (!safepayPlanId) return null;
  const configured = Object.entries(planIds).find(([, value]) => value === safepayPlanId)?.[0];
  if (isPlanId(configured)) return configured;
  const byPrice = PLANS.find((plan) => plan.priceId === safepayPlanId)?.id;
  if (!byPrice) throw new WebhookPayloadError('plan_id: matches none of the plans in SAFEPAY_PLAN_IDS');
  return byPrice;
}

/** Every text the event carries must be storable: a NUL or a broken character refuses it. */
function assertStorable(event: BillingEvent): BillingEvent {
  const found = findUnstorableText({
    id: event.id,
    type: event.providerType,
    reference: event.reference,
    payment: event.paymentReference,
    billing_details: event.billingDetails,
  });
  if (found)
    throw new WebhookPayloadError(`${found.path.join('.')}: expected text without a NUL or a broken character`);
  return event;
}

export function parseSafepayEvent(
  rawBody: Buffer,
  planIds: Record<string, string>,
  receivedAt = new Date(),
): BillingEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookPayloadError('The webhook body is not JSON');
  }
  if (!isObject(body)) throw new WebhookPayloadError('The webhook body is not an object');
  const envelope =
    typeof body.type === 'string' ? body : isObject(body.data) && typeof body.data.type === 'string' ? body.data : null;
  if (!envelope) throw new WebhookPayloadError('The webhook body has no event type');
  const providerType = envelope.type as string;
  const data: Json = isObject(envelope.data)
    ? envelope.data
    : isObject(envelope.notification)
      ? envelope.notification
      : {};
  const subscription: Json = isObject(data.subscription) ? data.subscription : data;

  const explicitId = text(envelope.id, envelope.token);
  const type = EVENT_TYPES[providerType];
  if (!type) throw new UnsupportedWebhookEventError(explicitId, providerType);

  const subscriptionToken = text(data.subscription_id, data.subscription_token, subscription.token, data.token);
  const ours = parseReference(
    text(subscription.reference, data.reference, isObject(data.metadata) ? data.metadata.order_id : null),
  );
  if (!ours && !subscriptionToken)
    throw new WebhookPayloadError('The event names neither our reference nor a subscription');

  const planId = planFromSafepayPlanId(text(subscription.plan_id, data.plan_id), planIds) ?? ours?.planId ?? null;
  const periodEnd = date({
    current_period_end_date: subscription.current_period_end_date,
    billing_cycle_end: data.billing_cycle_end,
    'data.current_period_end_date': data.current_period_end_date,
  });
  const occurredAt =
    date({
      created_at: envelope.created_at,
      'data.created_at': data.created_at,
      'data.updated_at': data.updated_at,
      updated_at: subscription.updated_at,
    }) ?? receivedAt;
  const paymentReference = text(data.transaction_id, data.tracker, data.payment_id);
  // Without an event id, a delivery is named by what it is about, so a retry maps to the same id.
  const id =
    explicitId ??
    [
      providerType,
      subscriptionToken ?? ours?.vendorId,
      paymentReference ??
        text(data.cycle_count, data.current_billing_cycle) ??
        periodEnd?.toISOString() ??
        occurredAt.toISOString(),
    ].join(':');

  const email = text(data.email, data.user, subscription.email);
  const billingDetails: BillingInformation = {
    provider: 'Safepay',
    ...(email && email.includes('@') ? { email } : {}),
  };
  const cardLast4 = text(data.last_four, data.card_last4);
  if (cardLast4) billingDetails.cardLast4 = cardLast4;
  const cardBrand = text(data.card_brand, data.scheme);
  if (cardBrand) billingDetails.cardBrand = cardBrand;

  return assertStorable({
    id,
    type,
    providerType,
    occurredAt,
    vendorId: ours?.vendorId ?? null,
    planId,
    reference: subscriptionToken,
    paymentReference,
    // Safepay reports amounts in its own units per API version; the plan's PKR price is charged.
    amount: null,
    periodEnd,
    // Checkouts with a credit are not sent to Safepay (safepay-provider.ts): its charges carry none.
    credit: null,
    // Safepay publishes no "cancels at period end" event; its cancellation arrives as canceled.
    cancelAt: null,
    billingDetails,
  });
}
