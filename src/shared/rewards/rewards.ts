import { z } from 'zod';
import { REWARD_DISPLAY_STATUSES } from './reward-expiry';
import { codeInputSchema } from '@shared/stamps/stamps';
import { counterBranchIdSchema } from '@shared/vendors/branches';

/** What every view of one reward shows (the server's presentEarnedReward). */
const earnedRewardSchema = z.object({
  id: z.string(),
  /** expired: earned, not redeemed, past its expiry (shared/rewards/reward-expiry.ts). */
  status: z.enum(REWARD_DISPLAY_STATUSES),
  /** When it expires (the end of its last Pakistan day); null: never. */
  expiresAt: z.string().nullable(),
  rewardTitle: z.string(),
  rewardDescription: z.string(),
  rewardValue: z.number(),
  earnedAt: z.string(),
});

/** A customer's own reward, as the Redeem Reward page shows it. */
export const customerRewardSchema = earnedRewardSchema.extend({
  redeemedAt: z.string().nullable(),
  card: z.object({ id: z.string(), name: z.string() }),
  vendor: z.object({ name: z.string(), logo: z.string(), slug: z.string() }),
});
export type CustomerReward = z.infer<typeof customerRewardSchema>;

export const rewardIdParamsSchema = z.object({ rewardId: z.uuid({ error: 'Reward not found' }) });

/** The counter's branch: the redemption records it (decision 089). */
export const rewardCodeRequestSchema = z.object({ code: codeInputSchema, branchId: counterBranchIdSchema });

/** A points card's customer chooses a reward of the card's menu by its price in points (decision 085). */
export const chooseRewardRequestSchema = z.object({
  cardId: z.uuid({ error: 'Please choose a loyalty card.' }),
  milestone: z
    .number({ error: 'milestone must be the price in points of one of the card’s rewards.' })
    .int('milestone must be the price in points of one of the card’s rewards.')
    .min(1, 'milestone must be the price in points of one of the card’s rewards.'),
});

/** What staff see after scanning a live reward code, before confirming it. */
export const rewardCodeLookupSchema = z.object({
  reward: earnedRewardSchema.extend({ cardName: z.string() }),
  customer: z.object({ name: z.string() }),
});
export type RewardCodeLookup = z.infer<typeof rewardCodeLookupSchema>;

export const redeemedRewardSchema = z.object({
  reward: z.object({
    id: z.string(),
    rewardTitle: z.string(),
    rewardValue: z.number(),
    redeemedAt: z.string(),
  }),
  customer: z.object({ name: z.string() }),
  message: z.string(),
});
export type RedeemedReward = z.infer<typeof redeemedRewardSchema>;
