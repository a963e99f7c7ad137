import { REWARD_EXPIRY_REMINDER_DAYS, rewardReminderAt } from '@shared/rewards/reward-expiry';
import type { NewJob } from '@server/lib/job-queue';

/** The job that reminds a customer of a reward about to expire (handled in rewards/reward-expiry-jobs.ts). */
export const REWARD_REMINDER_JOB = 'reward.expiry-reminder';
/** The job that starts the customer's card over once its reward expired unredeemed. */
export const REWARD_EXPIRE_JOB = 'reward.expire';

/**
 * The jobs of a reward that expires, written with the reward and keyed by it so each exists once:
 * the reminders 7 days and 1 day before (rewardReminderAt), and the expiry itself.
 */
export function rewardExpiryJobs(reward: { id: string; earnedAt: Date; expiresAt: Date }): NewJob[] {
  const expire: NewJob = {
    name: REWARD_EXPIRE_JOB,
    payload: { rewardId: reward.id },
    runAt: reward.expiresAt,
    uniqueKey: `reward-expire:${reward.id}`,
  };
  const reminders = REWARD_EXPIRY_REMINDER_DAYS.flatMap((daysBefore) => {
    const runAt = rewardReminderAt(reward.earnedAt, reward.expiresAt, daysBefore);
    return runAt
      ? [
          {
            name: REWARD_REMINDER_JOB,
            payload: { rewardId: reward.id, daysBefore },
            runAt,
            uniqueKey: `reward-reminder:${reward.id}:${daysBefore}`,
            maxAttempts: 3,
          },
        ]
      : [];
  });
  return [...reminders, expire];
}
