import { and, desc, eq, sql } from 'drizzle-orm';
import type { CardType } from '@shared/cards/cards';
import type { VendorCategory } from '@shared/places';
import type { Executor } from '@server/db/client';
import { loyaltyCards, vendors } from '@server/db/schema';
import { planLimitsForVendor } from '@server/modules/billing/plan-limits-for-vendor';
import { isPublicCard } from '@server/modules/cards/public-visibility';
import { isPublicVendor } from '@server/modules/vendors/public-vendor';
import { publicVendorRefColumns } from './present-public-card';

/*
 * What a share shows, read from the database: a public vendor, or a public card of a public
 * vendor (the marketplace's one visibility rule), and whether the vendor's plan includes social
 * media integration (billing's one rule of "which limits apply"). The images and the page head
 * are drawn from these and nothing else.
 */

export interface VendorShareSubject {
  slug: string;
  businessName: string;
  businessCategory: VendorCategory;
  businessDescription: string | null;
  logo: string;
  city: string;
  area: string;
  /** The plan includes social media integration: the vendor's own preview images. */
  socialSharing: boolean;
}

export interface CardShareSubject {
  id: string;
  name: string;
  description: string;
  cardType: CardType;
  stampsRequired: number;
  rewardTitle: string;
  rewardValue: number;
  dealPrice: number | null;
  originalPrice: number | null;
  stockLeft: number | null;
  dealEndsAt: Date | null;
  membershipFeeYearly: number | null;
  vendor: VendorShareSubject;
}

/** A public tile's vendor, with the words a share prints and the subscription its plan rule reads. */
const vendorColumns = {
  ...publicVendorRefColumns,
  businessDescription: vendors.businessDescription,
  subscriptionStatus: vendors.subscriptionStatus,
};

const cardColumns = {
  id: loyaltyCards.id,
  name: loyaltyCards.name,
  description: loyaltyCards.description,
  cardType: loyaltyCards.cardType,
  stampsRequired: loyaltyCards.stampsRequired,
  rewardTitle: loyaltyCards.rewardTitle,
  rewardValue: loyaltyCards.rewardValue,
  dealPrice: loyaltyCards.dealPrice,
  originalPrice: loyaltyCards.originalPrice,
  stockLeft: loyaltyCards.stockLeft,
  dealEndsAt: loyaltyCards.dealEndsAt,
  membershipFeeYearly: loyaltyCards.membershipFeeYearly,
};

interface VendorRow {
  slug: string;
  businessName: string;
  businessCategory: string;
  businessDescription: string | null;
  logo: string;
  city: string;
  area: string;
  subscriptionPlan: string;
  subscriptionStatus: string;
}

type CardRow = Omit<CardShareSubject, 'cardType' | 'vendor'> & { cardType: string };

function presentVendor(row: VendorRow): VendorShareSubject {
  return {
    slug: row.slug,
    businessName: row.businessName,
    businessCategory: row.businessCategory as VendorCategory,
    businessDescription: row.businessDescription,
    logo: row.logo,
    city: row.city,
    area: row.area,
    socialSharing: planLimitsForVendor(row).socialSharing,
  };
}

function presentCard(card: CardRow, vendor: VendorRow): CardShareSubject {
  return {
    id: card.id,
    name: card.name,
    description: card.description,
    cardType: card.cardType as CardType,
    stampsRequired: card.stampsRequired,
    rewardTitle: card.rewardTitle,
    rewardValue: card.rewardValue,
    dealPrice: card.dealPrice,
    originalPrice: card.originalPrice,
    stockLeft: card.stockLeft,
    dealEndsAt: card.dealEndsAt ? new Date(card.dealEndsAt) : null,
    membershipFeeYearly: card.membershipFeeYearly,
    vendor: presentVendor(vendor),
  };
}

/** A public vendor by its page address; null when there is none (unknown, pending, closed...). */
export async function findVendorShareSubject(db: Executor, slug: string): Promise<VendorShareSubject | null> {
  const [row] = await db
    .select(vendorColumns)
    .from(vendors)
    .where(and(eq(vendors.slug, slug), isPublicVendor()))
    .limit(1);
  return row ? presentVendor(row) : null;
}

/** A public card of a public vendor; null otherwise (a draft, a paused card, an ended deal). */
export async function findCardShareSubject(db: Executor, cardId: string, now: Date): Promise<CardShareSubject | null> {
  const [row] = await db
    .select({ card: cardColumns, vendor: vendorColumns })
    .from(loyaltyCards)
    .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
    .where(and(eq(loyaltyCards.id, cardId), isPublicVendor(), isPublicCard(now)))
    .limit(1);
  return row ? presentCard(row.card, row.vendor) : null;
}

/**
 * The vendor's public cards to post, today's deal first: cards with a deal price (a Daily
 * Chaska deal, or any card sold at a price) before the rest, newest first within each. The
 * vendor itself need not be public yet for its own preview (a pending vendor sees the image its
 * customers would), but only its live cards are offered. `onlyCardId` picks one of them.
 */
export async function listVendorShareCards(
  db: Executor,
  vendorId: string,
  now: Date,
  onlyCardId?: string,
): Promise<CardShareSubject[]> {
  const rows = await db
    .select({ card: cardColumns, vendor: vendorColumns })
    .from(loyaltyCards)
    .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
    .where(
      and(
        eq(loyaltyCards.vendorId, vendorId),
        isPublicCard(now),
        onlyCardId === undefined ? undefined : eq(loyaltyCards.id, onlyCardId),
      ),
    )
    .orderBy(sql`(${loyaltyCards.dealPrice} is null)`, desc(loyaltyCards.createdAt), loyaltyCards.id)
    .limit(SHARE_CARD_LIST_LIMIT);
  return rows.map((row) => presentCard(row.card, row.vendor));
}

/** An unlimited plan can have many cards; the picker lists this many, today's deals first. */
export const SHARE_CARD_LIST_LIMIT = 50;
