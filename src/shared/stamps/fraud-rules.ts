import { z } from 'zod';
import { fieldMessage } from '@shared/field-messages';
import { KIOSK_PIN_PATTERN } from '@shared/vendors/kiosk';
import { STAMPS_PER_VISIT_CAP } from '@shared/vendors/vendor-profile';

/*
 * Fraud rules the vendor sees and tunes (decision 086): a daily cap per customer and card, a PIN
 * for large orders, and alerts with the stamps behind them, which the owner dismisses or reverses.
 */

/** Stamps given at the counter (visits and an order's other stamps) a customer may collect on one card in a Pakistan day. */
export const DAILY_STAMP_CAP_DEFAULT = 20;
export const DAILY_STAMP_CAP_MAX = 100;

/** A customer who collects more than this many stamps at one shop in a Pakistan day raises an alert. */
export const CUSTOMER_DAY_ALERT_ABOVE = 3;

/**
 * A staff member's stamps in a Pakistan clock hour raise an alert when they are at least
 * STAFF_HOUR_ALERT_MIN_STAMPS and more than STAFF_HOUR_ALERT_RATIO times the median of the
 * vendor's other members who stamped in that hour (at least one other must have).
 */
export const STAFF_HOUR_ALERT_RATIO = 3;
export const STAFF_HOUR_ALERT_MIN_STAMPS = 10;

/** Orders above this many stamps ask for the shop's PIN, once the owner has set one. */
export const PIN_ABOVE_QUANTITY_DEFAULT = 5;
/** Wrong PINs that lock a staff member's large orders, and for how long. */
export const LARGE_ORDER_PIN_TRIES = 3;
export const LARGE_ORDER_LOCK_MS = 15 * 60 * 1000;

/**
 * Whether an order needs the shop's PIN: above the vendor's quantity, once a PIN is set. Written
 * over an order, so a bill amount (points cards) joins it as a second threshold of its own.
 */
export function orderNeedsPin(order: { quantity: number }, rules: { pinAboveQuantity: number; pinSet: boolean }) {
  return rules.pinSet && order.quantity > rules.pinAboveQuantity;
}

/** The median of a list of counts (0 for none): the middle one, or the mean of the two middle ones. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A staff member's hour stands far above the others' (the rule above, for one member and the rest). */
export function staffHourStandsOut(own: number, others: readonly number[]): boolean {
  return others.length > 0 && own >= STAFF_HOUR_ALERT_MIN_STAMPS && own > STAFF_HOUR_ALERT_RATIO * median(others);
}

export const largeOrderPinSchema = z
  .string(fieldMessage('forms:kioskPin.invalid'))
  .regex(KIOSK_PIN_PATTERN, fieldMessage('forms:kioskPin.invalid'));

/** The vendor's fraud rules as the owner sees them (the PIN itself is never shown). */
export const fraudRulesSchema = z.object({
  pinAboveQuantity: z.number().int(),
  pinSet: z.boolean(),
  /** The most stamps one order may give (the shop profile's setting), for the form's bounds. */
  maxStampsPerVisit: z.number().int(),
});
export type FraudRules = z.infer<typeof fraudRulesSchema>;

export const fraudRulesUpdateSchema = z.object({
  pinAboveQuantity: z
    .number(fieldMessage('forms:fraudRules.pinAboveQuantity'))
    .int(fieldMessage('forms:fraudRules.pinAboveQuantity'))
    .min(1, fieldMessage('forms:fraudRules.pinAboveQuantity'))
    .max(STAMPS_PER_VISIT_CAP, fieldMessage('forms:fraudRules.pinAboveQuantity')),
  /** A new PIN; left out, the PIN stays as it is. */
  pin: largeOrderPinSchema.optional(),
});
export type FraudRulesUpdate = z.infer<typeof fraudRulesUpdateSchema>;

export const FRAUD_ALERT_KINDS = ['customer_day', 'staff_hour'] as const;
export type FraudAlertKind = (typeof FRAUD_ALERT_KINDS)[number];
export const FRAUD_ALERT_STATUSES = ['open', 'dismissed', 'reversed'] as const;
export type FraudAlertStatus = (typeof FRAUD_ALERT_STATUSES)[number];

export const fraudAlertStampSchema = z.object({
  id: z.string(),
  issuedAt: z.string(),
  cardName: z.string(),
  customerName: z.string(),
  staffName: z.string().nullable(),
  reversed: z.boolean(),
});

export const fraudAlertSchema = z.object({
  id: z.string(),
  kind: z.enum(FRAUD_ALERT_KINDS),
  status: z.enum(FRAUD_ALERT_STATUSES),
  /** The customer (customer_day) or the staff member (staff_hour). */
  subjectName: z.string(),
  windowStart: z.string(),
  windowEnd: z.string(),
  createdAt: z.string(),
  stamps: z.array(fraudAlertStampSchema),
  /** What the reversal did: stamps taken back, rewards withdrawn, rewards already redeemed and kept. */
  outcome: z
    .object({ reversedStamps: z.number().int(), rewardsWithdrawn: z.number().int(), redeemedKept: z.number().int() })
    .nullable(),
});
export type FraudAlert = z.infer<typeof fraudAlertSchema>;

export const fraudAlertListSchema = z.object({ alerts: z.array(fraudAlertSchema) });
export const fraudAlertParamsSchema = z.object({ alertId: z.uuid({ error: 'Alert not found.' }) });
