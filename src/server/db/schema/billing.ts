import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_KINDS } from '@shared/billing/billing';
import { cascadingVendorId } from './vendors';

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: cascadingVendorId(),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference').notNull(),
    planId: text('plan_id').notNull(),
    /** Whole PKR. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('PKR'),
    status: text('status').notNull(),
    /** Kept as written when it was recorded (English); screens describe a payment by its kind. */
    description: text('description').notNull().default(''),
    /** What the payment was: a plan's first month, a monthly renewal, or a failed charge. */
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull().default('subscription'),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * An upgrade's credit for the unused days of the plan it replaced (whole PKR), already taken
     * off `amount`: the receipt shows the plan's price, this credit and the total paid.
     */
    creditAmount: integer('credit_amount').notNull().default(0),
    /** The plan the credit was for; null without a credit. */
    creditPlanId: text('credit_plan_id'),
    /**
     * The receipt's number: given by the database once, in order of recording, never reused. Only
     * paid payments show it (a failed attempt keeps its number unused).
     */
    receiptNumber: integer('receipt_number').generatedAlwaysAsIdentity().notNull().unique(),
  },
  (table) => [
    check('payments_status_check', sql`${table.status} in ('paid', 'failed', 'refunded')`),
    check('payments_kind_check', sql`${table.kind} in ('subscription', 'renewal', 'failed')`),
    check('payments_plan_check', sql`${table.planId} in ('starter', 'standard', 'premium', 'enterprise')`),
    check('payments_amount_check', sql`${table.amount} >= 0`),
    check('payments_credit_check', sql`${table.creditAmount} >= 0`),
    index('payments_vendor_idx').on(table.vendorId, table.paidAt),
    index('payments_paid_idx').on(table.paidAt),
  ],
);

/**
 * Each provider event is applied once: the primary key makes a replay a no-op. A signed delivery
 * that could not be read or was out of bounds is kept as `rejected` (event id `rejected:<hash of
 * the body>`) with the reason, so an admin sees what the provider sent and why it was refused.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('processed'),
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.eventId] }),
    check('webhook_events_status_check', sql`${table.status} in ('processed', 'ignored', 'failed', 'rejected')`),
    index('webhook_events_received_idx').on(table.receivedAt),
  ],
);

/**
 * Hosted checkout sessions of the built-in sandbox provider (PAYMENT_PROVIDER=sandbox): what a
 * real provider keeps on its side. vendor_id is the merchant's metadata, so it has no foreign key.
 */
export const sandboxCheckoutSessions = pgTable(
  'sandbox_checkout_sessions',
  {
    id: text('id').primaryKey(),
    vendorId: text('vendor_id').notNull(),
    planId: text('plan_id').notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    /** The shop's credit for an upgrade (whole PKR): the page charges the price less it. */
    creditAmount: integer('credit_amount').notNull().default(0),
    creditPlanId: text('credit_plan_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [index('sandbox_checkout_sessions_expires_idx').on(table.expiresAt)],
);
