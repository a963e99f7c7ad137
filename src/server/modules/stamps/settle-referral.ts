import { and, eq, gte, isNotNull, or, sql } from 'drizzle-orm';
import { startOfPakistanMonth } from '@shared/pakistan-time';
import type { Executor } from '@server/db/client';
import { referralCodes, referrals } from '@server/db/schema';
import { loadReferralFacts } from './referral-facts';
import { referralRefusal, referrerMayEarn } from './referral-rules';

/** Who gets a bonus stamp for a referral, decided at the friend's first visit stamp. */
export interface ReferralPayout {
  referralId: string;
  /** The referrer and the card they shared, or null when the referrer's side does not pay. */
  referrer: { userId: string; cardId: string } | null;
  /** Why the referrer's side does not pay (the monthly cap), for the record. */
  referrerNote: string | null;
}

/**
 * Called inside the stamp's transaction after a visit stamp at `vendorId`: the friend's pending
 * referral there, locked so two stamps settle it once, checked again by the same rules as the
 * claim (the vendor may have switched referrals off, the accounts may have met on one browser
 * since). A refused referral is closed with its reason and pays nothing.
 */
export async function settleReferralAtVisit(
  tx: Executor,
  input: { vendorId: string; friendUserId: string; visitStampId: string; friendDevice?: string; now: Date },
): Promise<ReferralPayout | null> {
  const [pending] = await tx
    .select({
      id: referrals.id,
      referrerUserId: referrals.referrerUserId,
      cardId: referralCodes.cardId,
    })
    .from(referrals)
    .innerJoin(referralCodes, eq(referralCodes.code, referrals.code))
    .where(
      and(
        eq(referrals.vendorId, input.vendorId),
        eq(referrals.friendUserId, input.friendUserId),
        eq(referrals.status, 'pending'),
      ),
    )
    .for('update', { of: referrals });
  if (!pending) return null;
  const facts = await loadReferralFacts(tx, {
    vendorId: input.vendorId,
    referrerUserId: pending.referrerUserId,
    friendUserId: input.friendUserId,
    exceptStampId: input.visitStampId,
    friendDevice: input.friendDevice,
  });
  const refusal = referralRefusal(facts);
  if (refusal) {
    await tx
      .update(referrals)
      .set({ status: 'refused', outcomeNote: refusal, settledAt: input.now })
      .where(eq(referrals.id, pending.id));
    return null;
  }
  const [earned] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(referrals)
    .where(
      and(
        eq(referrals.vendorId, input.vendorId),
        eq(referrals.referrerUserId, pending.referrerUserId),
        // A bonus waiting for the referrer's card to start over is earned this month too.
        or(isNotNull(referrals.referrerBonusStampId), referrals.referrerBonusWaiting),
        gte(referrals.settledAt, startOfPakistanMonth(input.now)),
      ),
    );
  const mayEarn = referrerMayEarn(earned?.count ?? 0);
  return {
    referralId: pending.id,
    referrer: mayEarn ? { userId: pending.referrerUserId, cardId: pending.cardId } : null,
    referrerNote: mayEarn ? null : 'referrer_monthly_cap',
  };
}

/**
 * Closes a settled referral with the bonus stamps it gave (either may be missing, with a reason).
 * The referrer's bonus may wait instead (`referrerWaiting`: their card is complete), given when
 * the card starts over (giveWaitingReferrerBonuses); a waiting bonus counts as given here.
 */
export async function recordReferralPayout(
  tx: Executor,
  referralId: string,
  payout: {
    friendStampId: string | null;
    referrerStampId: string | null;
    referrerWaiting: boolean;
    note: string | null;
    now: Date;
  },
): Promise<void> {
  const gaveAny = payout.friendStampId !== null || payout.referrerStampId !== null || payout.referrerWaiting;
  await tx
    .update(referrals)
    .set({
      status: gaveAny ? 'rewarded' : 'refused',
      friendBonusStampId: payout.friendStampId,
      referrerBonusStampId: payout.referrerStampId,
      referrerBonusWaiting: payout.referrerWaiting,
      outcomeNote: payout.note,
      settledAt: payout.now,
    })
    .where(eq(referrals.id, referralId));
}
