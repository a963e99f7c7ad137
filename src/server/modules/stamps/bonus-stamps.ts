import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { loyaltyCards, referralCodes, referrals, vendors } from '@server/db/schema';
import { enqueuePush } from '@server/modules/notifications/push-job';
import { SYSTEM_ACTOR } from '@server/lib/record-audit';
import type { StampKind } from '@shared/stamps/referrals';
import { hasMonthlyStampRoom } from './check-monthly-stamp-limit';
import { recordReferralPayout, settleReferralAtVisit } from './settle-referral';
import { loadStampContext } from './stamp-context';
import type { StampCardInput, StampOutcome } from './stamp-request';
import { lockUserCard, writeStamp } from './write-stamp';

/**
 * A bonus stamp given, or why not: the owner's plan has no stamp left this month, the card is
 * complete and waits for its reward to be redeemed, or the card takes none (not held, not found).
 */
export type BonusStampResult = { given: StampOutcome } | { refused: 'plan_limit' | 'reward_waiting' | 'card' };

/**
 * One bonus stamp on a customer's card, given by the card's owner (a referral, decision 038; an
 * automation, decision 044): written by writeStamp like any stamp (count, reward on the last,
 * audit, webhooks, live event) and marked as a bonus of its kind. Nobody waits at a counter for
 * it, so instead of refusing it answers why not: the card is not held or is waiting for its
 * reward, or the owner's plan has no stamp left this month (the same rule as every stamp,
 * hasMonthlyStampRoom, under the same vendor row lock).
 */
export async function giveBonusStamp(
  tx: Executor,
  input: { customerUserId: string; cardId: string; ref: string; now: Date; kind?: Exclude<StampKind, 'visit'> },
): Promise<BonusStampResult> {
  const kind = input.kind ?? 'referral_bonus';
  const [owner] = await tx
    .select({ vendorId: loyaltyCards.vendorId })
    .from(loyaltyCards)
    .where(eq(loyaltyCards.id, input.cardId));
  if (!owner) return { refused: 'card' };
  const card = await loadStampContext(tx, {
    cardId: input.cardId,
    customerUserId: input.customerUserId,
    issuerVendorId: owner.vendorId,
  });
  if (!card || card.customerEmail === null || card.customerName === null) return { refused: 'card' };
  const userCard = await lockUserCard(tx, input.customerUserId, input.cardId);
  if (userCard?.status === 'completed') return { refused: 'reward_waiting' };
  if (!userCard || userCard.status !== 'active') return { refused: 'card' };
  // The card's owner gives the bonus, so it counts against the owner's plan (card.issuer here).
  if (!(await hasMonthlyStampRoom(tx, card.issuer, input.now))) return { refused: 'plan_limit' };
  const bonusInput: StampCardInput = {
    customerUserId: input.customerUserId,
    cardId: input.cardId,
    code: { ref: input.ref, consumedKey: input.ref, kind },
    issuer: {
      vendorId: owner.vendorId,
      userId: null,
      actor: SYSTEM_ACTOR,
      auditAction: kind === 'automation_bonus' ? 'stamp.automation_bonus' : 'stamp.referral_bonus',
      audience: 'customer',
    },
    now: input.now,
  };
  const given = await writeStamp(tx, {
    input: bonusInput,
    card,
    userCard,
    customer: { email: card.customerEmail, name: card.customerName },
    joined: false,
    emailCustomer: false,
  });
  return { given };
}

/** A referral's bonus: the stamp, or why it was not given (the referral row records it). */
async function giveReferralBonusStamp(
  tx: Executor,
  input: { customerUserId: string; cardId: string; ref: string; now: Date },
): Promise<BonusStampResult> {
  return giveBonusStamp(tx, { ...input, kind: 'referral_bonus' });
}

const givenStamp = (result: BonusStampResult | null) => (result && 'given' in result ? result.given : null);

/**
 * The referrer hears that their bonus waits for their complete card to start over, by the push
 * that tells them of a referral bonus given (notifications/push-messages.ts), after the commit.
 */
async function tellReferrerBonusWaits(
  tx: Executor,
  input: { referralId: string; referrerUserId: string; cardId: string; now: Date },
): Promise<void> {
  const [card] = await tx
    .select({ cardName: loyaltyCards.name, rewardTitle: loyaltyCards.rewardTitle, vendorName: vendors.businessName })
    .from(loyaltyCards)
    .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
    .where(eq(loyaltyCards.id, input.cardId));
  if (!card) return;
  await enqueuePush(
    tx,
    {
      userId: input.referrerUserId,
      notice: { type: 'referral_bonus_waiting', ...card },
      key: `referral-waiting:${input.referralId}`,
    },
    input.now,
  );
}

