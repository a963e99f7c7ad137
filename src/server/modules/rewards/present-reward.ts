import { rewardDisplayStatus } from '@shared/reward-expiry';

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
