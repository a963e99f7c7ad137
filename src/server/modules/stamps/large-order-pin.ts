import { eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { rateLimits, vendors } from '@server/db/schema';
import { invalidFields, tooManyRequests } from '@server/errors';
import { clearRateLimits, consumeRateLimit } from '@server/lib/rate-limit';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { sameSecret } from '@server/lib/signing';
import { serverText } from '@server/lib/texts';
import { vendorPinHash } from '@server/modules/vendors/kiosk-pin';
import {
  LARGE_ORDER_LOCK_MS,
  LARGE_ORDER_PIN_TRIES,
  orderNeedsPin,
  type FraudRules,
  type FraudRulesUpdate,
} from '@shared/stamps/fraud-rules';

/*
 * The shop's PIN for large orders (decision 086): the owner sets it and the quantity above which
 * staff must type it; kept as the kiosk PIN is, a keyed hash bound to the vendor. A staff member
 * who types it wrong LARGE_ORDER_PIN_TRIES times has their large orders locked for
 * LARGE_ORDER_LOCK_MS from the last wrong try; single stamps and small orders go on as before.
 * Checked before the stamp's transaction, so a wrong try stays counted when the stamp is refused.
 */

const failuresKey = (vendorId: string, userId: string) => `large-order-pin:${vendorId}:${userId}`;
const lockKey = (vendorId: string, userId: string) => `large-order-lock:${vendorId}:${userId}`;

export async function getFraudRules(db: Database, vendorId: string): Promise<FraudRules> {
  const [vendor] = await db
    .select({
      pinAboveQuantity: vendors.pinAboveQuantity,
      pinHash: vendors.largeOrderPinHash,
      maxStampsPerVisit: vendors.maxStampsPerVisit,
    })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
    .limit(1);
  return {
    pinAboveQuantity: vendor?.pinAboveQuantity ?? 0,
    pinSet: Boolean(vendor?.pinHash),
    maxStampsPerVisit: vendor?.maxStampsPerVisit ?? 1,
  };
}

/** The owner changes the threshold, and the PIN when one is given; audited, the PIN itself never stored. */
export async function setFraudRules(
  db: Database,
  secret: string,
  input: FraudRulesUpdate & { vendorId: string; actor: AuditActor; now: Date },
): Promise<FraudRules> {
  await db.transaction(async (tx) => {
    await tx
      .update(vendors)
      .set({
        pinAboveQuantity: input.pinAboveQuantity,
        ...(input.pin
          ? { largeOrderPinHash: vendorPinHash(secret, 'large-order-pin', input.vendorId, input.pin) }
          : {}),
        updatedAt: input.now,
      })
      .where(eq(vendors.id, input.vendorId));
    await recordAudit(tx, {
      actor: input.actor,
      action: 'vendor.fraud_rules_set',
      targetType: 'vendor',
      targetId: input.vendorId,
      vendorId: input.vendorId,
      metadata: { pinAboveQuantity: input.pinAboveQuantity, pinChanged: Boolean(input.pin) },
    });
  });
  return getFraudRules(db, input.vendorId);
}

function pinRefusal(message: string, code: 'large_order_pin_required' | 'large_order_pin_wrong') {
  return invalidFields(message, { pin: message }, code);
}

/**
 * A staff member's order (a person at the counter: a point of sale's key has no PIN to type) may
 * go ahead: small enough, or the shop's PIN typed right and the member not locked out. A single
 * stamp reads nothing.
 */
export async function approveLargeOrder(
  db: Database,
  secret: string,
  input: { vendorId: string; staffUserId: string | null; quantity: number; pin?: string; now: Date },
): Promise<void> {
  if (input.quantity <= 1 || input.staffUserId === null) return;
  const [vendor] = await db
    .select({ pinAboveQuantity: vendors.pinAboveQuantity, pinHash: vendors.largeOrderPinHash })
    .from(vendors)
    .where(eq(vendors.id, input.vendorId))
    .limit(1);
  if (!vendor?.pinHash) return;
  if (!orderNeedsPin({ quantity: input.quantity }, { pinAboveQuantity: vendor.pinAboveQuantity, pinSet: true })) return;
  const { vendorId, staffUserId, now } = input;
  const lockedFor = await lockSecondsLeft(db, lockKey(vendorId, staffUserId), now);
  if (lockedFor > 0) throw locked(lockedFor);
  if (!input.pin) {
    throw pinRefusal(
      serverText('vendor:fraud.pinRequired', { count: vendor.pinAboveQuantity }),
      'large_order_pin_required',
    );
  }
  if (sameSecret(vendor.pinHash, vendorPinHash(secret, 'large-order-pin', vendorId, input.pin))) {
    await clearRateLimits(db, [failuresKey(vendorId, staffUserId)]);
    return;
  }
  const failures = await consumeRateLimit(
    db,
    failuresKey(vendorId, staffUserId),
    LARGE_ORDER_PIN_TRIES - 1,
    LARGE_ORDER_LOCK_MS,
    now,
  );
  if (failures.allowed) throw pinRefusal(serverText('vendor:fraud.pinWrong'), 'large_order_pin_wrong');
  // The last wrong try starts the lock: its window opens now, whatever the tries before it.
  await clearRateLimits(db, [failuresKey(vendorId, staffUserId), lockKey(vendorId, staffUserId)]);
  await consumeRateLimit(db, lockKey(vendorId, staffUserId), 1, LARGE_ORDER_LOCK_MS, now);
  throw locked(LARGE_ORDER_LOCK_MS / 1000);
}

/**
 * A counter code for a large order: whoever scans it types no PIN, so while the shop has one, a
 * counter code gives at most the PIN's quantity; staff scan the customer's My QR for more.
 */
export async function assertCounterCodeNeedsNoPin(db: Database, vendorId: string, quantity: number): Promise<void> {
  if (quantity <= 1) return;
  const rules = await getFraudRules(db, vendorId);
  if (!orderNeedsPin({ quantity }, rules)) return;
  const message = serverText('vendor:fraud.counterCodeTooLarge', { count: rules.pinAboveQuantity });
  throw invalidFields(message, { quantity: message }, 'large_order_pin_required');
}

/** Seconds until a member's lock ends (0: not locked), from the lock's row on the app's clock. */
async function lockSecondsLeft(db: Database, key: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.key, key))
    .limit(1);
  if (!row) return 0;
  return Math.max(0, Math.ceil((row.windowStart.getTime() + LARGE_ORDER_LOCK_MS - now.getTime()) / 1000));
}

function locked(secondsLeft: number) {
  const minutes = Math.max(1, Math.ceil(secondsLeft / 60));
  return tooManyRequests(serverText('vendor:fraud.locked', { count: minutes }), secondsLeft, 'large_order_locked');
}
