import { eq } from 'drizzle-orm';
import type { KioskSettings } from '@shared/vendors/kiosk';
import type { Database } from '@server/db/client';
import { vendors } from '@server/db/schema';
import { invalidFields } from '@server/errors';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { deriveKey, sameSecret, sign } from '@server/lib/signing';
import { serverText } from '@server/lib/texts';

/**
 * Keyed, like the phone codes: a PIN of 4 to 6 digits has at most a million values, so a plain
 * hash in a copy of the table would be read back at once. Bound to the vendor, so a hash copied
 * to another vendor's row is worth nothing there. The shop's PIN for large orders is kept the same
 * way under a key of its own (stamps/large-order-pin.ts, decision 086).
 */
export function vendorPinHash(
  secret: string,
  purpose: 'kiosk-pin' | 'large-order-pin',
  vendorId: string,
  pin: string,
): string {
  return sign(deriveKey(secret, purpose), `${vendorId}:${pin}`);
}

function kioskPinHash(secret: string, vendorId: string, pin: string): string {
  return vendorPinHash(secret, 'kiosk-pin', vendorId, pin);
}

export async function getKioskSettings(db: Database, vendorId: string): Promise<KioskSettings> {
  const [vendor] = await db
    .select({ kioskPinHash: vendors.kioskPinHash })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
    .limit(1);
  return { pinSet: Boolean(vendor?.kioskPinHash) };
}

/** The owner sets (or changes) the PIN; the change is audited, the PIN itself never stored. */
export async function setKioskPin(
  db: Database,
  secret: string,
  input: { vendorId: string; actor: AuditActor; pin: string; now: Date },
): Promise<KioskSettings> {
  await db.transaction(async (tx) => {
    await tx
      .update(vendors)
      .set({ kioskPinHash: kioskPinHash(secret, input.vendorId, input.pin), updatedAt: input.now })
      .where(eq(vendors.id, input.vendorId));
    await recordAudit(tx, {
      actor: input.actor,
      action: 'vendor.kiosk_pin_set',
      targetType: 'vendor',
      targetId: input.vendorId,
      vendorId: input.vendorId,
    });
  });
  return { pinSet: true };
}

/**
 * Staff leave kiosk mode with the PIN: a wrong one (or none set) is a 400 naming the field. The
 * caller counts every try first (the limit of every door that checks a secret).
 */
export async function checkKioskPin(db: Database, secret: string, input: { vendorId: string; pin: string }) {
  const [vendor] = await db
    .select({ kioskPinHash: vendors.kioskPinHash })
    .from(vendors)
    .where(eq(vendors.id, input.vendorId))
    .limit(1);
  if (!vendor?.kioskPinHash) {
    const message = serverText('vendor:kiosk.noPin');
    throw invalidFields(message, { pin: message }, 'kiosk_pin_not_set');
  }
  if (!sameSecret(vendor.kioskPinHash, kioskPinHash(secret, input.vendorId, input.pin))) {
    const message = serverText('vendor:kiosk.wrongPin');
    throw invalidFields(message, { pin: message }, 'kiosk_pin_wrong');
  }
}
