import { sql } from 'drizzle-orm';
import type { CardType } from '@shared/cards/cards';
import type { PublicCard, PublicVendorRef } from '@shared/marketplace/marketplace';
import { discountPercent } from '@shared/marketplace/marketplace-display';
import type { VendorCategory } from '@shared/places';
import { loyaltyCards, vendors } from '@server/db/schema';

/** The vendor columns every public tile shows; nothing else of the vendor row leaves the server. */
export const publicVendorRefColumns = {
  slug: vendors.slug,
  businessName: vendors.businessName,
  businessCategory: vendors.businessCategory,
  logo: vendors.logo,
  city: vendors.city,
  area: vendors.area,
  subscriptionPlan: vendors.subscriptionPlan,
};

export const publicCardColumns = {
  id: loyaltyCards.id,
  name: loyaltyCards.name,
  description: loyaltyCards.description,
  cardType: loyaltyCards.cardType,
  stampsRequired: loyaltyCards.stampsRequired,
  rewardTitle: loyaltyCards.rewardTitle,
  rewardDescription: loyaltyCards.rewardDescription,
  rewardValue: loyaltyCards.rewardValue,
  dealPrice: loyaltyCards.dealPrice,
  originalPrice: loyaltyCards.originalPrice,
  stockLeft: loyaltyCards.stockLeft,
  dealEndsAt: loyaltyCards.dealEndsAt,
  dealStartsAt: loyaltyCards.dealStartsAt,
  membershipFeeYearly: loyaltyCards.membershipFeeYearly,
  /** The keyset sort key, in PostgreSQL's text form (keeps microseconds). */
  createdAtKey: sql<string>`${loyaltyCards.createdAt}::text`,
};

type VendorRefRow = { [Key in keyof typeof publicVendorRefColumns]: string };

export function presentVendorRef(row: VendorRefRow): PublicVendorRef {
  return {
    slug: row.slug,
    businessName: row.businessName,
    businessCategory: row.businessCategory as VendorCategory,
    logo: row.logo,
    city: row.city,
    area: row.area,
    // SPEC.md: the premium badge shows on vendors whose subscription_plan is premium.
    isPremium: row.subscriptionPlan === 'premium',
  };
}

export interface PublicCardRow {
  id: string;
  name: string;
  description: string;
  cardType: string;
  stampsRequired: number;
  rewardTitle: string;
  rewardDescription: string;
  rewardValue: number;
  dealPrice: number | null;
  originalPrice: number | null;
  stockLeft: number | null;
  dealEndsAt: Date | null;
  dealStartsAt: Date | null;
  membershipFeeYearly: number | null;
  held: boolean;
  vendor: VendorRefRow;
}

export function presentPublicCard(row: PublicCardRow, partners: PublicCard['partners'] = []): PublicCard {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    cardType: row.cardType as CardType,
    stampsRequired: row.stampsRequired,
    rewardTitle: row.rewardTitle,
    rewardDescription: row.rewardDescription,
    rewardValue: row.rewardValue,
    dealPrice: row.dealPrice,
    originalPrice: row.originalPrice,
    discountPercent: discountPercent(row.dealPrice, row.originalPrice),
    stockLeft: row.stockLeft,
    dealEndsAt: row.dealEndsAt ? new Date(row.dealEndsAt).toISOString() : null,
    dealStartsAt: row.dealStartsAt ? new Date(row.dealStartsAt).toISOString() : null,
    membershipFeeYearly: row.membershipFeeYearly,
    held: Boolean(row.held),
    vendor: presentVendorRef(row.vendor),
    partners,
  };
}
