import { DAILY_STAMP_CAP_DEFAULT, DAILY_STAMP_CAP_MAX } from '@shared/stamps/fraud-rules';
import { z } from 'zod';
import {
  CARD_STATUSES,
  CARD_TYPES,
  CREATABLE_CARD_TYPES,
  DEFAULT_MIN_STAMP_INTERVAL_MINUTES,
  DEFAULT_STAMPS_REQUIRED,
} from './cards';
import { hourlyDealProblems } from './hourly-deals';
import { MAX_REWARD_EXPIRY_DAYS } from '@shared/rewards/reward-expiry';
import { formatNumber } from '@shared/number-format';
import { STAMPS_PER_VISIT_CAP } from '@shared/vendors/vendor-profile';
import { branchChoiceSchema } from '@shared/vendors/branches';
import {
  EARN_KINDS,
  MAX_BILL_PKR,
  MAX_EARLIER_MILESTONES,
  MAX_POINTS_PER_100_PKR,
  MAX_POINTS_PRICE,
  earlierMilestoneSchema,
  earnRuleProblems,
  TIER_BASES,
  tierRuleSchema,
} from './earn-rules';

/** The largest PKR amount a card field accepts; far above any real reward or deal. */
export const MAX_PKR_AMOUNT = 10_000_000;
/** One week: a longer gap between two stamps makes no sense for a loyalty card. */
export const MAX_STAMP_INTERVAL_MINUTES = 7 * 24 * 60;

/** Empty number inputs arrive as '' or NaN from the browser and as null from the API: all mean "not set". */
function emptyToNull(value: unknown): unknown {
  if (value === '' || value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isNaN(value)) return null;
  return value;
}

