import { conflict, forbidden, invalidFields, notFound, tooManyRequests, type AppError } from '@server/errors';
import { serverText } from '@server/lib/texts';
import { assertDealOn } from '@server/modules/cards/deal-availability';
import { assertCardHonouredAtBranch } from '@server/modules/cards/partnerships';
import { describeNextStampTime, nextStampAllowedAt } from './next-stamp-time';
import type { StampContext } from './stamp-context';
import type { StampAudience, StampCardInput } from './stamp-request';
import type { ErrorCode } from '@shared/api-error';
import { secondsUntilNextPakistanDay } from '@shared/pakistan-time';
import {
  cardMilestones,
  milestonesReached,
  pointsForBill,
  tieredAmount,
  type Milestone,
} from '@shared/cards/earn-rules';
import { formatNumber } from '@shared/number-format';

/*
 * The rules a stamp must pass (PRODUCT.md section 4), each a guard that throws the refusal its
 * audience reads: the customer's scanner (a counter code) or the vendor's staff (a customer code).
 */

const VENDOR_UNAVAILABLE: Record<string, string> = {
  suspended: 'customer:scanError.vendorSuspended',
  pending: 'customer:scanError.vendorPending',
  rejected: 'customer:scanError.vendorRejected',
};

const CARD_UNAVAILABLE: Record<string, string> = {
  paused: 'customer:scanError.cardPaused',
  draft: 'customer:scanError.cardDraft',
  archived: 'customer:scanError.cardArchived',
};

const CUSTOMER_CODE_USED =
  'This customer code was already used for this card. Ask the customer for the new code on My QR.';

/** How each audience hears that its code was used, or names another vendor's card. */
const CODE_REFUSALS: Record<
  StampAudience,
  { usedByThisCustomer: () => string; usedBySomeoneElse: () => string; otherVendor: () => AppError }
> = {
  customer: {
    usedByThisCustomer: () => serverText('customer:scanError.alreadyCollected'),
    // A shared photo of a counter code: someone else scanned it first.
    usedBySomeoneElse: () => serverText('customer:scanError.counterCodeUsed'),
    otherVendor: () => forbidden(serverText('customer:scanError.otherVendor')),
  },
  staff: {
    usedByThisCustomer: () => CUSTOMER_CODE_USED,
    // Only its owner's stamps are keyed by a customer code, so nobody else can have used it.
    usedBySomeoneElse: () => CUSTOMER_CODE_USED,
    // Another vendor's card looks exactly like a card that does not exist.
    otherVendor: () => notFound('Loyalty card not found'),
  },
};

/** Words for the customer's scanner or for the vendor's staff. */
function toAudience(audience: StampAudience, words: Record<StampAudience, string>): string {
  return words[audience];
}

/**
 * The vendor issuing may stamp this card: its own card or a partner card it accepted
 * (cardHonouredBy, decision 023), and a demo code only on a demo shop's.
 */
export function assertIssuerHonoursCard(card: StampContext, input: StampCardInput): void {
  if (!card.issuerHonoursCard) throw CODE_REFUSALS[input.issuer.audience].otherVendor();
  // A demo code names any card it likes only if someone forged it; the card decides, not the code.
  if (input.code.demo && !card.vendorIsDemo) throw forbidden(serverText('customer:scanError.demoShopsOnly'));
  assertCardHonouredAtBranch(card, { vendorId: input.issuer.vendorId, branchId: input.branchId });
}

/** An approved vendor that has not closed its account issues stamps; nobody else does. */
export function assertVendorIssuesStamps(vendor: { name: string; status: string; closedAt: Date | null }): void {
  if (vendor.closedAt) {
    throw conflict(serverText('customer:scanError.vendorClosed', { vendor: vendor.name }), 'vendor_unavailable');
  }
  if (vendor.status !== 'approved') {
    const key = VENDOR_UNAVAILABLE[vendor.status] ?? VENDOR_UNAVAILABLE.pending!;
    throw conflict(serverText(key, { vendor: vendor.name }), 'vendor_unavailable');
  }
}

/** An active card takes stamps; a deal only from its start to its end (deal-availability.ts, as the marketplace). */
export function assertCardTakesStamps(card: StampContext, now: Date): void {
  if (card.status !== 'active') {
    throw conflict(serverText(CARD_UNAVAILABLE[card.status] ?? CARD_UNAVAILABLE.archived!), 'card_unavailable');
  }
  assertDealOn(card, now);
}

