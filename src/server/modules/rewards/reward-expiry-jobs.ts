import { and, eq } from 'drizzle-orm';
import { formatRewardLastDay, isRewardExpired } from '@shared/rewards/reward-expiry';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import { rewards, userCards, users, vendors } from '@server/db/schema';
import { finishJobWith, handlerOf, type JobHandler } from '@server/lib/job-queue';
import { notifyLive } from '@server/modules/notifications/notify-live';
import type { EmailService } from '@server/modules/notifications/email-service';
import { enqueuePush } from '@server/modules/notifications/push-job';
import { enqueueTextNotices } from '@server/modules/notifications/text-notice-job';
import { rewardExpiryReminderEmail } from '@server/modules/notifications/templates/stamp-emails';
import { REWARD_EXPIRE_JOB, REWARD_REMINDER_JOB } from '@server/modules/stamps/reward-reminder-jobs';
import { completesRound, startOverColumns } from '@server/modules/stamps/write-stamp';
import { applyAfterChange } from '@server/lib/after-change';

interface ExpiryJobDeps {
  db: Database;
  email: EmailService;
  config: Pick<Config, 'publicUrl'>;
}

/**
 * The reminder 7 days or 1 day before a reward expires (written with the reward, decision 037):
 * an e-mail of type "reward", so the customer's preferences decide (canSendEmail, in the e-mail
 * service), and a push and a WhatsApp or SMS beside it (canSendOn, in their jobs). Nothing for a reward redeemed or expired meanwhile. The e-mail is enqueued in the
 * transaction that finishes the job, so a job run twice sends one e-mail.
 */
export function rewardReminderHandler(deps: ExpiryJobDeps): JobHandler {
  const { db, email, config } = deps;
  return handlerOf(REWARD_REMINDER_JOB, {
    async run({ rewardId, daysBefore }, job, now) {
      const [reward] = await db
        .select({
          id: rewards.id,
          status: rewards.status,
          expiresAt: rewards.expiresAt,
          rewardTitle: rewards.rewardTitle,
          userId: rewards.userId,
          vendorId: rewards.vendorId,
          customerEmail: users.email,
          customerName: users.name,
          vendorName: vendors.businessName,
        })
        .from(rewards)
        .innerJoin(users, eq(users.id, rewards.userId))
        .innerJoin(vendors, eq(vendors.id, rewards.vendorId))
        .where(eq(rewards.id, rewardId))
        .limit(1);
      if (!reward || reward.status !== 'earned' || !reward.expiresAt || isRewardExpired(reward, now)) return;
      const { expiresAt } = reward;
      await finishJobWith(db, job, now, async (tx) => {
        await email.enqueue(
          {
            type: 'reward',
            to: reward.customerEmail,
            userId: reward.userId,
            render: ({ unsubscribeUrl }) =>
              rewardExpiryReminderEmail({
                name: reward.customerName,
                vendorName: reward.vendorName,
                rewardTitle: reward.rewardTitle,
                lastDay: formatRewardLastDay(expiresAt),
                daysBefore,
                rewardUrl: `${config.publicUrl}/user/rewards/${reward.id}`,
                unsubscribeUrl,
              }),
          },
          { tx },
        );
        // And by push (decision 043) and by WhatsApp or SMS where asked (081) beside it, each its
        // own job keyed by the reward and the day.
        const reminder = {
          userId: reward.userId,
          vendorId: reward.vendorId,
          notice: {
            type: 'reward_expiry' as const,
            rewardId: reward.id,
            vendorName: reward.vendorName,
            rewardTitle: reward.rewardTitle,
            expiresAt: expiresAt.toISOString(),
            daysBefore,
          },
          key: `reward-reminder:${reward.id}:${daysBefore}`,
        };
        await enqueuePush(tx, reminder, now);
        await enqueueTextNotices(tx, [reminder], now);
      });
    },
  });
}

/**
 * At its expiry, a reward still unredeemed is over: the customer's completed card starts over, so
 * they can collect stamps again (a completed card takes none while its reward waits).
 */
export function rewardExpireHandler(deps: Pick<ExpiryJobDeps, 'db'>): JobHandler {
  const { db } = deps;
  return handlerOf(REWARD_EXPIRE_JOB, {
    async run({ rewardId }, _job, now) {
      await db.transaction(async (tx) => {
        const [reward] = await tx.select().from(rewards).where(eq(rewards.id, rewardId)).for('update');
        if (!reward || !isRewardExpired(reward, now) || !reward.userCardId) return;
        // An earlier milestone's reward, or a points reward (its points were never taken), leaves
        // the card as it is: only the card's last reward holds a completed card (decision 085).
        const [card] = !completesRound(reward)
          ? []
          : await tx
              .update(userCards)
              .set(startOverColumns(now))
              .where(and(eq(userCards.id, reward.userCardId), eq(userCards.status, 'completed')))
              .returning({ id: userCards.id });
        if (card) await notifyLive(tx, reward.userId, { type: 'cards.changed' });
        // The Wallet pass no longer shows the reward as ready (after-change effects).
        await applyAfterChange(tx, 'reward.expired', { userCardId: reward.userCardId, now });
      });
    },
  });
}
