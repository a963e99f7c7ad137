import type { Database } from '@server/db/client';
import { notFound } from '@server/errors';
import type { CounterActor } from './counter-actor';
import { readCode } from './read-code';
import { stampCard, type StampOutcome } from './stamp-card';
import type { StampCodeSettings } from './stamp-code-settings';

const CUSTOMER_CODE_REPLAY_MESSAGE =
  'This customer code was already used for this card. Ask the customer for the new code on My QR.';

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
      replayMessage: CUSTOMER_CODE_REPLAY_MESSAGE,
      // Only its owner's stamps are keyed by it, so nobody else can have used it.
      usedByOtherMessage: CUSTOMER_CODE_REPLAY_MESSAGE,
    },
    issuer: {
      vendorId: staff.vendorId,
      // Another vendor's card looks exactly like a card that does not exist.
      otherVendorError: () => notFound('Loyalty card not found'),
      userId: staff.userId,
      actor: staff.actor,
      auditAction: 'stamp.issue',
      audience: 'staff',
    },
    now,
  });
  return { customerUserId: claims.userId, outcome };
}
