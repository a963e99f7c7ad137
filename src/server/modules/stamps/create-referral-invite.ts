import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ReferralInvite } from '@shared/stamps/referrals';
import { cardPagePath } from '@shared/marketplace/share';
import { REFERRAL_PARAM } from '@shared/stamps/referrals';
import type { Executor } from '@server/db/client';
import { loyaltyCards, referralCodes, userCards, vendors } from '@server/db/schema';
import { conflict, notFound } from '@server/errors';
import { serverText } from '@server/lib/texts';

/** 128 random bits: a code names one customer's card and cannot be guessed or counted through. */
export function newReferralCode(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * A customer's invitation to one of their cards: the same code every time for that card, so
 * links already shared keep working. Only a card they hold, at an approved vendor that gives
 * referral bonuses, on an active card.
 */
export async function createReferralInvite(
  db: Executor,
  customerUserId: string,
  cardId: string,
  now: Date,
): Promise<ReferralInvite> {
  const [held] = await db
    .select({
      cardName: loyaltyCards.name,
      cardStatus: loyaltyCards.status,
      vendorId: vendors.id,
      vendorName: vendors.businessName,
      slug: vendors.slug,
      vendorStatus: vendors.status,
      referralsEnabled: vendors.referralsEnabled,
    })
    .from(userCards)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, userCards.cardId))
    .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
    .where(and(eq(userCards.userId, customerUserId), eq(userCards.cardId, cardId)))
    .limit(1);
  if (!held) throw notFound(serverText('customer:referral.notYourCard'), 'card_not_held');
  if (!held.referralsEnabled || held.vendorStatus !== 'approved' || held.cardStatus !== 'active') {
    throw conflict(serverText('customer:referral.off', { vendor: held.vendorName }), 'referrals_off');
  }
  await db
    .insert(referralCodes)
    .values({ code: newReferralCode(), userId: customerUserId, cardId, vendorId: held.vendorId, createdAt: now })
    .onConflictDoNothing();
  const [row] = await db
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(and(eq(referralCodes.userId, customerUserId), eq(referralCodes.cardId, cardId)));
  const code = row!.code;
  return {
    code,
    path: `${cardPagePath(held.slug, cardId)}&${REFERRAL_PARAM}=${encodeURIComponent(code)}`,
    cardName: held.cardName,
    vendorName: held.vendorName,
  };
}
