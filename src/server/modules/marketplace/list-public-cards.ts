import { and, asc, desc, eq, inArray, isNotNull, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { CardListQuery, CardPage, PublicCard } from '@shared/marketplace/marketplace';
import { CATEGORY_GROUPS } from '@shared/places';
import type { Executor } from '@server/db/client';
import { qualified } from '@server/db/qualified';
import { loyaltyCards, userCards, vendors } from '@server/db/schema';
import { alias } from 'drizzle-orm/pg-core';
import { acceptedPartnersOf, cardHonouredByVendorSlug } from '@server/modules/cards/partnerships';
import { NO_CACHE, type CountsCache } from '@server/lib/counts-cache';
import { vendorPlanHas } from '@server/modules/billing/plan-limits-for-vendor';
import { decodeCardCursor, decodeNearCursor, encodeCardCursor, encodeCursor, type CardCursor } from './keyset-cursor';
import { kilometres, NEAR_ME_BRANCHES, nearPosition } from './list-public-vendors';
import {
  presentPublicCard,
  publicCardColumns,
  publicVendorRefColumns,
  type PublicCardRow,
} from './present-public-card';
import { isPublicCard } from '@server/modules/cards/public-visibility';
import { isPublicVendor } from '@server/modules/vendors/public-vendor';
import { nearestVendors, type NearCondition, type Position } from '@server/modules/vendors/branches';

/** The filters of a listing on the vendor row: who may appear, the category group, the city. */
function vendorFilters(query: CardListQuery): SQL[] {
  const filters: SQL[] = [isPublicVendor()];
  // PRODUCT.md section 2: the Vendor Clubs filter ids stand for groups of vendor categories.
  if (query.category !== 'all') filters.push(inArray(vendors.businessCategory, [...CATEGORY_GROUPS[query.category]]));
  if (query.city) filters.push(eq(vendors.city, query.city));
  return filters;
}

/** The filters of a listing, without the page position (shared by the page and its counts). */
function listingFilters(query: CardListQuery, now: Date): SQL[] {
  const filters: SQL[] = [isPublicCard(now), ...vendorFilters(query)];
  if (query.type !== 'all') filters.push(eq(loyaltyCards.cardType, query.type));
  // A vendor's page lists the partner cards it honours beside its own (decision 023).
  if (query.vendor) filters.push(cardHonouredByVendorSlug(query.vendor));
  return filters;
}

/*
 * The order of every public listing (decision 033): cards of vendors whose plan gives Priority
 * Chaska placement first, then the admin's featured order (1 first), then newest; (created_at, id)
 * breaks ties, so the order is total and stable. Each tier is its own index-friendly query (the
 * priority vendors through vendors_priority_placement_idx, the featured cards through
 * loyalty_cards_featured_idx, the rest newest first as before), read in turn until a page is
 * full. A cursor names the tier, featured place, created_at and id of the last row, so a row
 * inserted between two fetches never moves an existing row across the page boundary: no row is
 * shown twice and none is skipped.
 */
const priorityVendor = () => vendorPlanHas('priorityPlacement');
const TIERS: ReadonlyArray<{ filter: () => SQL; featured: boolean }> = [
  { filter: priorityVendor, featured: true },
  { filter: () => and(not(priorityVendor()), isNotNull(loyaltyCards.featuredOrder))!, featured: true },
  { filter: () => and(not(priorityVendor()), isNull(loyaltyCards.featuredOrder))!, featured: false },
];

/** Rows after the cursor within the cursor's own tier. */
function afterInTier(after: CardCursor): SQL {
  const newerFirst = sql`(${loyaltyCards.createdAt}, ${loyaltyCards.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`;
  if (after.featuredOrder === null) return sql`(${loyaltyCards.featuredOrder} is null and ${newerFirst})`;
  return sql`(${loyaltyCards.featuredOrder} > ${after.featuredOrder} or ${loyaltyCards.featuredOrder} is null or (${loyaltyCards.featuredOrder} = ${after.featuredOrder} and ${newerFirst}))`;
}

/**
 * The cards and vendors a listing's filters match. They scan every matching card, so they are
 * memoised briefly per filter (not per visitor, nor per position).
 */
function listingCounts(db: Executor, query: CardListQuery, filters: SQL[], countsCache: CountsCache) {
  return countsCache.get(`cards:${query.type}:${query.category}:${query.city ?? ''}:${query.vendor ?? ''}`, () =>
    countCardsAndVendors(db, filters),
  );
}

type NearVendors = Awaited<ReturnType<typeof nearestVendors>>;

/** The cards the filters match and their vendors, among the vendors `near` lists where it is given. */
function countCardsAndVendors(db: Executor, filters: SQL[], near?: NearVendors) {
  const counted = db
    .select({
      total: sql<number>`count(*)::int`,
      vendorCount: sql<number>`count(distinct ${loyaltyCards.vendorId})::int`,
    })
    .from(loyaltyCards)
    .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
    .$dynamic();
  return (near ? counted.innerJoin(near, eq(near.vendorId, vendors.id)) : counted)
    .where(and(...filters))
    .then((result) => result[0] ?? { total: 0, vendorCount: 0 });
}

/** A page's cards as the public sees them, each with the partner vendors that honour it (decision 023). */
async function presentWithPartners(db: Executor, page: PublicCardRow[]): Promise<PublicCard[]> {
  const partners = await acceptedPartnersOf(
    db,
    page.map((row) => row.id),
  );
  return page.map((row) =>
    presentPublicCard(
      row,
      (partners.get(row.id) ?? []).map((partner) => ({ slug: partner.slug, businessName: partner.businessName })),
    ),
  );
}

/**
 * Active cards of public vendors in placement order (above), one keyset page at a time. `held`
 * tells a signed-in customer which cards they already have, from the user_cards unique index.
 */
export async function listPublicCards(
  db: Executor,
  { query, viewerId }: { query: CardListQuery; viewerId: string | null },
  now: Date,
  countsCache: CountsCache = NO_CACHE,
): Promise<CardPage> {
  const filters = listingFilters(query, now);
  const held = viewerId
    ? sql<boolean>`exists (select 1 from ${userCards} where ${qualified(userCards.userId)} = ${viewerId} and ${qualified(userCards.cardId)} = ${qualified(loyaltyCards.id)})`
    : sql<boolean>`false`;
  const position = nearPosition(query);
  if (position) return listCardsNear(db, { query, position, filters, held, now });
  const after = query.cursor ? decodeCardCursor(query.cursor, TIERS.length) : null;

  const readTier = (tier: number, limit: number) =>
    db
      .select({ ...publicCardColumns, featuredOrder: loyaltyCards.featuredOrder, held, vendor: publicVendorRefColumns })
      .from(loyaltyCards)
      .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
      .where(and(...filters, TIERS[tier]!.filter(), after?.tier === tier ? afterInTier(after) : undefined))
      .orderBy(
        ...(TIERS[tier]!.featured ? [sql`${loyaltyCards.featuredOrder} asc nulls last`] : []),
        desc(loyaltyCards.createdAt),
        desc(loyaltyCards.id),
      )
      .limit(limit)
      .then((rows) => rows.map((row) => ({ ...row, tier })));
  const rowsPromise = (async () => {
    const rows: Awaited<ReturnType<typeof readTier>> = [];
    for (let tier = after?.tier ?? 0; tier < TIERS.length && rows.length <= query.limit; tier += 1) {
      rows.push(...(await readTier(tier, query.limit + 1 - rows.length)));
    }
    return rows;
  })();
  // Counts come with the first page only: later pages keep the figures the visitor already sees.
  const countsPromise = query.cursor ? Promise.resolve(null) : listingCounts(db, query, filters, countsCache);
  const [rows, counts] = await Promise.all([rowsPromise, countsPromise]);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    cards: await presentWithPartners(db, page),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCardCursor({
            tier: last.tier,
            featuredOrder: last.featuredOrder,
            createdAt: last.createdAtKey,
            id: last.id,
          })
        : null,
    total: counts?.total ?? null,
    vendorCount: counts?.vendorCount ?? null,
  };
}