/** The customer exists and is not one of the vendors' own people: that would be self-dealing, whoever scans. */
export function customerWhoMayCollect(card: StampContext, audience: StampAudience): { email: string; name: string } {
  if (card.customerEmail === null || card.customerName === null) throw notFound('Customer not found');
  // On a partner card, a member of the partner that stamps is as much an insider as the owner's.
  const insiderOf = card.customerIsMember ? card.vendorName : card.customerIsIssuerMember ? card.issuer.name : null;
  if (insiderOf !== null) {
    throw forbidden(
      toAudience(audience, {
        customer: serverText('customer:scanError.ownVendor', { vendor: insiderOf }),
        staff: `This customer is a member of ${insiderOf} and cannot collect stamps on its cards.`,
      }),
      'own_vendor',
    );
  }
  return { email: card.customerEmail, name: card.customerName };
}

/** The code was used before: by this customer (a replay), or by someone else first. */
export function codeAlreadyUsed(audience: StampAudience, by: 'this_customer' | 'someone_else'): AppError {
  const refusals = CODE_REFUSALS[audience];
  return conflict(
    by === 'this_customer' ? refusals.usedByThisCustomer() : refusals.usedBySomeoneElse(),
    'code_already_used',
  );
}

/** A completed card waits for its reward; otherwise the card's interval decides (every code keeps it, demo codes too). */
export function assertUserCardTakesStampNow(
  userCard: { status: string; lastStampAt: Date | null },
  card: StampContext,
  audience: StampAudience,
  now: Date,
): void {
  if (userCard.status === 'completed') {
    throw conflict(
      toAudience(audience, {
        customer: serverText('customer:scanError.rewardPending'),
        staff: 'This customer has completed this card. Confirm their reward before issuing new stamps.',
      }),
      'reward_pending',
    );
  }
  const nextAt = nextStampAllowedAt(userCard.lastStampAt, card.minStampIntervalMinutes, now);
  if (nextAt) {
    const when = describeNextStampTime(nextAt, now);
    throw conflict(
      toAudience(audience, {
        customer: serverText('customer:scanError.tooSoon', { when }),
        staff: `This customer was stamped on this card recently. Their next stamp is possible ${when}.`,
      }),
      'stamp_too_soon',
    );
  }
}

/*
 * Several stamps for one order (a family of four: four teas): the issuing vendor allows up to its
 * maxStampsPerVisit; the order is one visit for the card's interval and as many stamps as it
 * gives for the plan's monthly limit (check-monthly-stamp-limit.ts). Refusals name `quantity`.
 */

/** A 400 naming the quantity field, in the words of whoever reads it. */
function quantityRefusal(message: string, code: ErrorCode): AppError {
  return invalidFields(message, { quantity: message }, code);
}

/** The order's quantity is one the card allows (one stamp a visit unless the vendor or a per-item card allows several). */
function assertQuantityAllowed(quantity: number, maxStampsPerVisit: number, audience: StampAudience): void {
  if (quantity <= maxStampsPerVisit) return;
  throw quantityRefusal(
    toAudience(audience, {
      customer: serverText('customer:scanError.quantityNotAllowed'),
      staff:
        maxStampsPerVisit <= 1
          ? 'This shop gives one stamp per visit. The owner can allow several stamps per order in the shop profile.'
          : `This shop gives at most ${maxStampsPerVisit} stamps for one order. Choose ${maxStampsPerVisit} or fewer.`,
    }),
    'quantity_not_allowed',
  );
}

/**
 * How an order's stamps fall on a stamp card that takes stamps now (decision 085): every reward
 * of the card (its milestones, cardMilestones) is on the same progress. Stamps up to the last
 * milestone count on this round (at least one: the card takes the stamp that completes it), each
 * milestone passed is earned once, the rest are carried to the next round, which starts when the
 * last reward is redeemed or expires.
 */
export function splitOrder(input: { stampsCollected: number; milestones: readonly Milestone[]; quantity: number }): {
  stampsCollected: number;
  carried: number;
  /** The milestones this order reaches, cheapest first; the last one completes the round. */
  reached: Milestone[];
  completes: boolean;
  /** The largest order this card can take now: its stamps to the last reward and a next round short of its first. */
  most: number;
} {
  const { stampsCollected, milestones, quantity } = input;
  const last = milestones[milestones.length - 1]!.at;
  const toLast = Math.max(1, last - stampsCollected);
  const onThisRound = Math.min(quantity, toLast);
  const collected = stampsCollected + onThisRound;
  return {
    stampsCollected: collected,
    carried: quantity - onThisRound,
    reached: milestonesReached(milestones, stampsCollected, collected),
    completes: collected >= last,
    most: toLast + Math.max(0, milestones[0]!.at - 1),
  };
}

/**
 * An order may complete the card once: what it carries must leave the next round short of its
 * first reward (each reward is earned once per round). A larger order is refused whole, nothing given.
 */
