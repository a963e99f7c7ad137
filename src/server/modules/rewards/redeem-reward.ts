import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { RedeemedReward, rewardCodeLookupSchema } from '@shared/rewards';
import type { Database, Executor } from '@server/db/client';
import { loyaltyCards, rewards, userCards, users } from '@server/db/schema';
import { conflict, forbidden, notFound } from '@server/errors';
import { actorOf, recordAudit } from '@server/modules/audit/record-audit';
import { notifyLive } from '@server/modules/live/notify-live';
import { vendorHonoursCard } from '@server/modules/partner-cards/partnerships';
import { readCode } from '@server/modules/stamps/read-code';
import type { StampCodeSettings } from '@server/modules/stamps/stamp-code-settings';
import { serverText } from '@server/lib/texts';

export interface RedeemingStaff {
  userId: string;
  email: string;
  vendorId: string;
}

const OTHER_VENDOR_MESSAGE = 'This reward belongs to another vendor.';

async function readRewardCode(
  db: Executor,
  settings: StampCodeSettings,
  staff: RedeemingStaff,
  code: string,
  now: Date,
) {
  const claims = await readCode(db, code, {
    reader: 'staff-redeem',
    key: settings.key,
    actorUserId: staff.userId,
    typedAttemptsPerMinute: settings.typedAttemptsPerMinute,
    now,
  });
  // The code names the card's owner; a partner card's reward is honoured by its partners too,
  // which the reward's own row decides below (assertHonouredBy).
  return claims;
}

/** The owner of the reward's card, or an accepted partner of it (decision 023), honours the reward. */
async function assertHonouredBy(
  db: Executor,
  staff: RedeemingStaff,
  reward: { vendorId: string; cardId: string },
): Promise<void> {
  if (reward.vendorId === staff.vendorId) return;
  if (!(await vendorHonoursCard(db, staff.vendorId, reward.cardId))) throw forbidden(OTHER_VENDOR_MESSAGE);
}

/** Staff scanned a live reward code: what the reward is and whose, before they confirm. */
export async function lookupRewardCode(
  db: Executor,
  settings: StampCodeSettings,
  staff: RedeemingStaff,
  code: string,
  now: Date,
): Promise<z.infer<typeof rewardCodeLookupSchema>> {
  const claims = await readRewardCode(db, settings, staff, code, now);
  const [row] = await db
    .select({
      id: rewards.id,
      vendorId: rewards.vendorId,
      cardId: rewards.cardId,
      status: rewards.status,
      rewardTitle: rewards.rewardTitle,
      rewardDescription: rewards.rewardDescription,
      rewardValue: rewards.rewardValue,
      earnedAt: rewards.earnedAt,
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
      id: row.id,
      status: row.status as 'earned' | 'redeemed',
      rewardTitle: row.rewardTitle,
      rewardDescription: row.rewardDescription,
      rewardValue: row.rewardValue,
      earnedAt: row.earnedAt.toISOString(),
      cardName: row.cardName,
    },
    customer: { name: row.customerName },
  };
}

/**
 * Staff confirm a live reward code: in one transaction the reward row is locked, checked and
 * marked redeemed (time and staff member), and the customer's card is locked and starts over.
 * Parallel confirmations queue on the reward's row lock; only the first finds it still earned.
 */
export async function redeemRewardWithCode(
  db: Database,
  settings: StampCodeSettings,
  staff: RedeemingStaff,
  code: string,
  now: Date,
): Promise<RedeemedReward> {
  const claims = await readRewardCode(db, settings, staff, code, now);
  return db.transaction(async (tx) => {
    const [reward] = await tx.select().from(rewards).where(eq(rewards.id, claims.rewardId)).for('update');
    if (!reward) throw notFound('Reward not found');
    await assertHonouredBy(tx, staff, reward);
    if (reward.status !== 'earned') throw conflict('This reward has already been redeemed.', 'already_redeemed');

    await tx
      .update(rewards)
      .set({ status: 'redeemed', redeemedAt: now, redeemedBy: staff.userId, redeemedByVendorId: staff.vendorId })
      .where(eq(rewards.id, reward.id));
    if (reward.userCardId) {
      await tx.select({ id: userCards.id }).from(userCards).where(eq(userCards.id, reward.userCardId)).for('update');
      await tx
        .update(userCards)
        .set({ stampsCollected: 0, status: 'active', completedAt: null, startedAt: now })
        .where(eq(userCards.id, reward.userCardId));
    }
    const [customer] = await tx.select({ name: users.name }).from(users).where(eq(users.id, reward.userId)).limit(1);
    await recordAudit(tx, {
      actor: actorOf(staff),
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
    return {
      reward: {
        id: reward.id,
        rewardTitle: reward.rewardTitle,
        rewardValue: reward.rewardValue,
        redeemedAt: now.toISOString(),
      },
      customer: { name: customer?.name ?? '' },
      message: serverText('customer:reward.redeemed'),
    };
  });
}
