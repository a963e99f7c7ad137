import type { CardType } from '@shared/cards/cards';
import type { VendorCategory } from '@shared/places';

/*
 * Marketplace constants and display rules without zod, so the public pages (and the landing
 * page above all) can use them without pulling the schema library into their download.
 */

/** Public lists are paged on the server; a page never holds more than this. */
export const MARKETPLACE_MAX_PAGE_SIZE = 48;
export const MARKETPLACE_DEFAULT_PAGE_SIZE = 12;

/** The listings of the marketplace pages: /vendor-clubs is "all", the others one card type. */
export const CARD_LISTING_TYPES = ['all', 'daily_chaska', 'exclusive', 'free', 'hot_shot'] as const;
export type CardListingType = (typeof CARD_LISTING_TYPES)[number];

/** The join button of each card kind (SPEC.md "Marketplace pages"), as catalogue keys. */
export const JOIN_LABEL_KEYS: Record<CardType, string> = {
  stamp: 'marketplace:tile.join.stamp',
  free: 'marketplace:tile.join.free',
  hot_shot: 'marketplace:tile.join.hotShot',
  exclusive: 'marketplace:tile.join.exclusive',
  daily_chaska: 'marketplace:tile.join.dailyChaska',
};

/** Whole-percent saving of a deal, or null when the prices do not make a discount. */
export function discountPercent(dealPrice: number | null, originalPrice: number | null): number | null {
  if (dealPrice === null || originalPrice === null || originalPrice <= 0 || dealPrice >= originalPrice) return null;
  return Math.round((1 - dealPrice / originalPrice) * 100);
}

/** The emoji a new vendor starts with, by category; the vendor can change it on the profile. */
export const CATEGORY_LOGOS: Record<VendorCategory, string> = {
  restaurant: '🍽️',
  cafe: '☕',
  bakery: '🥐',
  dessert: '🍰',
  sweets: '🍬',
  retail: '🛍️',
  salon: '💇',
  pharmacy: '💊',
  electronics: '📱',
  clothing: '👗',
  other: '🏪',
};

export const APPLICATION_SUCCESS_MESSAGE =
  'Vendor application submitted successfully! We will review your application and get back to you within 24-48 hours.';
export const APPLICATION_FAILURE_MESSAGE = 'Failed to submit application. Please try again.';
export const ALREADY_VENDOR_MESSAGE =
  'This account already has a vendor application or vendor account. Open your vendor dashboard to see it.';

/** Google Maps' cross-platform directions link: the phone opens its map app at a branch (decision 084). */
export function directionsUrl(position: { latitude: number; longitude: number }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${position.latitude},${position.longitude}`;
}
