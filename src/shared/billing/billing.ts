import { z } from 'zod';
import { PLAN_IDS, planChangeDirection, planFor, type PlanId, type SubscriptionPlan } from './plans';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@shared/vendors/vendors';

/** The texts of SPEC.md section 8, "Billing and limits". */
export const BILLING_MESSAGES = {
  invalidPlan: 'Invalid subscription plan',
  checkoutFailed: 'Failed to create checkout session',
  networkError: 'Network error occurred',
  upgradeFailed: 'Failed to start upgrade process. Please try again.',
} as const;

/** Paid-up or in its grace period: the vendor keeps the limits of the plan it pays for. */
export function isSubscriptionInGoodStanding(status: SubscriptionStatus): boolean {
  return status === 'active' || status === 'past_due';
}

/** The statuses in which a vendor keeps its own plan's limits. */
export const GOOD_STANDING_STATUSES = SUBSCRIPTION_STATUSES.filter(isSubscriptionInGoodStanding);

/**
 * The plan whose limits apply. A vendor without a live subscription (inactive or canceled) is on
 * starter limits, as SPEC.md section 9 says for a vendor record without a subscription.
 */
export function effectivePlanFor(planId: string | null | undefined, status: SubscriptionStatus): SubscriptionPlan {
  return isSubscriptionInGoodStanding(status) ? planFor(planId) : planFor('starter');
}

/** SPEC.md section 4: green active, yellow past_due, red canceled, grey otherwise. */
export const SUBSCRIPTION_STATUS_TONE: Record<SubscriptionStatus, 'green' | 'yellow' | 'red' | 'grey'> = {
  active: 'green',
  past_due: 'yellow',
  canceled: 'red',
  inactive: 'grey',
};

