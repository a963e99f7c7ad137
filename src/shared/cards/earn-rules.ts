import { z } from 'zod';
import { formatNumber } from '@shared/number-format';

/*
 * How a card earns and what it gives (issue 42, decision 085). One home for the arithmetic that
 * the server enforces and the card form previews: per visit (one stamp a visit, as every card
 * before), per item (a stamp for each item of the order), or points per rupee (N points for each
 * full 100 PKR of the bill); several rewards ("milestones") on the same progress; and a head start.
 */

export const EARN_KINDS = ['visit', 'item', 'points'] as const;
export type EarnKind = (typeof EARN_KINDS)[number];

/** A bill above this is refused as absurd (no counter in Pakistan rings up more for one visit). */
export const MAX_BILL_PKR = 1_000_000;
/** Points for each full 100 PKR of the bill: 1 to 100. */
export const MAX_POINTS_PER_100_PKR = 100;
/** The dearest reward of a points card; a stamp card needs at most 100 stamps. */
export const MAX_POINTS_PRICE = 100_000;
export const MAX_STAMPS_REQUIRED = 100;
/** Rewards before the card's last one: up to four (five rewards on one card in all). */
export const MAX_EARLIER_MILESTONES = 4;

/**
 * The points a bill earns: N points for each full 100 PKR, rounded down to a whole point
 * (Rs 250 at 10 points per 100 PKR: 25 points; Rs 99 at 1 point: none).
 */
export function pointsForBill(amountPkr: number, pointsPer100Pkr: number): number {
  return Math.floor((amountPkr * pointsPer100Pkr) / 100);
}

/** The bill for a points card, in whole PKR, 1 to MAX_BILL_PKR; refusals name `amount`. */
const AMOUNT_MESSAGE = `amount must be the bill in whole rupees, from 1 to ${formatNumber(MAX_BILL_PKR, 'en-PK')} PKR.`;
export const billAmountSchema = z
  .number({ error: AMOUNT_MESSAGE })
  .int(AMOUNT_MESSAGE)
  .min(1, AMOUNT_MESSAGE)
  .max(MAX_BILL_PKR, AMOUNT_MESSAGE);

/** One reward of a card: at this many stamps (or for this many points), the reward. */
export interface Milestone {
  at: number;
  rewardTitle: string;
  rewardValue: number;
}

export const earlierMilestoneSchema = z.object({
  at: z
    .number({ error: 'A milestone needs a whole number of stamps or points.' })
    .int('A milestone needs a whole number of stamps or points.')
    .min(1, 'A milestone needs at least 1 stamp or point.'),
  rewardTitle: z
    .string()
    .trim()
    .min(1, 'Each milestone needs a reward title.')
    .max(80, 'A milestone reward title must be at most 80 characters.'),
  rewardValue: z
    .number({ error: 'A milestone reward value must be a whole number of rupees.' })
    .int('A milestone reward value must be a whole number of rupees.')
    .min(0, 'A milestone reward value cannot be negative.')
    .max(10_000_000, 'A milestone reward value must be at most 10,000,000.'),
});

/**
 * Every reward of a card, cheapest first: its earlier milestones and the card's own reward at
 * stampsRequired (the last, which starts a stamp card over).
 */
export function cardMilestones(card: {
  stampsRequired: number;
  rewardTitle: string;
  rewardValue: number;
  milestones: readonly Milestone[];
}): Milestone[] {
  return [
    ...[...card.milestones].sort((a, b) => a.at - b.at),
    { at: card.stampsRequired, rewardTitle: card.rewardTitle, rewardValue: card.rewardValue },
  ];
}

/**
 * The milestones a stamp card's progress passes from `from` to `to` stamps in one round: each
 * earned once, where the progress reaches it. The last one completes the round.
 */
export function milestonesReached(milestones: readonly Milestone[], from: number, to: number): Milestone[] {
  return milestones.filter((milestone) => milestone.at > from && milestone.at <= to);
}

/** The problems of a card's earn fields, by field, for the card form and the server alike. */
export function earnRuleProblems(card: {
  earnKind: EarnKind;
  stampsRequired: number;
  pointsPer100Pkr: number | null;
  maxItemsPerVisit: number | null;
  headStartStamps: number;
  milestones: readonly Milestone[];
}): Record<string, string> {
  const problems: Record<string, string> = {};
  const unit = card.earnKind === 'points' ? 'points' : 'stamps';
  if (card.earnKind === 'points' && card.pointsPer100Pkr === null)
    problems.pointsPer100Pkr = 'Points per 100 PKR is required for a points card.';
  if (card.earnKind === 'item' && card.maxItemsPerVisit === null)
    problems.maxItemsPerVisit = 'Items per visit is required for a card that stamps per item.';
  if (card.earnKind !== 'points' && card.stampsRequired > MAX_STAMPS_REQUIRED)
    problems.stampsRequired = `Stamps required must be at most ${MAX_STAMPS_REQUIRED}.`;
  const seen = new Set<number>();
  card.milestones.forEach((milestone, index) => {
    if (milestone.at >= card.stampsRequired)
      problems[`milestones.${index}.at`] =
        `A milestone must come before the card's last reward at ${formatNumber(card.stampsRequired, 'en-PK')} ${unit}.`;
    else if (seen.has(milestone.at)) problems[`milestones.${index}.at`] = 'Two milestones cannot be at the same count.';
    seen.add(milestone.at);
  });
  const first = Math.min(card.stampsRequired, ...card.milestones.map((milestone) => milestone.at));
  if (card.headStartStamps >= first)
    problems.headStartStamps = `A head start must be below the first reward (${formatNumber(first, 'en-PK')} ${unit}).`;
  return problems;
}

