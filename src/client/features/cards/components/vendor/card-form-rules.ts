import { DAILY_STAMP_CAP_DEFAULT } from '@shared/stamps/fraud-rules';
import type { FieldPath } from 'react-hook-form';
import {
  DEFAULT_MIN_STAMP_INTERVAL_MINUTES,
  DEFAULT_STAMPS_REQUIRED,
  type CreatableCardType,
} from '@shared/cards/cards';
import type { CardFields, CardFieldsInput, VendorCard } from '@shared/cards/vendor-cards';
import {
  cardMilestones,
  MAX_TIER_MULTIPLIER,
  pointsForBill,
  tieredAmount,
  type EarnKind,
  type Milestone,
  type TierBasis,
} from '@shared/cards/earn-rules';

/** A datetime-local input's value (local time, minutes) for an ISO instant. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The form's first values: the card's own when editing, the plan's first allowed type and the defaults when creating. */
export function defaultsFor(card: VendorCard | null, allowedCardTypes: readonly CreatableCardType[]): CardFieldsInput {
  return {
    name: card?.name ?? '',
    description: card?.description ?? '',
    cardType: (card?.cardType === 'stamp' ? 'free' : card?.cardType) ?? allowedCardTypes[0] ?? 'free',
    earnKind: card?.earnKind ?? 'visit',
    stampsRequired: card?.stampsRequired ?? DEFAULT_STAMPS_REQUIRED,
    pointsPer100Pkr: card?.pointsPer100Pkr ?? '',
    minBillPkr: card?.minBillPkr ?? 0,
    maxItemsPerVisit: card?.maxItemsPerVisit ?? '',
    headStartStamps: card?.headStartStamps ?? 0,
    milestones: card?.milestones ?? [],
    rewardTitle: card?.rewardTitle ?? '',
    rewardDescription: card?.rewardDescription ?? '',
    rewardValue: card?.rewardValue ?? 0,
    minStampIntervalMinutes: card?.minStampIntervalMinutes ?? DEFAULT_MIN_STAMP_INTERVAL_MINUTES,
    dailyStampCap: card?.dailyStampCap ?? DAILY_STAMP_CAP_DEFAULT,
    rewardExpiryDays: card?.rewardExpiryDays ?? '',
    dealPrice: card?.dealPrice ?? '',
    originalPrice: card?.originalPrice ?? '',
    stockLeft: card?.stockLeft ?? '',
    dealEndsAt: toLocalInput(card?.dealEndsAt ?? null),
    dealStartsAt: toLocalInput(card?.dealStartsAt ?? null),
    membershipFeeYearly: card?.membershipFeeYearly ?? '',
    branchIds: card?.branchIds ?? null,
  };
}

const toInstant = (local: string | null) => (local ? new Date(local).toISOString() : null);

/**
 * What the form sends: the deal's start and end (local datetime-local values) as ISO instants, or
 * none. A start makes the deal an Hourly Chaska deal; the form clears it for a daily deal.
 */
export function cardFieldsToSave(values: CardFields): CardFields {
  return { ...values, dealEndsAt: toInstant(values.dealEndsAt), dealStartsAt: toInstant(values.dealStartsAt) };
}

/** The form field a server error names (`card.name` for the request's `card` object is the form's `name`). */
export function cardFormField(serverPath: string): FieldPath<CardFieldsInput> {
  return serverPath.replace(/^card\./, '') as FieldPath<CardFieldsInput>;
}

/** What a line of the card form's live preview says (the form words it), and its values. */
export type PreviewKind =
  | 'visit'
  | 'item'
  | 'points'
  | 'minBill'
  | 'headStart'
  | 'headStartPoints'
  | 'milestone'
  | 'lastReward'
  | 'pointsReward';
export interface PreviewLine {
  key: PreviewKind;
  values: Record<string, string | number>;
}

/** The example bill the preview of a points card prices. */
export const PREVIEW_BILL_PKR = 1_000;