export function assertOrderFitsCard(
  userCard: { stampsCollected: number },
  card: { name: string; stampsRequired: number; rewardTitle: string; rewardValue: number; milestones: Milestone[] },
  quantity: number,
  audience: StampAudience,
): void {
  const { most } = splitOrder({ ...userCard, milestones: cardMilestones(card), quantity });
  if (quantity <= most) return;
  throw quantityRefusal(
    toAudience(audience, {
      customer: serverText('customer:scanError.orderTooLarge', { count: most }),
      staff: `${card.name} can take at most ${most} ${most === 1 ? 'stamp' : 'stamps'} in this order: a card earns one reward at a time. Give ${most} now and the rest at the next visit.`,
    }),
    'order_too_large',
  );
}

/**
 * The card's daily cap (decision 086): the counter stamps one customer collects on the card in a
 * Pakistan day (every counter, a partner's too; bonuses are not counted), this order included, stay
 * within the card's dailyStampCap. An order that would pass it is refused whole, until tomorrow.
 */
export function assertWithinDailyCap(
  stampsToday: number,
  card: { name: string; dailyStampCap: number },
  quantity: number,
  audience: StampAudience,
  now: Date,
): void {
  if (stampsToday + quantity <= card.dailyStampCap) return;
  const left = Math.max(0, card.dailyStampCap - stampsToday);
  throw tooManyRequests(
    toAudience(audience, {
      customer: serverText('customer:scanError.dailyCap', { count: card.dailyStampCap }),
      staff:
        left === 0
          ? `This customer has collected the ${card.dailyStampCap} stamps ${card.name} gives in a day. Their next stamp can be given tomorrow.`
          : `${card.name} gives at most ${card.dailyStampCap} stamps a day to one customer: ${left} more can be given today.`,
    }),
    secondsUntilNextPakistanDay(now),
    'daily_stamp_cap',
  );
}

/** A 400 naming the bill's field, in the words of whoever reads it. */
function amountRefusal(message: string): AppError {
  return invalidFields(message, { amount: message }, 'invalid_amount');
}

/**
 * What one award gives, by how the card earns (decision 085): a points card takes the bill
 * (`amount`, at least the card's minimum bill, earning at least a point) and gives its points as
 * one award; a stamp card takes no amount, and a quantity up to its most per order (a per-item
 * card's own maximum, otherwise the issuing vendor's stamps per order).
 */
export function orderOf(
  card: Pick<StampContext, 'earnKind' | 'pointsPer100Pkr' | 'minBillPkr' | 'maxItemsPerVisit'> & {
    issuer: { maxStampsPerVisit: number };
  },
  input: { quantity?: number; amount?: number },
  audience: StampAudience,
): { quantity: number; points: { amount: number; points: number } | null } {
  const quantity = input.quantity ?? 1;
  if (card.earnKind !== 'points') {
    if (input.amount !== undefined)
      throw amountRefusal('This card earns stamps, not points: send a quantity of stamps and no amount.');
    const most = card.earnKind === 'item' ? (card.maxItemsPerVisit ?? 1) : card.issuer.maxStampsPerVisit;
    assertQuantityAllowed(quantity, most, audience);
    return { quantity, points: null };
  }
  if (quantity !== 1)
    throw quantityRefusal('A points card earns by the bill: send its amount and no quantity.', 'quantity_not_allowed');
  if (input.amount === undefined) throw amountRefusal(serverText('customer:scanError.amountRequired'));
  const minimum = card.minBillPkr;
  if (input.amount < minimum)
    throw amountRefusal(serverText('customer:scanError.billBelowMinimum', { amount: formatNumber(minimum, 'en-PK') }));
  const points = pointsForBill(input.amount, card.pointsPer100Pkr ?? 0);
  if (points < 1) throw amountRefusal(serverText('customer:scanError.billEarnsNoPoints'));
  return { quantity: 1, points: { amount: input.amount, points } };
}

/**
 * An order at a tier's multiplier (decision 087): its points, or its stamps, times the multiplier,
 * rounded down and never below the order itself (tieredAmount). A stamp card's extra stamps stop
 * where the card can take no more this round (splitOrder's `most`): the order itself always fits.
 */
export function tieredOrder(
  order: { quantity: number; points: { amount: number; points: number } | null },
  multiplier: number,
  userCard: { stampsCollected: number },
  card: { stampsRequired: number; rewardTitle: string; rewardValue: number; milestones: Milestone[] },
): { quantity: number; points: { amount: number; points: number } | null } {
  if (order.points)
    return { ...order, points: { ...order.points, points: tieredAmount(order.points.points, multiplier) } };
  const { most } = splitOrder({ ...userCard, milestones: cardMilestones(card), quantity: order.quantity });
  return { ...order, quantity: Math.max(order.quantity, Math.min(tieredAmount(order.quantity, multiplier), most)) };
}
