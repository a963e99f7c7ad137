import type { Database } from '@server/db/client';
import type { CounterActor } from './counter-actor';
import { readCode } from './read-code';
import { stampCard } from './stamp-card';
import type { StampOutcome } from './stamp-request';
import type { StampCodeSettings } from './stamp-code-settings';

/** Vendor staff (or the vendor's point of sale) scanned a customer's My QR and picked a card. */
export async function issueStampFromCustomerCode(
  db: Database,
  settings: StampCodeSettings,
  staff: CounterActor,
  input: { customerCode: string; cardId: string },
  now: Date,
): Promise<{ customerUserId: string; outcome: StampOutcome }> {
  const claims = await readCode(db, input.customerCode, {
    reader: 'staff-issue',
    key: settings.key,
    actorUserId: staff.typedCodeLimitKey,
    typedAttemptsPerMinute: settings.typedAttemptsPerMinute,
    now,
  });
  const outcome = await stampCard(db, {
    customerUserId: claims.userId,
    cardId: input.cardId,
    code: {
      ref: claims.kind === 'wallet' ? `wallet:${claims.passId}` : `customer:${claims.codeId}`,
      // One customer code gives one stamp per card: (code, card) is consumed for the customer. A
      // Wallet pass's code never changes, so it is consumed per card and minute: a double scan at
      // the counter gives one stamp, and the card's interval between stamps does the rest.
      consumedKey:
        claims.kind === 'wallet'
          ? `wallet:${claims.passId}:${input.cardId}:${Math.floor(now.getTime() / 60_000)}`
          : `customer:${claims.codeId}:${input.cardId}`,
    },
    issuer: {
      vendorId: staff.vendorId,
      userId: staff.userId,
      actor: staff.actor,
      auditAction: 'stamp.issue',
      audience: 'staff',
    },
    now,
  });
  return { customerUserId: claims.userId, outcome };
}
