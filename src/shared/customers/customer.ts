import { z } from 'zod';
import { EARN_KINDS, TIER_BASES } from '@shared/cards/earn-rules';

export const dashboardCardSchema = z.object({
  /** The user card's id. */
  id: z.string(),
  cardId: z.string(),
  name: z.string(),
  description: z.string(),
  cardType: z.string(),
  /** The loyalty card's own state (active, paused...). */
  cardStatus: z.string(),
  rewardTitle: z.string(),
  rewardValue: z.number(),
  stampsCollected: z.number(),
  stampsRequired: z.number(),
  status: z.enum(['active', 'completed']),
  isSample: z.boolean(),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
  lastStampAt: z.string().nullable(),
  /** Set while the card's minimum interval since the last stamp has not passed. */
  nextStampAt: z.string().nullable(),
  /** The earned, not yet redeemed reward of a completed card. */
  rewardId: z.string().nullable(),
  /** When that reward expires (the end of its last Pakistan day); null: never, or no reward. */
  rewardExpiresAt: z.string().nullable(),
  /** Stamps of this card the shop reversed (decision 086), and when it last did. */
  reversedStamps: z.number(),
  lastReversedAt: z.string().nullable(),
  vendor: z.object({ id: z.string(), name: z.string(), logo: z.string(), slug: z.string(), city: z.string() }),
  /** How the card earns, its head start and its earlier rewards (decision 085). */
  earnKind: z.enum(EARN_KINDS),
  headStartStamps: z.number(),
  milestones: z.array(z.object({ at: z.number(), rewardTitle: z.string(), rewardValue: z.number() })),
  /** The card's rewards earned or chosen and not yet redeemed nor expired, each at its milestone or price. */
  waitingRewards: z.array(z.object({ id: z.string(), rewardTitle: z.string(), milestone: z.number() })),
  /** A points card: the points its chosen rewards hold until redeemed (the rest are free to spend). */
  heldPoints: z.number(),
  /**
   * A tiered card whose shop's plan has tiers (decision 087): its levels, the customer's level and
   * the visits or points of the last 90 days it was worked out from (at their last stamp or overnight).
   */
  tier: z
    .object({
      rule: z.object({
        basis: z.enum(TIER_BASES),
        levels: z.array(z.object({ name: z.string(), from: z.number(), multiplier: z.number() })),
      }),
      level: z.number(),
      count: z.number(),
    })
    .nullable(),
  /** A partner card's accepted partners (decision 023), after the owner in "Honoured at"; empty otherwise. */
  partners: z.array(z.object({ name: z.string(), slug: z.string() })),
});
export type DashboardCard = z.infer<typeof dashboardCardSchema>;

export const customerDashboardSchema = z.object({
  account: z.object({
    email: z.string(),
    name: z.string(),
    surname: z.string(),
    city: z.string().nullable(),
    phone: z.string().nullable(),
    verified: z.boolean(),
    /** Every field of /complete-profile is filled in: the dashboard stops offering "Complete profile". */
    profileComplete: z.boolean(),
    /** "Verified" or "Pending Verification". */
    verificationStatus: z.string(),
  }),
  stats: z.object({
    /** Cards still collecting stamps. */
    activeCards: z.number(),
    /** Every stamp ever collected, across card rounds. */
    totalStamps: z.number(),
    /** Rewards ever earned (redeemed or waiting). */
    rewardsEarned: z.number(),
    /** SPEC.md: the sum of reward_value of the rewards earned (redeemed or waiting), PKR. */
    valueSaved: z.number(),
    /** The part of valueSaved already redeemed at the counter, PKR. */
    valueRedeemed: z.number(),
  }),
  cards: z.array(dashboardCardSchema),
  /** The vendor the person applied for or works for, if any. */
  vendorApplication: z
    .object({
      vendorId: z.string(),
      businessName: z.string(),
      role: z.enum(['owner', 'staff']),
      status: z.enum(['pending', 'approved', 'rejected', 'suspended']),
      rejectionReason: z.string().nullable(),
      appliedAt: z.string(),
    })
    .nullable(),
  demo: z.object({
    enabled: z.boolean(),
    /** Demo mode and no cards yet: the page adds sample cards on load (SPEC.md). */
    sampleCardsAvailable: z.boolean(),
    hasSampleCards: z.boolean(),
  }),
});
export type CustomerDashboard = z.infer<typeof customerDashboardSchema>;

export const sampleCardsResultSchema = z.object({ added: z.number(), message: z.string() });
export type SampleCardsResult = z.infer<typeof sampleCardsResultSchema>;
