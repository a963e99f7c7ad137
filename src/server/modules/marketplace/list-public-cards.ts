import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CardListQuery, CardPage } from '@shared/marketplace';
import { CATEGORY_GROUPS } from '@shared/places';
import type { Executor } from '@server/db/client';
import { qualified } from '@server/db/qualified';
import { loyaltyCards, userCards, vendors } from '@server/db/schema';
import { acceptedPartnersOf, cardHonouredByVendorSlug } from '@server/modules/partner-cards/partnerships';
import { NO_CACHE, type CountsCache } from './counts-cache';
import { decodeCardCursor, encodeCursor } from './keyset-cursor';
import { presentPublicCard, publicCardColumns, publicVendorRefColumns } from './present-public-card';
import { isPublicCard, isPublicVendor } from './public-visibility';

/** The filters of a listing, without the page position (shared by the page and its counts). */
function listingFilters(query: CardListQuery, now: Date): SQL[] {
  const filters: SQL[] = [isPublicCard(now), isPublicVendor()];
  if (query.type !== 'all') filters.push(eq(loyaltyCards.cardType, query.type));
  // PRODUCT.md section 2: the Vendor Clubs filter ids stand for groups of vendor categories.
  if (query.category !== 'all') filters.push(inArray(vendors.businessCategory, [...CATEGORY_GROUPS[query.category]]));
  if (query.city) filters.push(eq(vendors.city, query.city));
  // A vendor's page lists the partner cards it honours beside its own (decision 023).
  if (query.vendor) filters.push(cardHonouredByVendorSlug(query.vendor));
  return filters;
}

/**
 * Active cards of public vendors, newest first (SPEC.md), one keyset page at a time. `held`
 * tells a signed-in customer which cards they already have, from the user_cards unique index.
 */
export async function listPublicCards(
  db: Executor,
  query: CardListQuery,
  viewerId: string | null,
  now: Date,
  countsCache: CountsCache = NO_CACHE,
): Promise<CardPage> {
  const filters = listingFilters(query, now);
  const pageFilters = [...filters];
  if (query.cursor) {
    const after = decodeCardCursor(query.cursor);
    pageFilters.push(
      sql`(${loyaltyCards.createdAt}, ${loyaltyCards.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const held = viewerId
    ? sql<boolean>`exists (select 1 from ${userCards} where ${qualified(userCards.userId)} = ${viewerId} and ${qualified(userCards.cardId)} = ${qualified(loyaltyCards.id)})`
    : sql<boolean>`false`;

  const rowsPromise = db
    .select({ ...publicCardColumns, held, vendor: publicVendorRefColumns })
    .from(loyaltyCards)
    .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
    .where(and(...pageFilters))
    .orderBy(desc(loyaltyCards.createdAt), desc(loyaltyCards.id))
    .limit(query.limit + 1);
  // Counts come with the first page only: later pages keep the figures the visitor already sees.
  // They scan every matching card, so they are memoised briefly per filter (not per visitor).
  const countFilters = () =>
    db
      .select({
        total: sql<number>`count(*)::int`,
        vendorCount: sql<number>`count(distinct ${loyaltyCards.vendorId})::int`,
      })
      .from(loyaltyCards)
      .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
      .where(and(...filters))
      .then((result) => result[0] ?? { total: 0, vendorCount: 0 });
  const countsKey = `cards:${query.type}:${query.category}:${query.city ?? ''}:${query.vendor ?? ''}`;
  const countsPromise = query.cursor ? Promise.resolve(null) : countsCache.get(countsKey, countFilters);
  const [rows, counts] = await Promise.all([rowsPromise, countsPromise]);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const partners = await acceptedPartnersOf(
    db,
    page.map((row) => row.id),
  );
  return {
    cards: page.map((row) =>
      presentPublicCard(
        row,
        (partners.get(row.id) ?? []).map((partner) => ({ slug: partner.slug, businessName: partner.businessName })),
      ),
    ),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.createdAtKey, last.id]) : null,
    total: counts?.total ?? null,
    vendorCount: counts?.vendorCount ?? null,
  };
}
