import { eq } from 'drizzle-orm';
import type { HeldCounterCode } from '@shared/stamps/stamps';
import { HELD_CODE_TTL_SECONDS, signedCodeIn } from '@shared/stamps/codes';
import type { Database } from '@server/db/client';
import { consumedCodes, loyaltyCards, vendors } from '@server/db/schema';
import { badRequest } from '@server/errors';
import { serverText } from '@server/lib/texts';
import { counterCodeUsedNotification } from './counter-code-used';
import { decodeCode, encodeCode, newCodeId } from './stamp-codes';
import type { StampCodeSettings } from './stamp-code-settings';
import { codeAlreadyUsed } from './stamp-rules';

/**
 * A signed-out phone opened a counter link: the counter code is used up at once (the counter
 * screen shows the next one) and a held code for the same card comes back, valid five minutes,
 * for this phone alone to collect with once the customer has signed in. A slow SMS costs no
 * stamp, and nobody else can use the code meanwhile.
 */
export async function holdCounterCode(
  db: Database,
  settings: StampCodeSettings,
  input: string,
  now: Date,
): Promise<HeldCounterCode> {
  const signed = signedCodeIn(input);
  const decoded = signed ? decodeCode(settings.key, signed, now) : null;
  if (!decoded?.ok) {
    throw decoded?.reason === 'expired'
      ? badRequest(serverText('customer:scanError.expired'), 'code_expired')
      : badRequest(serverText('customer:scanError.invalid'), 'invalid_code');
  }
  const { claims } = decoded;
  if (claims.kind !== 'counter') throw badRequest(serverText('customer:scanError.invalid'), 'wrong_code_type');
  const [card] = await db
    .select({
      name: loyaltyCards.name,
      stampsRequired: loyaltyCards.stampsRequired,
      rewardTitle: loyaltyCards.rewardTitle,
      businessName: vendors.businessName,
    })
    .from(loyaltyCards)
    .innerJoin(vendors, eq(vendors.id, claims.vendorId))
    .where(eq(loyaltyCards.id, claims.cardId))
    .limit(1);
  // Whether the card takes a stamp now is the stamp's rule (stamp-rules.ts), applied on collecting.
  if (!card) throw badRequest(serverText('customer:scanError.invalid'), 'invalid_code');
  await db.transaction(async (tx) => {
    const [held] = await tx
      .insert(consumedCodes)
      .values({ codeId: `counter:${claims.codeId}`, userId: null, consumedAt: now })
      .onConflictDoNothing()
      .returning({ codeId: consumedCodes.codeId });
    if (!held) throw codeAlreadyUsed('customer', 'someone_else');
    // The counter screen showing it moves on to the next code (delivered on commit).
    await tx.execute(counterCodeUsedNotification(claims.vendorId, { cardId: claims.cardId, codeId: claims.codeId }));
  });
  const issuedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const heldCode = encodeCode(settings.key, {
    kind: 'held',
    cardId: claims.cardId,
    vendorId: claims.vendorId,
    codeId: newCodeId(),
    issuedAt,
    // The order's stamps go with the code the phone holds.
    ...(claims.quantity ? { quantity: claims.quantity } : {}),
    // And the branch whose counter showed it.
    ...(claims.branchId ? { branchId: claims.branchId } : {}),
  });
  return {
    heldCode,
    holdUntil: new Date(issuedAt.getTime() + HELD_CODE_TTL_SECONDS * 1000).toISOString(),
    card: {
      name: card.name,
      businessName: card.businessName,
      stampsRequired: card.stampsRequired,
      rewardTitle: card.rewardTitle,
    },
  };
}
