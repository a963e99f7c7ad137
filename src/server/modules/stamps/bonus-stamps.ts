import { eq } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { loyaltyCards } from '@server/db/schema';
import { SYSTEM_ACTOR } from '@server/lib/record-audit';
import type { StampKind } from '@shared/stamps/referrals';
import { hasMonthlyStampRoom } from './check-monthly-stamp-limit';
import { recordReferralPayout, settleReferralAtVisit } from './settle-referral';
import { loadStampContext } from './stamp-context';
import type { StampCardInput, StampOutcome } from './stamp-request';
import { lockUserCard, writeStamp } from './write-stamp';

/** A bonus stamp given, or why not: the owner's plan has no stamp left this month, or the card takes none now. */
export type BonusStampResult = { given: StampOutcome } | { refused: 'plan_limit' | 'card' };

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

/** A referral's bonus: the stamp, or null when it is skipped (the referral row records it). */
async function giveReferralBonusStamp(
  tx: Executor,
  input: { customerUserId: string; cardId: string; ref: string; now: Date },
): Promise<StampOutcome | null> {
  const result = await giveBonusStamp(tx, { ...input, kind: 'referral_bonus' });
  return 'given' in result ? result.given : null;
}

/**
 * After a visit stamp: when it is a referred friend's first visit at the card's owner, both the
 * friend (on the card just stamped) and the referrer (on the card they shared) get a bonus stamp,
 * each if its card and the plan allow (settle-referral.ts decides who; this writes the stamps).
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
  const friendBonus = await giveReferralBonusStamp(tx, {
    customerUserId: input.friendUserId,
    cardId: visit.userCard.cardId,
    ref,
    now,
  });
  const referrerBonus = payout.referrer
    ? await giveReferralBonusStamp(tx, {
        customerUserId: payout.referrer.userId,
        cardId: payout.referrer.cardId,
        ref,
        now,
      })
    : null;
  const notes = [
    friendBonus ? null : 'friend_bonus_skipped',
    payout.referrerNote ?? (payout.referrer && !referrerBonus ? 'referrer_bonus_skipped' : null),
  ].filter((note): note is string => note !== null);
  await recordReferralPayout(tx, payout.referralId, {
    friendStampId: friendBonus?.stamp.id ?? null,
    referrerStampId: referrerBonus?.stamp.id ?? null,
    note: notes.length > 0 ? notes.join(' ') : null,
    now,
  });
  if (!friendBonus) return visit;
  return { ...visit, reward: friendBonus.reward ?? visit.reward, userCard: friendBonus.userCard, referralBonus: true };
}
