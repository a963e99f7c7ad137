import { z } from 'zod';
import { REWARD_DISPLAY_STATUSES } from '@shared/rewards/reward-expiry';
import { codeInputSchema, stampQuantitySchema } from '@shared/stamps/stamps';
import { billAmountSchema } from '@shared/cards/earn-rules';
import { API_SCOPES } from './vendor-api';

/**
 * Requests and answers of the vendor API (/api/v1), the contract a point-of-sale system codes
 * against. The OpenAPI document (GET /api/v1/openapi.json) is generated from these schemas, so the
 * reference and the validation cannot disagree. Descriptions here become the reference's words.
 */

export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Stable, for programs: invalid_api_key, insufficient_scope, …' }),
      message: z.string().meta({ description: 'A sentence a person can act on.' }),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .meta({ description: 'Bad input: the field at fault and what is wrong with it.' }),
    }),
  })
  .meta({ id: 'Error' });

export const apiMeSchema = z
  .object({
    vendor: z.object({ id: z.string(), name: z.string() }),
    key: z.object({
      id: z.string(),
      name: z.string(),
      prefix: z.string(),
      scopes: z.array(z.enum(API_SCOPES)),
      rateLimitPerMinute: z.number(),
    }),
  })
  .meta({ id: 'Me' });

const customerCodeField = codeInputSchema.meta({
  description: 'The customer’s My QR code: the scanned QR payload (CHK1.u…) or its 8-character typed form.',
  example: 'K7QF-2MXD',
});

export const apiCustomerLookupRequestSchema = z.object({ customerCode: customerCodeField });

export const apiCustomerCardSchema = z
  .object({
    cardId: z.string(),
    name: z.string(),
    stampsRequired: z.number(),
    stampsCollected: z.number().nullable().meta({ description: 'Null when the customer does not hold the card yet.' }),
    rewardPending: z.boolean().meta({ description: 'A completed card waits for its reward to be redeemed.' }),
  })
  .meta({ id: 'CustomerCard' });

export const apiCustomerLookupSchema = z
  .object({
    customer: z.object({
      id: z.string().meta({ description: 'Stable id of the customer, for listing their rewards.' }),
      name: z.string().meta({ description: 'First name only.' }),
    }),
    cards: z.array(apiCustomerCardSchema).meta({ description: 'The active cards your counter honours.' }),
  })
  .meta({ id: 'CustomerLookup' });

export const apiIssueStampRequestSchema = z.object({
  customerCode: customerCodeField,
  cardId: z.uuid({ error: 'cardId must be the id of one of your cards.' }).meta({ description: 'The card to stamp.' }),
  quantity: stampQuantitySchema.default(1).meta({
    description:
      'Stamps for this order (a family of four: 4), up to the most your shop allows in one order (Profile: stamps per order; a per-item card: its items per visit). One visit for the card’s interval; each stamp counts against the monthly limit.',
  }),
  amount: billAmountSchema.optional().meta({
    description:
      'A points card only: the bill in whole PKR (1 to 1,000,000). The card gives its points per full 100 PKR, rounded down; a bill below the card’s minimum is refused. One award counts as one stamp against the monthly limit.',
  }),
  branchId: z.uuid({ error: 'branchId must be the id of one of your open branches.' }).optional().meta({
    description:
      'The branch whose counter this is (Branches page). A card honoured at chosen branches only is refused without it, and at a branch it is not honoured at. With one open branch, that one is assumed.',
  }),
});

export const apiStampResultSchema = z
  .object({
    stamp: z.object({ id: z.string(), issuedAt: z.string() }),
    quantity: z.number().meta({ description: 'Stamps this order gave.' }),
    carriedStamps: z.number().meta({
      description:
        'Stamps of this order beyond the reward: the card starts its next round with them when the reward is redeemed.',
    }),
    card: z.object({
      id: z.string(),
      name: z.string(),
      stampsCollected: z.number(),
      stampsRequired: z.number(),
      status: z.enum(['active', 'completed']),
    }),
    reward: z
      .object({ id: z.string(), rewardTitle: z.string(), rewardValue: z.number(), milestone: z.number() })
      .nullable()
      .meta({ description: 'The last reward this stamp earned: a milestone’s, or the card’s last (completing it).' }),
    rewards: z
      .array(z.object({ id: z.string(), rewardTitle: z.string(), rewardValue: z.number(), milestone: z.number() }))
      .meta({ description: 'Every reward this stamp earned, each with the stamps of its milestone.' }),
    points: z
      .object({ amount: z.number().nullable(), points: z.number() })
      .nullable()
      .meta({ description: 'A points card’s award: the bill and the points it gave; null on stamp cards.' }),
    customer: z.object({ id: z.string(), name: z.string() }),
    message: z.string(),
  })
  .meta({ id: 'StampResult' });

export const apiCustomerIdParamsSchema = z.object({
  customerId: z.string().trim().min(1, 'customerId is required.').max(100, 'customerId is not valid.'),
});

export const apiRewardsQuerySchema = z.object({
  status: z
    .enum([...REWARD_DISPLAY_STATUSES, 'all'], { error: 'status is earned, redeemed, expired, withdrawn or all.' })
    .default('earned')
    .meta({
      description:
        'earned (waiting to be redeemed and not expired, the default), redeemed, expired (past its last day unredeemed: it can no longer be redeemed), or all.',
    }),
});

