import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RedeemedReward, rewardCodeLookupSchema } from '@shared/rewards/rewards';
import { formatRewardLastDay, isRewardExpired } from '@shared/rewards/reward-expiry';
import { earnedRewardColumns, presentEarnedReward } from './present-reward';
import type { Database, Executor } from '@server/db/client';
import { retryOnTransactionConflict } from '@server/db/transaction-conflict';
import { loyaltyCards, rewards, userCards, users } from '@server/db/schema';
import { conflict, forbidden, notFound } from '@server/errors';
import { recordAudit } from '@server/lib/record-audit';
import { notifyLive } from '@server/modules/notifications/notify-live';
import { assertCardHonouredAtBranch, vendorHonoursCard } from '@server/modules/cards/partnerships';
import type { CounterActor } from '@server/modules/stamps/counter-actor';
import { readCode } from '@server/modules/stamps/read-code';
import { giveWaitingReferrerBonuses } from '@server/modules/stamps/bonus-stamps';
import { completesRound, startOverColumns } from '@server/modules/stamps/write-stamp';
import type { StampCodeSettings } from '@server/modules/stamps/stamp-code-settings';
import { serverText } from '@server/lib/texts';
import { applyAfterChange } from '@server/lib/after-change';

/**
 * An expired reward can no longer be redeemed: at the counter, through the vendor API, nor shown
 * as a live code on the customer's screen (mintRewardCode). 409 reward_expired naming its last day.
 */
export function assertRewardNotExpired(reward: { status: string; expiresAt: Date | null }, now: Date): void {
  if (isRewardExpired(reward, now))
    throw conflict(
      serverText('customer:reward.expiredError', { date: formatRewardLastDay(reward.expiresAt!) }),
      'reward_expired',
    );
}

const OTHER_VENDOR_MESSAGE = 'This reward belongs to another vendor.';
const NOT_THIS_CUSTOMERS_MESSAGE = 'This reward belongs to another customer.';

async function readRewardCode(
  db: Executor,
  settings: StampCodeSettings,
  { staff, code }: { staff: CounterActor; code: string },
  now: Date,
) {
  // The code names the card's owner; a partner card's reward is honoured by its partners too,
  // which the reward's own row decides (assertHonouredBy).
  return readCode(db, code, {
    reader: 'staff-redeem',
    key: settings.key,
    actorUserId: staff.typedCodeLimitKey,
    typedAttemptsPerMinute: settings.typedAttemptsPerMinute,
    now,
  });
}

/**
 * The owner of the reward's card, or an accepted partner of it (decision 023), honours the reward,
 * at a branch the card is honoured at (decision 089).
 */
async function assertHonouredBy(
  db: Executor,
  staff: CounterActor,
  reward: { vendorId: string; cardId: string },
): Promise<void> {
  if (reward.vendorId !== staff.vendorId && !(await vendorHonoursCard(db, staff.vendorId, reward.cardId)))
    throw forbidden(OTHER_VENDOR_MESSAGE);
  const [card] = await db
    .select({ vendorId: loyaltyCards.vendorId, branchIds: loyaltyCards.branchIds })
    .from(loyaltyCards)
    .where(eq(loyaltyCards.id, reward.cardId));
  if (card) assertCardHonouredAtBranch(card, staff);
}

/** Staff scanned a live reward code: what the reward is and whose, before they confirm. */
export async function lookupRewardCode(
  db: Executor,
  settings: StampCodeSettings,
  { staff, code }: { staff: CounterActor; code: string },
  now: Date,
): Promise<z.infer<typeof rewardCodeLookupSchema>> {
  const claims = await readRewardCode(db, settings, { staff, code }, now);
  const [row] = await db
    .select({
      ...earnedRewardColumns,
      vendorId: rewards.vendorId,
      cardId: rewards.cardId,
      cardName: loyaltyCards.name,
      customerName: users.name,
    })
    .from(rewards)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, rewards.cardId))
    .innerJoin(users, eq(users.id, rewards.userId))
    .where(eq(rewards.id, claims.rewardId))
    .limit(1);
  if (!row) throw notFound('Reward not found');
  await assertHonouredBy(db, staff, row);
  return {
    reward: {
      ...presentEarnedReward(row, now),
      cardName: row.cardName,
    },
    customer: { name: row.customerName },
  };
}

/**
 * The one redemption (for the counter screen and the vendor API alike): the reward row is locked,
 * checked and marked redeemed (time, staff member if any, vendor), and the customer's card is
 * locked and starts over, in the caller's transaction. Parallel confirmations queue on the
 * reward's row lock; only the first finds it still earned. `customerUserId`, when given, must be
 * the reward's customer (a point of sale that chose the reward from the customer's list).
 */