/** Anything but a known plan id is answered with "Invalid subscription plan", so the schema lets it through. */
export const checkoutRequestSchema = z.object({ planId: z.unknown().optional() }).optional();
export const checkoutResponseSchema = z.object({ url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const PAYMENT_STATUSES = ['paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What a payment was: a plan's first month, a monthly renewal, or a charge that failed. */
export const PAYMENT_KINDS = ['subscription', 'renewal', 'failed'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const paymentSchema = z.object({
  id: z.string(),
  planId: z.enum(PLAN_IDS),
  planName: z.string(),
  /** Whole PKR paid: the plan's price less `credit`. */
  amount: z.number().int(),
  /** An upgrade's credit for the unused days of the plan it replaced (proration.ts). */
  credit: z.object({ planId: z.enum(PLAN_IDS), amount: z.number().int() }).nullable(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  description: z.string(),
  reference: z.string(),
  paidAt: z.string(),
  periodEnd: z.string().nullable(),
  /** Paid payments have a receipt ("CHK-000042"); failed attempts do not. */
  receiptNumber: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const PAYMENTS_PAGE_SIZE = 10;

export const paymentsQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page: expected 1 or more').max(10_000).default(1),
});

export const paymentsPageSchema = z.object({
  payments: z.array(paymentSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type PaymentsPage = z.infer<typeof paymentsPageSchema>;

/** What the payment provider reported about how the vendor pays; any field may be missing. */
export const billingInformationSchema = z.object({
  name: z.string().optional(),
  email: z.string().optional(),
  paymentMethod: z.string().optional(),
  cardBrand: z.string().optional(),
  cardLast4: z.string().optional(),
  address: z.string().optional(),
  provider: z.string().optional(),
});
export type BillingInformation = z.infer<typeof billingInformationSchema>;

/** Told on the billing page and the dashboard after a downgrade paused cards. */
export const planChangeNoticeSchema = z.object({
  fromPlanName: z.string(),
  toPlanName: z.string(),
  pausedCards: z.array(z.object({ id: z.string(), name: z.string() })),
  at: z.string(),
});
export type PlanChangeNotice = z.infer<typeof planChangeNoticeSchema>;

export const billingSummarySchema = z.object({
  subscription: z.object({
    planId: z.enum(PLAN_IDS),
    planName: z.string(),
    /** PKR per month. */
    price: z.number().int(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    nextBillingDate: z.string().nullable(),
    features: z.array(z.string()),
    /** The provider confirmed the subscription ends then (the end of the paid period); Resume undoes it. */
    cancelAt: z.string().nullable(),
    /** A downgrade that takes effect at the end of the paid period. */
    scheduledPlan: z
      .object({ planId: z.enum(PLAN_IDS), planName: z.string(), startsAt: z.string().nullable() })
      .nullable(),
  }),
  /** The limits that apply now (starter limits without a live subscription). */
  limits: z.object({
    planId: z.enum(PLAN_IDS),
    maxCards: z.number().int(),
    maxStampsPerMonth: z.number().int(),
    analytics: z.string(),
  }),
  usage: z.object({
    activeCards: z.number().int(),
    stampsThisMonth: z.number().int(),
    monthStartsAt: z.string(),
  }),
  /** Owners manage billing; staff see the plan and usage only. */
  canManage: z.boolean(),
  billingInformation: billingInformationSchema.nullable(),
  notice: planChangeNoticeSchema.nullable(),
  provider: z.object({ id: z.string(), name: z.string() }),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

export type PlanButtonKind = 'current' | 'upgrade' | 'downgrade' | 'subscribe';

/**
 * SPEC.md: the current plan reads Current Plan (disabled), others Upgrade when dearer, otherwise
 * Downgrade. Without a live subscription the recorded plan is not "current": it reads Subscribe.
 */
export function planButtonKind(
  current: { planId: PlanId; status: SubscriptionStatus },
  target: PlanId,
): PlanButtonKind {
  if (current.planId === target) return isSubscriptionInGoodStanding(current.status) ? 'current' : 'subscribe';
  return planChangeDirection(current.planId, target);
}

/** "CHK-000042": the receipt number as printed, from the payment's sequence number. */
export function receiptNumberLabel(sequence: number): string {
  return `CHK-${String(sequence).padStart(6, '0')}`;
}

/** Body of POST /api/billing/downgrade and query of GET /api/billing/downgrade-preview. */
export const planChoiceSchema = z.object({ planId: z.enum(PLAN_IDS, { error: BILLING_MESSAGES.invalidPlan }) });

export const downgradePreviewSchema = z.object({
  planId: z.enum(PLAN_IDS),
  planName: z.string(),
  /** When the lower plan starts: the end of the paid period. */
  effectiveAt: z.string().nullable(),
  /** Cards the lower plan does not cover, if they stay as they are until then. */
  pausedCards: z.array(z.object({ id: z.string(), name: z.string(), reason: z.enum(['card_type', 'card_limit']) })),
});
export type DowngradePreview = z.infer<typeof downgradePreviewSchema>;

/** What cancel, resume and downgrade answer: whether the provider was asked, and the page's new state. */
export const subscriptionChangeResponseSchema = z.object({
  outcome: z.enum(['requested', 'unchanged']),
  billing: billingSummarySchema,
});
export type SubscriptionChangeResponse = z.infer<typeof subscriptionChangeResponseSchema>;

/** Cancel and resume carry nothing; an empty JSON object (or no body) is all they take. */
export const emptyChangeBodySchema = z.object({}).strict().optional();

/** Admins (and tests) make the sandbox send what a real provider would later. */
export const sandboxEventRequestSchema = z.object({
  vendorId: z.uuid(),
  type: z.enum(['renewal_paid', 'payment_failed', 'canceled']),
});
export const sandboxEventResultSchema = z.object({ eventId: z.string(), delivered: z.literal(true) });

/** What the app answers a payment provider's webhook: received, and whether it was applied. */
export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'duplicate', 'ignored', 'stale']),
});
