import { conflict, forbidden, notFound, type AppError } from '@server/errors';
import { serverText } from '@server/lib/texts';
import { assertDealOn } from '@server/modules/cards/deal-availability';
import { describeNextStampTime, nextStampAllowedAt } from './next-stamp-time';
import type { StampContext } from './stamp-context';
import type { StampAudience, StampCardInput } from './stamp-request';

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
