import type { Executor } from '@server/db/client';
import type { AuditAction } from '@server/lib/audit-actions';
import { actorOf, type AuditActor } from '@server/lib/record-audit';
import type { VendorViewer } from '@server/plugins/authentication';
import { counterBranch } from '@server/modules/vendors/branches';
import type { StampCardInput } from './stamp-request';

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
  /** The branch of the counter (decision 089): stamps and redemptions record it. Absent: none named. */
  branchId?: string;
}

/**
 * Typed codes at a counter are counted per vendor, all its staff and API keys together: counted
 * per key or per person, a vendor with many keys could multiply its guesses at a customer's code.
 */
export function counterTypedCodeLimitKey(vendorId: string): string {
  return `vendor:${vendorId}`;
}

/**
 * A staff member at the counter of `branchId` (or of their own branch where they name none),
 * refused at a branch they do not work at; or a point of sale (the vendor's API key, no member),
 * at any open branch it names (`counterBranch`, decision 089).
 */
export async function staffAtCounter(
  db: Executor,
  staff: { userId: string; email: string; vendorId: string } | { vendorId: string; actor: AuditActor },
  branchId?: string,
): Promise<CounterActor> {
  const userId = 'userId' in staff ? staff.userId : null;
  const at = await counterBranch(db, { vendorId: staff.vendorId, userId, branchId });
  return {
    vendorId: staff.vendorId,
    userId,
    actor: 'actor' in staff ? staff.actor : actorOf(staff),
    typedCodeLimitKey: counterTypedCodeLimitKey(staff.vendorId),
    ...(at ? { branchId: at } : {}),
  };
}

/** A signed-in member of the vendor at the counter of `branchId` (`staffAtCounter`). */
export function memberAtCounter(db: Executor, member: VendorViewer, branchId?: string): Promise<CounterActor> {
  return staffAtCounter(db, { ...member, vendorId: member.membership.vendorId }, branchId);
}

/**
 * What every stamp staff give at the counter records: the counter as its issuer, the order's
 * stamps (one unless it names several) and its bill, and the counter's branch.
 */
export function stampedAtCounter(
  staff: CounterActor,
  auditAction: AuditAction,
  order: { quantity?: number; amount?: number },
): Pick<StampCardInput, 'issuer' | 'quantity' | 'amount' | 'branchId'> {
  return {
    issuer: { vendorId: staff.vendorId, userId: staff.userId, actor: staff.actor, auditAction, audience: 'staff' },
    quantity: order.quantity ?? 1,
    ...(order.amount !== undefined ? { amount: order.amount } : {}),
    ...(staff.branchId ? { branchId: staff.branchId } : {}),
  };
}