export async function redeemReward(
  tx: Executor,
  staff: CounterActor,
  target: { rewardId: string; customerUserId?: string },
  now: Date,
): Promise<RedeemedReward> {
  const [reward] = await tx.select().from(rewards).where(eq(rewards.id, target.rewardId)).for('update');
  if (!reward) throw notFound('Reward not found');
  await assertHonouredBy(tx, staff, reward);
  if (target.customerUserId !== undefined && reward.userId !== target.customerUserId)
    throw forbidden(NOT_THIS_CUSTOMERS_MESSAGE, 'other_customer');
  if (reward.status !== 'earned') throw conflict('This reward has already been redeemed.', 'already_redeemed');
  assertRewardNotExpired(reward, now);

  await tx
    .update(rewards)
    .set({
      status: 'redeemed',
      redeemedAt: now,
      redeemedBy: staff.userId,
      redeemedByVendorId: staff.vendorId,
      redeemedBranchId: staff.branchId ?? null,
    })
    .where(eq(rewards.id, reward.id));
  if (reward.userCardId) {
    const [held] = await tx
      .select({ id: userCards.id, stampsCollected: userCards.stampsCollected })
      .from(userCards)
      .where(eq(userCards.id, reward.userCardId))
      .for('update');
    // The card's last reward starts it over; a points reward takes its price from the card (its
    // choice kept the points free, choose-reward.ts); an earlier milestone leaves it going (decision 085).
    if (reward.pointsPrice !== null) {
      if (!held || held.stampsCollected < reward.pointsPrice)
        throw conflict('This customer no longer has the points for this reward.', 'points_short');
      await tx
        .update(userCards)
        .set({ stampsCollected: sql`${userCards.stampsCollected} - ${reward.pointsPrice}` })
        .where(eq(userCards.id, reward.userCardId));
    } else if (completesRound(reward))
      await tx.update(userCards).set(startOverColumns(now)).where(eq(userCards.id, reward.userCardId));
  }
  const [details] = await tx
    .select({ customerName: users.name, cardName: loyaltyCards.name })
    .from(users)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, reward.cardId))
    .where(and(eq(users.id, reward.userId)))
    .limit(1);
  await recordAudit(tx, {
    actor: staff.actor,
    action: 'reward.redeem',
    targetType: 'reward',
    targetId: reward.id,
    vendorId: staff.vendorId,
    metadata: { customerUserId: reward.userId, userCardId: reward.userCardId, rewardValue: reward.rewardValue },
  });
  await notifyLive(tx, reward.userId, {
    type: 'reward.redeemed',
    rewardId: reward.id,
    userCardId: reward.userCardId,
    redeemedAt: now.toISOString(),
  });
  // The card's Wallet pass starts over too, and the vendor API's webhooks hear of it (after-change effects).
  await applyAfterChange(tx, 'reward.redeemed', {
    reward: { id: reward.id, rewardTitle: reward.rewardTitle, rewardValue: reward.rewardValue },
    redeemedByVendorId: staff.vendorId,
    ownerVendorId: reward.vendorId,
    card: { id: reward.cardId, name: details?.cardName ?? '' },
    userCardId: reward.userCardId,
    customer: { id: reward.userId, name: details?.customerName ?? '' },
    now,
  });
  // A friend's referral bonus that waited for this card to start over is given now, after the
  // redemption's own events so that the stamp follows the card's restart everywhere it is told.
  if (reward.userCardId && completesRound(reward))
    await giveWaitingReferrerBonuses(tx, { customerUserId: reward.userId, cardId: reward.cardId, now });
  return {
    reward: {
      id: reward.id,
      rewardTitle: reward.rewardTitle,
      rewardValue: reward.rewardValue,
      redeemedAt: now.toISOString(),
    },
    customer: { name: details?.customerName ?? '' },
    message: serverText('customer:reward.redeemed'),
  };
}

/** Staff confirm a live reward code: the reward it names is redeemed (redeemReward), in one transaction. */
export async function redeemRewardWithCode(
  db: Database,
  settings: StampCodeSettings,
  { staff, code }: { staff: CounterActor; code: string },
  now: Date,
): Promise<RedeemedReward> {
  const claims = await readRewardCode(db, settings, { staff, code }, now);
  // A waiting referral bonus stamps inside the redemption (giveWaitingReferrerBonuses), so it can
  // collide with a stamp at the same counter like two stamps can: run again, it goes through.
  return retryOnTransactionConflict(() =>
    db.transaction((tx) => redeemReward(tx, staff, { rewardId: claims.rewardId }, now)),
  );
}

/** Which reward a point of sale redeems, and for which customer when it chose from their list. */
export interface RedemptionTarget {
  rewardId: string;
  customerUserId?: string;
}

/**
 * What a point of sale sent to redeem, read as the counter reads codes: the live reward code, or a
 * reward chosen from the customer's list with the customer present, shown by their My QR code (a
 * Wallet pass barcode is refused: it never expires). Read outside the redemption's transaction,
 * so a refused guess counts against the vendor's typed-code limit though the write rolls back.
 */
export async function readRedemptionTarget(
  db: Executor,
  settings: StampCodeSettings,
  {
    staff,
    sent: input,
  }: {
    staff: CounterActor;
    /** What the point of sale sent: the reward code, or the reward it chose and the customer's code. */
    sent: { rewardCode: string } | { rewardId: string; customerCode: string };
  },
  now: Date,
): Promise<RedemptionTarget> {
  if ('rewardCode' in input)
    return { rewardId: (await readRewardCode(db, settings, { staff, code: input.rewardCode }, now)).rewardId };
  const claims = await readCode(db, input.customerCode, {
    reader: 'staff-redeem-customer',
    key: settings.key,
    actorUserId: staff.typedCodeLimitKey,
    typedAttemptsPerMinute: settings.typedAttemptsPerMinute,
    now,
  });
  return { rewardId: input.rewardId, customerUserId: claims.userId };
}
