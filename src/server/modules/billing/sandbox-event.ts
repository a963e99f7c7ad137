import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { PLAN_IDS } from '../../../shared/plans';
import type { BillingEventType } from './payment-provider';

/** The sandbox's webhook names, one per billing event type. */
export const SANDBOX_EVENT_NAMES = {
  checkout_completed: 'checkout.completed',
  renewal_paid: 'renewal.paid',
  payment_failed: 'payment.failed',
  canceled: 'subscription.canceled',
} as const satisfies Record<BillingEventType, string>;

const sandboxEventNames = Object.values(SANDBOX_EVENT_NAMES) as [string, ...string[]];

/** The JSON body the sandbox posts to the app's webhook endpoint. */
export const sandboxEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  /** ISO time with milliseconds, so two events of one second still order. */
  created: z.iso.datetime(),
  data: z.object({
    vendor_id: z.uuid(),
    plan_id: z.enum(PLAN_IDS),
    subscription: z.string().min(1).max(200),
    payment: z.string().max(200).nullable(),
    /** Whole PKR; null when the event is not a charge. */
    amount: z.number().int().min(0).nullable(),
    currency: z.literal('PKR'),
    period_end: z.iso.datetime().nullable(),
    billing_details: z.record(z.string(), z.string()).nullable(),
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