const nearCard = alias(loyaltyCards, 'near_card');

/**
 * A near-me window of cards counts a branch only if its vendor has a public card of the listing's
 * type (any type for Vendor Clubs), so a type that only far-away shops offer still fills the
 * window, nearest first (decision 088). An existence probe per branch read from the index, on
 * loyalty_cards_vendor_status_idx; the time and the type are placeholders of the prepared read.
 */
const HAS_LISTED_CARD: NearCondition = {
  label: 'nearest_vendors_with_cards',
  where: () => {
    const type = sql.placeholder('cardType');
    return sql`exists (select 1 from ${loyaltyCards} as ${nearCard}
      where ${qualified(nearCard.vendorId)} = ${qualified(vendors.id)}
        and ${isPublicCard(sql`${sql.placeholder('now')}`, nearCard)}
        and (${type}::text is null or ${qualified(nearCard.cardType)} = ${type}::text))`;
  },
};

/**
 * "Near me" (decision 088): the cards of the vendors of the nearest open branches, by the
 * distance of the vendor's nearest one, then by card; keyset pages by (metres, card id) within
 * those vendors (NEAR_ME_BRANCHES). The placement tiers do not apply: distance is the order asked
 * for. The counts are of what this view lists (a vendor without a pinned open branch is in the
 * listing but not near anyone), counted afresh: the window is small and differs by position.
 */
async function listCardsNear(
  db: Executor,
  {
    query,
    position,
    filters,
    held,
    now,
  }: { query: CardListQuery; position: Position; filters: SQL[]; held: SQL<boolean>; now: Date },
): Promise<CardPage> {
  const near = await nearestVendors(
    db,
    position,
    { city: query.city, categories: query.category === 'all' ? undefined : CATEGORY_GROUPS[query.category] },
    // The whole window: the first page's counts are of every card it holds.
    NEAR_ME_BRANCHES,
    { of: HAS_LISTED_CARD, values: { now: now.toISOString(), cardType: query.type === 'all' ? null : query.type } },
  );
  const after = query.cursor ? decodeNearCursor(query.cursor) : null;
  const rowsPromise = db
    .select({ ...publicCardColumns, held, vendor: publicVendorRefColumns, metres: near.metres })
    .from(loyaltyCards)
    .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
    .innerJoin(near, eq(near.vendorId, vendors.id))
    .where(
      and(
        ...filters,
        after ? sql`(${near.metres}, ${loyaltyCards.id}) > (${after.metres}, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(near.metres), asc(loyaltyCards.id))
    .limit(query.limit + 1);
  const countsPromise = query.cursor ? null : countCardsAndVendors(db, filters, near);
  const [rows, counts] = await Promise.all([rowsPromise, countsPromise]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const cards = await presentWithPartners(db, page);
  return {
    cards: cards.map((card, index) => ({ ...card, distanceKm: kilometres(page[index]!.metres) })),
    nextCursor: rows.length > query.limit && last ? encodeCursor([String(last.metres), last.id]) : null,
    total: counts?.total ?? null,
    vendorCount: counts?.vendorCount ?? null,
  };
}
