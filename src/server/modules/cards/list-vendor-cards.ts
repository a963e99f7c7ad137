import { and, desc, eq, ne } from 'drizzle-orm';
import type { VendorCard, VendorCardList } from '@shared/cards/vendor-cards';
import type { Executor } from '@server/db/client';
import { loyaltyCards } from '@server/db/schema';
import { notFound } from '@server/errors';
import { planLimitsForVendor } from '@server/modules/billing/plan-limits-for-vendor';
import { loadVendor } from '@server/modules/billing/vendor-plan';
import { cardHolderStats, countVendorCustomers } from './card-stats';
import { presentVendorCard, type CardRow } from './present-card';

export const CARD_NOT_FOUND = 'Loyalty card not found';

/** Every card of the vendor except deleted (archived) ones, newest first, with holder counts. */
export async function listVendorCards(db: Executor, vendorId: string): Promise<VendorCardList> {
  const vendor = await loadVendor(db, vendorId);
  const limits = planLimitsForVendor(vendor);
  const rows = await db
    .select()
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.vendorId, vendorId), ne(loyaltyCards.status, 'archived')))
    .orderBy(desc(loyaltyCards.createdAt));
  const stats = await cardHolderStats(
    db,
    rows.map((row) => row.id),
  );
  const cards = rows.map((row) => presentVendorCard(row, stats.get(row.id)));
  const countOf = (status: string) => cards.filter((card) => card.status === status).length;
  return {
    cards,
    counts: { active: countOf('active'), draft: countOf('draft'), paused: countOf('paused') },
    totalUsers: await countVendorCustomers(db, vendorId),
    maxActiveCards: limits.maxCards,
    allowedCardTypes: [...limits.cardTypes],
    hourlyDeals: limits.hourlyDeals,
    tiers: limits.tiers,
  };
}

/** A card of this vendor, or "Loyalty card not found" for any other id (never reveals other vendors' cards). */
export async function findVendorCardRow(
  db: Executor,
  vendorId: string,
  cardId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CardRow> {
  const query = db
    .select()
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.id, cardId), eq(loyaltyCards.vendorId, vendorId)))
    .limit(1);
  const [card] = options.forUpdate ? await query.for('update') : await query;
  if (!card) throw notFound(CARD_NOT_FOUND);
  return card;
}

export async function getVendorCard(db: Executor, vendorId: string, cardId: string): Promise<VendorCard> {
  const card = await findVendorCardRow(db, vendorId, cardId);
  if (card.status === 'archived') throw notFound(CARD_NOT_FOUND);
  const stats = await cardHolderStats(db, [card.id]);
  return presentVendorCard(card, stats.get(card.id));
}
