import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { PLAN_IDS } from '@shared/billing/plans';
import { textProblemOf } from '@server/lib/storable-text';
import type { BillingEventType } from './payment-provider';
import {
  isSaneWebhookDate,
  MAX_WEBHOOK_AMOUNT_PKR,
  WEBHOOK_AMOUNT_MESSAGE,
  WEBHOOK_DATE_RANGE_MESSAGE,
} from './webhook-bounds';

/** The sandbox's webhook names, one per billing event type. */
export const SANDBOX_EVENT_NAMES = {
  checkout_completed: 'checkout.completed',
  renewal_paid: 'renewal.paid',
  payment_failed: 'payment.failed',
  canceled: 'subscription.canceled',
  cancel_scheduled: 'subscription.cancel_scheduled',
  resumed: 'subscription.resumed',
} as const satisfies Record<BillingEventType, string>;

const sandboxEventNames = Object.values(SANDBOX_EVENT_NAMES) as [string, ...string[]];

/** Text a column can store: no NUL, no unpaired surrogate. */
const storableText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => textProblemOf(text) === null, 'expected text without a NUL or a broken character');

/** An ISO time within the dates a webhook may name (webhook-bounds.ts). */
const webhookDate = z.iso.datetime().refine((value) => isSaneWebhookDate(new Date(value)), WEBHOOK_DATE_RANGE_MESSAGE);

/** The JSON body the sandbox posts to the app's webhook endpoint. */
export const sandboxEventSchema = z.object({
  id: storableText(200).min(1),
  type: storableText(100).min(1),
  /** ISO time with milliseconds, so two events of one second still order. */
  created: webhookDate,
  data: z.object({
    vendor_id: z.uuid(),
    plan_id: z.enum(PLAN_IDS),
    subscription: storableText(200).min(1),
    payment: storableText(200).nullable(),
    /** Whole PKR; null when the event is not a charge. */
    amount: z
      .number()
      .int(WEBHOOK_AMOUNT_MESSAGE)
      .min(0, WEBHOOK_AMOUNT_MESSAGE)
      .max(MAX_WEBHOOK_AMOUNT_PKR, WEBHOOK_AMOUNT_MESSAGE)
      .nullable(),
    currency: z.literal('PKR'),
    period_end: webhookDate.nullable(),
    /** An upgrade's credit for the unused days of the plan it replaces, already taken off amount. */
    credit: z
      .object({
        plan_id: z.enum(PLAN_IDS),
        amount: z
          .number()
          .int(WEBHOOK_AMOUNT_MESSAGE)
          .min(0, WEBHOOK_AMOUNT_MESSAGE)
          .max(MAX_WEBHOOK_AMOUNT_PKR, WEBHOOK_AMOUNT_MESSAGE),
      })
      .nullable()
      .optional(),
    /** subscription.cancel_scheduled: when the subscription ends. */
    cancel_at: webhookDate.nullable().optional(),
    billing_details: z.record(storableText(100), storableText(500)).nullable(),
  }),
});
export type SandboxEvent = z.infer<typeof sandboxEventSchema>;

export function isKnownSandboxEventName(name: string): boolean {
  return sandboxEventNames.includes(name);
}

export function sandboxEventTypeOf(name: string): BillingEventType | null {
  const entry = Object.entries(SANDBOX_EVENT_NAMES).find(([, value]) => value === name);
  return entry ? (entry[0] as BillingEventType) : null;
}

export function newSandboxId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** What the sandbox "knows" about the card: shown under Billing Information. */
export const SANDBOX_BILLING_DETAILS = {
  provider: 'Sandbox checkout',
  paymentMethod: 'Card',
  cardBrand: 'Visa',
  cardLast4: '4242',
} as const;
