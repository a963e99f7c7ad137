import { z } from 'zod';
import { REWARD_EXPIRY_REMINDER_DAYS, rewardReminderAt } from '@shared/rewards/reward-expiry';
import { jobKind, newJob, type NewJob } from '@server/lib/job-queue';

/** The job that reminds a customer of a reward about to expire (handled in rewards/reward-expiry-jobs.ts). */
export const REWARD_REMINDER_JOB = jobKind(
  'reward.expiry-reminder',
  z.object({ rewardId: z.string(), daysBefore: z.number().int() }),
);
/** The job that starts the customer's card over once its reward expired unredeemed. */
export const REWARD_EXPIRE_JOB = jobKind('reward.expire', z.object({ rewardId: z.string() }));

/**
 * The jobs of a reward that expires, written with the reward and keyed by it so each exists once:
 * the reminders 7 days and 1 day before (rewardReminderAt), and the expiry itself.
 */
export function rewardExpiryJobs(reward: { id: string; earnedAt: Date; expiresAt: Date }): NewJob[] {
  const expire = newJob(
    REWARD_EXPIRE_JOB,
    { rewardId: reward.id },
    { runAt: reward.expiresAt, uniqueKey: `reward-expire:${reward.id}` },
  );
  const reminders = REWARD_EXPIRY_REMINDER_DAYS.flatMap((daysBefore) => {
    const runAt = rewardReminderAt(reward.earnedAt, reward.expiresAt, daysBefore);
    return runAt
      ? [
          newJob(
            REWARD_REMINDER_JOB,
            { rewardId: reward.id, daysBefore },
            { runAt, uniqueKey: `reward-reminder:${reward.id}:${daysBefore}`, maxAttempts: 3 },
          ),
        ]
      : [];
  });
  return [...reminders, expire];
}
