import type { Database, Executor } from '@server/db/client';
import { stampedAtCounter, type CounterActor } from './counter-actor';
import { readCode } from './read-code';
import type { CustomerCodeClaims, WalletCodeClaims } from './stamp-codes';
import { stampCard } from './stamp-card';
import type { StampOutcome } from './stamp-request';
import type { StampCodeSettings } from './stamp-code-settings';

/**
 * The customer code staff scanned or typed (My QR, its offline form, or the Wallet pass barcode),
 * read as the counter reads it. Outside any transaction of the caller: a refused guess is counted
 * against the vendor's typed-code limit even when the write it was for rolls back.
 */
export function readCustomerCodeAtCounter(
  db: Executor,
  settings: StampCodeSettings,
  { staff, customerCode }: { staff: CounterActor; customerCode: string },
  now: Date,
): Promise<CustomerCodeClaims | WalletCodeClaims> {
  return readCode(db, customerCode, {
    reader: 'staff-issue',
    key: settings.key,
    actorUserId: staff.typedCodeLimitKey,
    typedAttemptsPerMinute: settings.typedAttemptsPerMinute,
    now,
  });
}

/**
 * A stamp on the card staff picked, for the customer a code read at the counter names; or the
 * several of an order (`quantity`, where the vendor allows it).
 */
export async function issueStampForCustomer(
  db: Database,
  staff: CounterActor,
  input: { claims: CustomerCodeClaims | WalletCodeClaims; cardId: string; quantity?: number; amount?: number },
  now: Date,
): Promise<{ customerUserId: string; outcome: StampOutcome }> {
  const { claims } = input;
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
    now,
    ...stampedAtCounter(staff, 'stamp.issue', input),
  });
  return { customerUserId: claims.userId, outcome };
}

/** Vendor staff scanned a customer's My QR and picked a card. */
export async function issueStampFromCustomerCode(
  db: Database,
  settings: StampCodeSettings,
  {
    staff,
    customerCode,
    cardId,
    quantity,
    amount,
  }: { staff: CounterActor; customerCode: string; cardId: string; quantity?: number; amount?: number },
  now: Date,
): Promise<{ customerUserId: string; outcome: StampOutcome }> {
  const claims = await readCustomerCodeAtCounter(db, settings, { staff, customerCode }, now);
  return issueStampForCustomer(
    db,
    staff,
    { claims, cardId, quantity: quantity ?? 1, ...(amount !== undefined ? { amount } : {}) },
    now,
  );
}
