import { BRAND } from '@shared/brand';
import { discountPercent } from '@shared/marketplace/marketplace-display';
import { formatNumber, formatPKR } from '@shared/number-format';
import { formatLongDate, formatTimeOfDay, pakistanDateKey } from '@shared/pakistan-time';
import { CATEGORY_LABELS } from '@shared/places';
import { serverText } from '@server/lib/texts';
import type { CardShareSubject, VendorShareSubject } from './share-subjects';

/*
 * The words of a share, one home for the page head (og:title, og:description) and the images, so
 * the preview and the picture say the same thing. Prices in PKR as en-PK writes them ("Rs 299").
 * The card's words are catalogue texts (heads namespace): the head of an Urdu page reads them in
 * Urdu; the pictures, drawn once for every reader, in English.
 */

/** "Karachi Chai House, Karachi". */
export function vendorShareTitle(vendor: Pick<VendorShareSubject, 'businessName' | 'city'>): string {
  return `${vendor.businessName}, ${vendor.city}`;
}

/** "Cafe in Clifton, Karachi." */
export function vendorPlaceLine(vendor: Pick<VendorShareSubject, 'businessCategory' | 'area' | 'city'>): string {
  return `${CATEGORY_LABELS[vendor.businessCategory]} in ${vendor.area}, ${vendor.city}`;
}

/** "Collect 5 stamps, get Free Chai": what any card offers. */
export function cardRewardLine(card: Pick<CardShareSubject, 'stampsRequired' | 'rewardTitle'>): string {
  return serverText('heads:card.reward', { count: card.stampsRequired, reward: card.rewardTitle });
}

export interface DealPrice {
  /** "Rs 299". */
  price: string;
  /** "Rs 499", or null when there is no higher price to strike through. */
  was: string | null;
  /** "40% off", or null. */
  saving: string | null;
}

/** The price of a deal, or null for a card without one. */
export function cardDealPrice(card: Pick<CardShareSubject, 'dealPrice' | 'originalPrice'>): DealPrice | null {
  if (card.dealPrice === null) return null;
  const percent = discountPercent(card.dealPrice, card.originalPrice);
  return {
    price: formatPKR(card.dealPrice),
    was: percent !== null && card.originalPrice !== null ? formatPKR(card.originalPrice) : null,
    saving: percent !== null ? serverText('heads:card.saving', { percent }) : null,
  };
}

/**
 * How long the deal lasts and how many are left, as of `now` (Pakistan time): "Ends today at
 * 11:45 pm · 5 left", "Ends 12 March 2026 at 9:00 am"; null when neither applies.
 */
export function cardDealTerms(card: Pick<CardShareSubject, 'dealEndsAt' | 'stockLeft'>, now: Date): string | null {
  const parts: string[] = [];
  if (card.dealEndsAt) {
    const sameDay = pakistanDateKey(card.dealEndsAt) === pakistanDateKey(now);
    const day = sameDay ? 'today' : formatLongDate(card.dealEndsAt);
    parts.push(`Ends ${day} at ${formatTimeOfDay(card.dealEndsAt)}`);
  }
  if (card.stockLeft !== null) parts.push(`${formatNumber(card.stockLeft, 'en-PK')} left`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** "Exclusive membership Rs 999 a year", or null. */
export function cardMembershipLine(card: Pick<CardShareSubject, 'membershipFeeYearly'>): string | null {
  return card.membershipFeeYearly !== null
    ? serverText('heads:card.membership', { fee: formatPKR(card.membershipFeeYearly) })
    : null;
}

/** The page title of a shared card: "Chai Combo at Karachi Chai House". */
export function cardShareTitle(card: Pick<CardShareSubject, 'name' | 'vendor'>): string {
  return serverText('heads:card.title', { card: card.name, vendor: card.vendor.businessName });
}

/**
 * The description of a shared card: the price first when it is a deal, then what the card gives
 * and where: "Rs 299 instead of Rs 499 (40% off). Collect 1 stamp, get Chai Combo at Karachi
 * Chai House, Clifton, Karachi, with Chaska."
 */
export function cardShareDescription(card: CardShareSubject): string {
  const where = `${card.vendor.businessName}, ${card.vendor.area}, ${card.vendor.city}`;
  let text = serverText('heads:card.description', { offer: cardRewardLine(card), where });
  const deal = cardDealPrice(card);
  if (deal) {
    const instead = deal.was ? serverText('heads:card.priceInstead', { price: deal.price, was: deal.was }) : deal.price;
    const price = deal.saving ? serverText('heads:card.priceSaving', { price: instead, saving: deal.saving }) : instead;
    text = serverText('heads:card.withPrice', { price, rest: text });
  }
  const membership = cardMembershipLine(card);
  return membership ? serverText('heads:card.withMembership', { rest: text, membership }) : text;
}

/** The words on the brand's own image. */
export const SITE_IMAGE_WORDS = {
  title: BRAND.name,
  tagline: BRAND.tagline,
  line: 'Digital loyalty cards for restaurants, cafes, bakeries and sweet shops across Pakistan.',
} as const;
