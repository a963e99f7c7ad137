import type { Database } from '@server/db/client';
import { badRequest } from '@server/errors';
import { serverText } from '@server/lib/texts';
import { actorOf } from '@server/lib/record-audit';
import { readCode } from './read-code';
import { stampCard } from './stamp-card';
import type { StampOutcome } from './stamp-request';
import type { StampCodeSettings } from './stamp-code-settings';

/**
 * A customer scanned (or typed, or opened as a link, or held while signing in) a vendor's counter
 * code: one stamp on that card, or the order's several the code names.
 */
export async function collectStampWithCode(
  db: Database,
  settings: StampCodeSettings,
  {
    customer,
    code,
    device,
  }: {
    customer: { userId: string; email: string };
    code: string;
    /** The customer's browser (referrals' device check), when scanned in one. */
    device?: string;
  },
  now: Date,
): Promise<StampOutcome> {
  const claims = await readCode(db, code, {
    reader: 'customer-collect',
    key: settings.key,
    actorUserId: customer.userId,
    typedAttemptsPerMinute: settings.typedAttemptsPerMinute,
    now,
  });
  if (claims.kind === 'demo' && !settings.demoMode) {
    throw badRequest(serverText('customer:scanError.demoOff'), 'invalid_code');
  }
  const codeRef = `${claims.kind}:${claims.codeId}`;
  return stampCard(db, {
    customerUserId: customer.userId,
    cardId: claims.cardId,
    code: {
      ref: codeRef,
      // Keyed by the code alone: its first scan uses it up for everyone, typed or scanned.
      consumedKey: codeRef,
      ...(claims.kind === 'counter' ? { counterCodeId: claims.codeId } : {}),
      atCounter: claims.kind === 'counter' || claims.kind === 'held',
      demo: claims.kind === 'demo',
    },
    issuer: {
      vendorId: claims.vendorId,
      userId: customer.userId,
      actor: actorOf(customer),
      auditAction: 'stamp.collect',
      audience: 'customer',
    },
    now,
    // An order for several stamps: the quantity staff chose, bound into the code's signature.
    quantity: claims.quantity ?? 1,
    // The branch whose counter showed the code, signed into it (decision 084).
    ...(claims.branchId ? { branchId: claims.branchId } : {}),
    ...(device ? { device } : {}),
  });
}
