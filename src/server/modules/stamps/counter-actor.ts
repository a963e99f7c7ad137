import { actorOf, type AuditActor } from '@server/lib/record-audit';

/**
 * Who works a vendor's counter: a staff member signed in, or a point-of-sale system with the
 * vendor's API key (decision 035). Both take the same stamp and redemption transactions.
 */
export interface CounterActor {
  vendorId: string;
  /** The staff member (stamps.created_by, rewards.redeemed_by); null for an API key. */
  userId: string | null;
  actor: AuditActor;
  /** Typed codes are rate limited per vendor (counterTypedCodeLimitKey). */
  typedCodeLimitKey: string;
}

/**
 * Typed codes at a counter are counted per vendor, all its staff and API keys together: counted
 * per key or per person, a vendor with many keys could multiply its guesses at a customer's code.
 */
export function counterTypedCodeLimitKey(vendorId: string): string {
  return `vendor:${vendorId}`;
}

export function staffAtCounter(staff: { userId: string; email: string; vendorId: string }): CounterActor {
  return {
    vendorId: staff.vendorId,
    userId: staff.userId,
    actor: actorOf(staff),
    typedCodeLimitKey: counterTypedCodeLimitKey(staff.vendorId),
  };
}
