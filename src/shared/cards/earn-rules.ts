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