export const apiRewardSchema = z
  .object({
    id: z.string(),
    status: z.enum(REWARD_DISPLAY_STATUSES),
    rewardTitle: z.string(),
    rewardDescription: z.string(),
    rewardValue: z.number().meta({ description: 'Value in PKR.' }),
    card: z.object({ id: z.string(), name: z.string() }),
    earnedAt: z.string(),
    expiresAt: z.string().nullable().meta({
      description: 'When an unredeemed reward expires (the end of its last day, Pakistan time); null if never.',
    }),
    redeemedAt: z.string().nullable(),
  })
  .meta({ id: 'Reward' });
export const apiRewardListSchema = z.object({ rewards: z.array(apiRewardSchema) }).meta({ id: 'RewardList' });

export const apiRedeemRequestSchema = z
  .object({
    rewardCode: codeInputSchema
      .optional()
      .meta({ description: 'The live code on the customer’s Redeem Reward screen (QR payload or typed).' }),
    rewardId: z
      .uuid({ error: 'rewardId must be the id of an earned reward.' })
      .optional()
      .meta({ description: 'With customerCode: the reward chosen from the customer’s list.' }),
    customerCode: codeInputSchema.optional().meta({
      description:
        'With rewardId: the customer’s My QR code, shown at the counter. A Wallet pass barcode is refused here: it never expires, so it cannot show that the customer is present.',
    }),
    branchId: z.uuid({ error: 'branchId must be the id of one of your open branches.' }).optional().meta({
      description:
        'The branch whose counter this is (Branches page). A card honoured at chosen branches only is refused without it, and at a branch it is not honoured at. With one open branch, that one is assumed.',
    }),
  })
  .superRefine((body, context) => {
    if (body.rewardCode !== undefined) {
      if (body.rewardId !== undefined)
        context.addIssue({
          code: 'custom',
          path: ['rewardId'],
          message: 'Send rewardCode, or rewardId with customerCode, not both.',
        });
      return;
    }
    if (body.rewardId === undefined)
      context.addIssue({
        code: 'custom',
        path: ['rewardCode'],
        message: 'Send rewardCode, or rewardId with customerCode.',
      });
    else if (body.customerCode === undefined)
      context.addIssue({ code: 'custom', path: ['customerCode'], message: 'customerCode is required with rewardId.' });
  });

export const apiRedeemedRewardSchema = z
  .object({
    reward: z.object({ id: z.string(), rewardTitle: z.string(), rewardValue: z.number(), redeemedAt: z.string() }),
    customer: z.object({ name: z.string() }),
    message: z.string(),
  })
  .meta({ id: 'RedeemedReward' });

export const apiCardSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    cardType: z.string(),
    status: z.string(),
    stampsRequired: z.number(),
    rewardTitle: z.string(),
    rewardValue: z.number(),
    minStampIntervalMinutes: z.number(),
    partner: z.boolean().meta({ description: 'True for another vendor’s card that your counter honours.' }),
  })
  .meta({ id: 'Card' });
export const apiCardListSchema = z.object({ cards: z.array(apiCardSchema) }).meta({ id: 'CardList' });

export const apiActivityQuerySchema = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'date is YYYY-MM-DD.')
    .optional()
    .meta({ description: 'A day in Pakistan time (YYYY-MM-DD); today when left out.' }),
  limit: z.coerce
    .number({ error: 'limit is a whole number from 1 to 500.' })
    .int('limit is a whole number from 1 to 500.')
    .min(1, 'limit is a whole number from 1 to 500.')
    .max(500, 'limit is a whole number from 1 to 500.')
    .default(100),
  before: z
    .string()
    .max(200, 'before is the nextCursor of an earlier page.')
    .optional()
    .meta({ description: 'The nextCursor of the previous page.' }),
});

export const apiActivityItemSchema = z
  .object({
    type: z.enum(['stamp', 'redemption']),
    id: z.string().meta({ description: 'The stamp id or the reward id.' }),
    at: z.string(),
    card: z.object({ id: z.string(), name: z.string() }),
    customer: z.object({ id: z.string(), name: z.string() }),
  })
  .meta({ id: 'ActivityItem' });

export const apiActivitySchema = z
  .object({
    date: z.string(),
    totals: z.object({ stamps: z.number(), redemptions: z.number(), rewardsEarned: z.number() }),
    items: z.array(apiActivityItemSchema).meta({ description: 'Newest first.' }),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'Activity' });

export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: 'Send an Idempotency-Key header (a new random value per operation) with every write.' })
    .trim()
    .min(8, 'Idempotency-Key is 8 to 100 characters.')
    .max(100, 'Idempotency-Key is 8 to 100 characters.')
    .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key is printable ASCII without spaces.'),
});

/** Most bills one day's report may hold: far above any shop, a typo's guard. */
export const API_DAY_BILLS_MAX = 1_000_000;
const DAY_BILLS_MESSAGE = 'totalBills is a whole number from 0 to 1,000,000.';

export const apiDayBillsParamsSchema = z.object({
  day: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'day is YYYY-MM-DD.')
    .meta({ description: 'A day in Pakistan time (YYYY-MM-DD), today or before.' }),
});

export const apiDayBillsRequestSchema = z.object({
  totalBills: z
    .number({ error: DAY_BILLS_MESSAGE })
    .int(DAY_BILLS_MESSAGE)
    .min(0, DAY_BILLS_MESSAGE)
    .max(API_DAY_BILLS_MAX, DAY_BILLS_MESSAGE)
    .meta({ description: 'Every bill your till rang up that day, stamped or not.' }),
});

export const apiDayBillsSchema = z.object({ day: z.string(), totalBills: z.number() }).meta({ id: 'DayBills' });