/**
 * After a visit stamp: when it is a referred friend's first visit at the card's owner, both the
 * friend (on the card just stamped) and the referrer (on the card they shared) get a bonus stamp,
 * each if its card and the plan allow (settle-referral.ts decides who; this writes the stamps).
 * A referrer whose card is complete, its reward not yet redeemed, has their bonus kept waiting
 * and is told; it is given when the card starts over (giveWaitingReferrerBonuses).
 * Answers the friend's outcome with the bonus counted in.
 */
export async function giveReferralBonuses(
  tx: Executor,
  visit: StampOutcome,
  input: { vendorId: string; friendUserId: string; friendDevice?: string; now: Date },
): Promise<StampOutcome> {
  const { now } = input;
  const payout = await settleReferralAtVisit(tx, { ...input, visitStampId: visit.stamp.id });
  if (!payout) return visit;
  const ref = `referral:${payout.referralId}`;
  const friendBonus = givenStamp(
    await giveReferralBonusStamp(tx, {
      customerUserId: input.friendUserId,
      cardId: visit.userCard.cardId,
      ref,
      now,
    }),
  );
  const referrerResult = payout.referrer
    ? await giveReferralBonusStamp(tx, {
        customerUserId: payout.referrer.userId,
        cardId: payout.referrer.cardId,
        ref,
        now,
      })
    : null;
  const referrerBonus = givenStamp(referrerResult);
  const referrerWaiting =
    referrerResult !== null && 'refused' in referrerResult && referrerResult.refused === 'reward_waiting';
  const notes = [
    friendBonus ? null : 'friend_bonus_skipped',
    payout.referrerNote ??
      (referrerWaiting
        ? 'referrer_bonus_waiting'
        : payout.referrer && !referrerBonus
          ? 'referrer_bonus_skipped'
          : null),
  ].filter((note): note is string => note !== null);
  await recordReferralPayout(tx, payout.referralId, {
    friendStampId: friendBonus?.stamp.id ?? null,
    referrerStampId: referrerBonus?.stamp.id ?? null,
    referrerWaiting,
    note: notes.length > 0 ? notes.join(' ') : null,
    now,
  });
  if (referrerWaiting && payout.referrer)
    await tellReferrerBonusWaits(tx, {
      referralId: payout.referralId,
      referrerUserId: payout.referrer.userId,
      cardId: payout.referrer.cardId,
      now,
    });
  if (!friendBonus) return visit;
  return {
    ...visit,
    reward: friendBonus.reward ?? visit.reward,
    userCard: friendBonus.userCard,
    referralBonus: referrerWaiting ? 'given_referrer_waits' : 'given',
  };
}

/**
 * When a customer's card starts over (its reward redeemed, rewards/redeem-reward.ts), the referral
 * bonuses that waited for it are given now, in the redemption's transaction, under the same rules
 * as any bonus (the owner's monthly stamp limit). Each referral row is locked so that it pays once;
 * one the plan cannot pay any more is closed as skipped. The bonus stamp's push tells the referrer.
 */
export async function giveWaitingReferrerBonuses(
  tx: Executor,
  input: { customerUserId: string; cardId: string; now: Date },
): Promise<void> {
  const waiting = await tx
    .select({ id: referrals.id, outcomeNote: referrals.outcomeNote })
    .from(referrals)
    .innerJoin(referralCodes, eq(referralCodes.code, referrals.code))
    .where(
      and(
        eq(referrals.referrerUserId, input.customerUserId),
        eq(referralCodes.cardId, input.cardId),
        eq(referrals.referrerBonusWaiting, true),
      ),
    )
    .orderBy(asc(referrals.settledAt))
    .for('update', { of: referrals });
  for (const referral of waiting) {
    const result = await giveReferralBonusStamp(tx, {
      customerUserId: input.customerUserId,
      cardId: input.cardId,
      ref: `referral:${referral.id}`,
      now: input.now,
    });
    const given = givenStamp(result);
    // A bonus that completes the card again (a one-stamp card) leaves the rest waiting for the next round.
    if (!given && 'refused' in result && result.refused === 'reward_waiting') return;
    const otherNotes = (referral.outcomeNote ?? '')
      .split(' ')
      .filter((note) => note && note !== 'referrer_bonus_waiting');
    const notes = given ? otherNotes : [...otherNotes, 'referrer_bonus_skipped'];
    await tx
      .update(referrals)
      .set({
        referrerBonusWaiting: false,
        referrerBonusStampId: given?.stamp.id ?? null,
        outcomeNote: notes.length > 0 ? notes.join(' ') : null,
      })
      .where(eq(referrals.id, referral.id));
  }
}