/**
 * What the customer will live through, from the form's values as they stand (decision 085): how
 * an award is earned, the head start, and each reward on the way, the last starting the card over
 * (a stamp card) or each bought with points (a points card). Values the form cannot read yet
 * (an empty number) are left out rather than guessed.
 */
export function earnPreview(values: {
  earnKind: EarnKind;
  stampsRequired: unknown;
  pointsPer100Pkr: unknown;
  minBillPkr: unknown;
  maxItemsPerVisit: unknown;
  headStartStamps: unknown;
  rewardTitle: unknown;
  rewardValue?: unknown;
  milestones?: readonly Partial<Milestone>[];
}): PreviewLine[] {
  const whole = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);
  const required = whole(values.stampsRequired);
  const lines: PreviewLine[] = [];
  if (values.earnKind === 'points') {
    const rate = whole(values.pointsPer100Pkr);
    if (rate)
      lines.push({
        key: 'points',
        values: { bill: PREVIEW_BILL_PKR, count: pointsForBill(PREVIEW_BILL_PKR, rate), rate },
      });
    const minimum = whole(values.minBillPkr);
    if (minimum) lines.push({ key: 'minBill', values: { amount: minimum } });
  } else if (values.earnKind === 'item') {
    const most = whole(values.maxItemsPerVisit);
    lines.push({ key: 'item', values: { count: most ?? 1 } });
  } else lines.push({ key: 'visit', values: {} });
  const headStart = whole(values.headStartStamps);
  if (headStart)
    lines.push({
      key: values.earnKind === 'points' ? 'headStartPoints' : 'headStart',
      values: { count: headStart },
    });
  if (!required) return lines;
  const milestones = cardMilestones({
    stampsRequired: required,
    rewardTitle: typeof values.rewardTitle === 'string' ? values.rewardTitle : '',
    rewardValue: 0,
    milestones: (values.milestones ?? []).flatMap((milestone) =>
      whole(milestone.at) ? [{ at: milestone.at!, rewardTitle: milestone.rewardTitle ?? '', rewardValue: 0 }] : [],
    ),
  });
  for (const milestone of milestones) {
    const last = milestone.at === required;
    lines.push({
      key: values.earnKind === 'points' ? 'pointsReward' : last ? 'lastReward' : 'milestone',
      values: { count: milestone.at, reward: milestone.rewardTitle || '…' },
    });
  }
  return lines;
}

/** One line of the tiers' preview: how a level is reached and what an award gives at it. */
export interface TierPreviewLine {
  reach: 'reachVisits' | 'reachPoints';
  gives: 'givesStamps' | 'givesPoints';
  values: Record<string, string | number>;
}

/**
 * What each level of a card's tiers will give (decision 087), from the section's values as they
 * stand, through the server's own rounding (tieredAmount): a stamp card's 1 and 4 stamps, a points
 * card's points for PREVIEW_BILL_PKR. A level whose numbers the form cannot read yet is left out.
 */
export function tierPreview(
  card: { earnKind: EarnKind; pointsPer100Pkr: number | null },
  rule: { basis: TierBasis; levels: readonly { name: string; from: unknown; multiplier: unknown }[] },
): TierPreviewLine[] {
  const base = card.earnKind === 'points' ? pointsForBill(PREVIEW_BILL_PKR, card.pointsPer100Pkr ?? 0) : null;
  return rule.levels.flatMap((level) => {
    const from = Number(level.from);
    const multiplier = Number(level.multiplier);
    if (!Number.isInteger(from) || from < 1 || !(multiplier >= 1 && multiplier <= MAX_TIER_MULTIPLIER)) return [];
    const reach = rule.basis === 'points' ? ('reachPoints' as const) : ('reachVisits' as const);
    const named = { level: level.name.trim() || '…', from, multiplier };
    return [
      base === null
        ? {
            reach,
            gives: 'givesStamps' as const,
            values: { ...named, one: tieredAmount(1, multiplier), four: tieredAmount(4, multiplier) },
          }
        : {
            reach,
            gives: 'givesPoints' as const,
            values: { ...named, bill: PREVIEW_BILL_PKR, base, given: tieredAmount(base, multiplier) },
          },
    ];
  });
}