/*
 * Tiers (issue 42 part 4, decision 087): up to three levels a customer reaches by their visits, or
 * a points card's points, in the last 90 days; each level multiplies what an award gives.
 */

export const TIER_BASES = ['visits', 'points'] as const;
export type TierBasis = (typeof TIER_BASES)[number];
export const MAX_TIERS = 3;
/** The window a level is reached in: the customer's visits (or points) of the last 90 days. */
export const TIER_WINDOW_DAYS = 90;
/** A level falls only after a notice sent this many days before. */
export const TIER_NOTICE_DAYS = 7;
export const MIN_TIER_MULTIPLIER = 1;
export const MAX_TIER_MULTIPLIER = 3;
export const MAX_TIER_FROM = 100_000;

export interface Tier {
  name: string;
  /** Visits (or points) in the window that reach the level. */
  from: number;
  /** What an award gives at this level: 1 to 3, in hundredths (1.25). */
  multiplier: number;
}
export interface TierRule {
  basis: TierBasis;
  levels: Tier[];
}

const MULTIPLIER_MESSAGE = `A multiplier must be a number from ${MIN_TIER_MULTIPLIER} to ${MAX_TIER_MULTIPLIER}, in hundredths (1.25).`;
const FROM_MESSAGE = `A level needs a whole number of visits or points, from 1 to ${formatNumber(MAX_TIER_FROM, 'en-PK')}.`;

export const tierSchema = z.object({
  name: z
    .string({ error: 'Each level needs a name.' })
    .trim()
    .min(1, 'Each level needs a name.')
    .max(30, 'A level name must be at most 30 characters.'),
  from: z.number({ error: FROM_MESSAGE }).int(FROM_MESSAGE).min(1, FROM_MESSAGE).max(MAX_TIER_FROM, FROM_MESSAGE),
  multiplier: z
    .number({ error: MULTIPLIER_MESSAGE })
    .min(MIN_TIER_MULTIPLIER, MULTIPLIER_MESSAGE)
    .max(MAX_TIER_MULTIPLIER, MULTIPLIER_MESSAGE)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, MULTIPLIER_MESSAGE),
});

/** A card's tiers: each level reached by more than the one before and giving at least as much. */
export const tierRuleSchema = z
  .object({
    basis: z.enum(TIER_BASES, { error: 'Choose whether levels count visits or points.' }),
    levels: z
      .array(tierSchema, { error: 'levels must be a list of levels.' })
      .min(1, 'Add at least one level, or turn tiers off.')
      .max(MAX_TIERS, `A card has at most ${MAX_TIERS} levels.`),
  })
  .superRefine((rule, context) => {
    rule.levels.forEach((level, index) => {
      const before = rule.levels[index - 1];
      if (before && level.from <= before.from)
        context.addIssue({
          code: 'custom',
          path: ['levels', index, 'from'],
          message: 'Each level must need more visits or points than the one before.',
        });
      if (before && level.multiplier < before.multiplier)
        context.addIssue({
          code: 'custom',
          path: ['levels', index, 'multiplier'],
          message: 'A higher level cannot give less than the one before.',
        });
    });
  });

/** The level (0 below the first, 1 to 3) that a count of visits or points in the window reaches. */
export function tierLevelFor(rule: TierRule | null, count: number): number {
  if (!rule) return 0;
  return rule.levels.filter((level) => count >= level.from).length;
}

/** A level's multiplier (1 at level 0). */
export function tierMultiplier(rule: TierRule | null, level: number): number {
  return (level > 0 && rule?.levels[level - 1]?.multiplier) || 1;
}

/**
 * What an award gives at a level: its stamps or points times the multiplier, rounded down to a
 * whole stamp or point, never less than without the level (1 stamp at 1.25: 1; 4 stamps: 5;
 * 25 points at 1.5: 37). Counted in hundredths, so 1.15 x 20 is 23, not 22.99.
 */
export function tieredAmount(base: number, multiplier: number): number {
  return Math.max(base, Math.floor((base * Math.round(multiplier * 100)) / 100));
}

/** What the customer reads of their level: where they are and what the next level needs. */
export function tierStanding(
  rule: TierRule | null,
  level: number,
  count: number,
): { level: Tier | null; next: (Tier & { needs: number }) | null } | null {
  if (!rule) return null;
  const next = rule.levels[level];
  return {
    level: rule.levels[level - 1] ?? null,
    next: next ? { ...next, needs: Math.max(1, next.from - count) } : null,
  };
}

/** A tier rule's problems that depend on the card: points are counted only on a points card. */
export function tierRuleProblems(rule: TierRule, earnKind: EarnKind): Record<string, string> {
  return rule.basis === 'points' && earnKind !== 'points'
    ? { basis: 'Only a points card can count points for its levels: count visits instead.' }
    : {};
}
