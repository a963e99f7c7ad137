import { rewardDisplayStatus } from '@shared/rewards/reward-expiry';
import { rewards } from '@server/db/schema';

/** The reward's columns presentEarnedReward reads: select these wherever one reward is shown. */
export const earnedRewardColumns = {
  id: rewards.id,
  status: rewards.status,
  expiresAt: rewards.expiresAt,
  rewardTitle: rewards.rewardTitle,
  rewardDescription: rewards.rewardDescription,
  rewardValue: rewards.rewardValue,
  earnedAt: rewards.earnedAt,
} as const;

/** What every view of one reward shows: its title and value, when it was earned, and its state now. */
export function presentEarnedReward(
  row: {
    id: string;
    status: string;
    expiresAt: Date | null;
    rewardTitle: string;
    rewardDescription: string;
    rewardValue: number;
    earnedAt: Date;
  },
  now: Date,
) {
  return {
    id: row.id,
    status: rewardDisplayStatus(row, now),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    rewardTitle: row.rewardTitle,
    rewardDescription: row.rewardDescription,
    rewardValue: row.rewardValue,
    earnedAt: row.earnedAt.toISOString(),
  };
}