function wholeNumber(label: string, min: number, max: number) {
  return z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${formatNumber(max, 'en-PK')}.`);
}

function optionalPkr(label: string) {
  return z.preprocess(emptyToNull, wholeNumber(label, 0, MAX_PKR_AMOUNT).nullable());
}

/**
 * Create and edit share these fields. Deal fields are required for Daily Chaska cards and the
 * membership fee for exclusive cards; for other types they are ignored (saved as empty).
 */
export const cardFieldsSchema = z
  .object({
    name: z.string().trim().min(1, 'Card name is required.').max(80, 'Card name must be at most 80 characters.'),
    description: z.string().trim().max(500, 'Description must be at most 500 characters.').default(''),
    cardType: z.enum(CREATABLE_CARD_TYPES, { error: 'Please choose a card type.' }),
    /** How the card earns (decision 085), chosen at creation; existing cards earn per visit. */
    earnKind: z.enum(EARN_KINDS, { error: 'Please choose how the card earns.' }).default('visit'),
    /** The last reward: stamps (1 to 100), or a points card's price in points (earnRuleProblems). */
    stampsRequired: wholeNumber('Stamps required', 1, MAX_POINTS_PRICE).default(DEFAULT_STAMPS_REQUIRED),
    pointsPer100Pkr: z
      .preprocess(emptyToNull, wholeNumber('Points per 100 PKR', 1, MAX_POINTS_PER_100_PKR).nullable())
      .default(null),
    minBillPkr: z
      .preprocess((value) => emptyToNull(value) ?? 0, wholeNumber('Minimum bill', 0, MAX_BILL_PKR))
      .default(0),
    maxItemsPerVisit: z
      .preprocess(emptyToNull, wholeNumber('Items per visit', 1, STAMPS_PER_VISIT_CAP).nullable())
      .default(null),
    headStartStamps: z
      .preprocess((value) => emptyToNull(value) ?? 0, wholeNumber('Head start', 0, MAX_POINTS_PRICE))
      .default(0),
    milestones: z
      .array(earlierMilestoneSchema)
      .max(MAX_EARLIER_MILESTONES, `A card has at most ${MAX_EARLIER_MILESTONES} milestones before its last reward.`)
      .default([]),
    rewardTitle: z
      .string()
      .trim()
      .min(1, 'Reward title is required.')
      .max(80, 'Reward title must be at most 80 characters.'),
    rewardDescription: z.string().trim().max(300, 'Reward description must be at most 300 characters.').default(''),
    rewardValue: wholeNumber('Reward value', 0, MAX_PKR_AMOUNT),
    minStampIntervalMinutes: wholeNumber('Minimum interval between stamps', 0, MAX_STAMP_INTERVAL_MINUTES).default(
      DEFAULT_MIN_STAMP_INTERVAL_MINUTES,
    ),
    /** Counter stamps one customer may collect on the card in a Pakistan day (decision 086). */
    dailyStampCap: wholeNumber('Stamps a day per customer', 1, DAILY_STAMP_CAP_MAX).default(DAILY_STAMP_CAP_DEFAULT),
    /** Off (null) by default: rewards never expire. */
    rewardExpiryDays: z
      .preprocess(emptyToNull, wholeNumber('Days until a reward expires', 1, MAX_REWARD_EXPIRY_DAYS).nullable())
      .default(null),
    dealPrice: optionalPkr('Deal price'),
    originalPrice: optionalPkr('Original price'),
    stockLeft: z.preprocess(emptyToNull, wholeNumber('Stock', 0, 100_000).nullable()),
    dealEndsAt: z.preprocess(
      emptyToNull,
      z
        .string()
        .refine((value) => !Number.isNaN(Date.parse(value)), 'Please enter a valid deal end time.')
        .nullable(),
    ),
    /** Set for an Hourly Chaska deal (Premium and up): the deal runs from here to dealEndsAt. */
    dealStartsAt: z.preprocess(
      emptyToNull,
      z
        .string()
        .refine((value) => !Number.isNaN(Date.parse(value)), 'Please enter a valid deal start time.')
        .nullable()
        .default(null),
    ),
    membershipFeeYearly: optionalPkr('Membership fee per year'),
    /** The owner's branches that honour the card (decision 089); null: every branch. */
    branchIds: branchChoiceSchema.default(null),
  })
  .superRefine((card, context) => {
    for (const [field, message] of Object.entries(earnRuleProblems(card)))
      context.addIssue({
        code: 'custom',
        path: field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
        message,
      });
    if (card.cardType === 'daily_chaska') {
      const required = [
        ['dealPrice', 'Deal price is required for a Daily Chaska card.'],
        ['originalPrice', 'Original price is required for a Daily Chaska card.'],
        ['stockLeft', 'Stock is required for a Daily Chaska card.'],
        ['dealEndsAt', 'Deal end time is required for a Daily Chaska card.'],
      ] as const;
      for (const [field, message] of required) {
        if (card[field] === null) context.addIssue({ code: 'custom', path: [field], message });
      }
      if (card.dealPrice !== null && card.originalPrice !== null && card.dealPrice > card.originalPrice) {
        context.addIssue({
          code: 'custom',
          path: ['dealPrice'],
          message: 'Deal price cannot be higher than the original price.',
        });
      }
      // Times that do not parse have their own message above.
      const startsAt = new Date(card.dealStartsAt ?? Number.NaN);
      const endsAt = new Date(card.dealEndsAt ?? Number.NaN);
      if (!Number.isNaN(startsAt.getTime()) && !Number.isNaN(endsAt.getTime())) {
        const problems = hourlyDealProblems({ startsAt, endsAt, stockLeft: card.stockLeft });
        for (const [field, message] of Object.entries(problems))
          context.addIssue({ code: 'custom', path: [field], message });
      }
    }
    if (card.cardType === 'exclusive' && card.membershipFeeYearly === null) {
      context.addIssue({
        code: 'custom',
        path: ['membershipFeeYearly'],
        message: 'Membership fee per year is required for an exclusive card.',
      });
    }
  });
export type CardFieldsInput = z.input<typeof cardFieldsSchema>;
export type CardFields = z.output<typeof cardFieldsSchema>;

/** Save as Active (counts against the plan's card limit) or as Draft. */
export const CARD_SAVE_MODES = ['active', 'draft'] as const;
export const createCardSchema = z.object({
  card: cardFieldsSchema,
  saveAs: z.enum(CARD_SAVE_MODES, { error: 'Choose whether to save the card as Active or as Draft.' }),
});
export type CreateCardInput = z.input<typeof createCardSchema>;

/** A card's tiers as the owner sets them (PUT /api/vendor/cards/:id/tiers); null turns them off. */
export const cardTiersSchema = z.object({ tiers: tierRuleSchema.nullable() });
export type CardTiersInput = z.input<typeof cardTiersSchema>;

export const cardIdParamsSchema = z.object({ id: z.uuid({ error: 'Loyalty card not found' }) });

export const vendorCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  cardType: z.enum(CARD_TYPES),
  status: z.enum(CARD_STATUSES),
  earnKind: z.enum(EARN_KINDS),
  stampsRequired: z.number(),
  pointsPer100Pkr: z.number().nullable(),
  minBillPkr: z.number(),
  maxItemsPerVisit: z.number().nullable(),
  headStartStamps: z.number(),
  milestones: z.array(z.object({ at: z.number(), rewardTitle: z.string(), rewardValue: z.number() })),
  /** Levels by visits or points in the last 90 days (decision 087); null: none. */
  tiers: z
    .object({
      basis: z.enum(TIER_BASES),
      levels: z.array(z.object({ name: z.string(), from: z.number(), multiplier: z.number() })),
    })
    .nullable(),
  rewardTitle: z.string(),
  rewardDescription: z.string(),
  rewardValue: z.number(),
  minStampIntervalMinutes: z.number(),
  dailyStampCap: z.number(),
  rewardExpiryDays: z.number().nullable(),
  dealPrice: z.number().nullable(),
  originalPrice: z.number().nullable(),
  stockLeft: z.number().nullable(),
  dealEndsAt: z.string().nullable(),
  dealStartsAt: z.string().nullable(),
  membershipFeeYearly: z.number().nullable(),
  branchIds: z.array(z.string()).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Customers holding the card. */
  users: z.number(),
  /** Holders who completed the card at least once (reward earned, redeemed or not). */
  completedUsers: z.number(),
  /** completedUsers / users in whole percent; 0 without holders. */
  completionRate: z.number(),
});
export type VendorCard = z.infer<typeof vendorCardSchema>;

export const vendorCardListSchema = z.object({
  cards: z.array(vendorCardSchema),
  counts: z.object({ active: z.number(), draft: z.number(), paused: z.number() }),
  /** Distinct customers across all the vendor's cards. */
  totalUsers: z.number(),
  /** The plan's maximum of active cards; -1 is unlimited. */
  maxActiveCards: z.number(),
  /** The card types the plan includes (the form offers these and names the plan for the others). */
  allowedCardTypes: z.array(z.enum(CREATABLE_CARD_TYPES)),
  /** The plan includes Hourly Chaska deals (the form locks them otherwise). */
  hourlyDeals: z.boolean(),
  /** The plan includes tiers (decision 087; the form locks them otherwise). */
  tiers: z.boolean(),
});
export type VendorCardList = z.infer<typeof vendorCardListSchema>;

export const deleteCardResultSchema = z.object({ outcome: z.enum(['archived', 'deleted']) });
export type DeleteCardResult = z.infer<typeof deleteCardResultSchema>;

/** Whole percent, 0 when nobody holds the card. */
export function completionPercent(completed: number, holders: number): number {
  if (holders <= 0) return 0;
  return Math.min(100, Math.round((completed / holders) * 100));
}

/** SPEC.md: green at 80% or more, yellow at 70% or more, red below. */
export function completionTone(percent: number): 'green' | 'yellow' | 'red' {
  if (percent >= 80) return 'green';
  if (percent >= 70) return 'yellow';
  return 'red';
}

export const CARD_STATUS_LABELS = { active: 'Active', draft: 'Draft', paused: 'Paused', archived: 'Archived' } as const;
