import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { VendorListQuery, VendorPage } from '@shared/marketplace/marketplace';
import { CITY_CENTRES } from '@shared/vendors/branches';
import type { Executor } from '@server/db/client';
import { vendors } from '@server/db/schema';
import { decodeNearCursor, decodeVendorCursor, encodeCursor } from './keyset-cursor';
import { presentVendorRef, publicVendorRefColumns } from './present-public-card';
import { publicCardCountOfVendor } from '@server/modules/cards/public-visibility';
import { isPublicVendor } from '@server/modules/vendors/public-vendor';
import { nearListColumns, nearVendorsFrom, nearestVendorList, type Position } from '@server/modules/vendors/branches';
import { preparedQuery } from '@server/db/prepared-statement';

/**
 * A "near me" listing shows the vendors of this many nearest open branches, nearest first, paged
 * by cursor within them (decision 088): one index scan of a fixed size, however many branches
 * the country has, and more than a customer scrolls through before the shops are no longer near.
 */
export const NEAR_ME_BRANCHES = 200;

/** Where a listing measures from: the customer's position, a chosen city's centre, or nowhere (no "near me"). */
export function nearPosition(query: { lat?: number; lng?: number; near?: keyof typeof CITY_CENTRES }): Position | null {
  if (query.lat !== undefined && query.lng !== undefined) return { latitude: query.lat, longitude: query.lng };
  return query.near ? CITY_CENTRES[query.near] : null;
}

/** Metres as the km a tile shows: one decimal. */
export const kilometres = (metres: number) => Math.round(metres / 100) / 10;

const tileColumns = (now: Date | SQL) => ({
  id: vendors.id,
  ...publicVendorRefColumns,
  businessDescription: vendors.businessDescription,
  activeCardCount: publicCardCountOfVendor(now),
});

type TileRow = Awaited<ReturnType<typeof readTiles>>[number] & { metres?: number };
const readTiles = (db: Executor, now: Date) => db.select(tileColumns(now)).from(vendors);

function presentTile(row: TileRow) {
  return {
    ...presentVendorRef(row),
    businessDescription: row.businessDescription,
    activeCardCount: row.activeCardCount,
    ...(row.metres === undefined ? {} : { distanceKm: kilometres(row.metres) }),
  };
}

/**
 * A near-me page of vendor tiles, prepared (decision 061): its text and plan do not depend on the
 * position, only the list of vendors and metres it is given does (planning it took a quarter of
 * PostgreSQL's time for a near-me request). A later page starts after the cursor's (metres, id).
 */
function nearTilesRead(label: string, after: boolean) {
  return preparedQuery(label, (db) => {
    const near = nearListColumns(
      db,
      nearVendorsFrom(sql`${sql.placeholder('ids')}`, sql`${sql.placeholder('metres')}`),
    );
    return db
      .select({ ...tileColumns(sql`${sql.placeholder('now')}::timestamptz`), metres: near.metres })
      .from(vendors)
      .innerJoin(near, eq(near.vendorId, vendors.id))
      .where(
        after
          ? sql`(${near.metres}, ${vendors.id}) > (${sql.placeholder('afterMetres')}::int, ${sql.placeholder('afterId')}::uuid)`
          : undefined,
      )
      .orderBy(asc(near.metres), asc(vendors.id))
      .limit(sql.placeholder('limit'));
  });
}
const nearTiles = nearTilesRead('near_vendor_tiles', false);
const nearTilesAfter = nearTilesRead('near_vendor_tiles_after', true);

/**
 * Approved vendors by name (SPEC.md), optionally in one city: the landing's featured grid; or,
 * given a position, by the distance of their nearest open branch.
 */
export async function listPublicVendors(db: Executor, query: VendorListQuery, now: Date): Promise<VendorPage> {
  const cityFilter = query.city ? [eq(vendors.city, query.city)] : [];
  const position = nearPosition(query);
  if (position) {
    // A first page needs its vendors and one more (is there a next page?); a later one the window.
    const near = await nearestVendorList(
      db,
      position,
      { city: query.city },
      { window: NEAR_ME_BRANCHES, enough: query.cursor ? undefined : query.limit + 1 },
    );
    const after = query.cursor ? decodeNearCursor(query.cursor) : null;
    const values = { ...near, now: now.toISOString(), limit: query.limit + 1 };
    const rows = after
      ? await nearTilesAfter(db).execute({ ...values, afterMetres: after.metres, afterId: after.id })
      : await nearTiles(db).execute(values);
    const last = rows[query.limit - 1];
    return {
      vendors: rows.slice(0, query.limit).map(presentTile),
      nextCursor: rows.length > query.limit && last ? encodeCursor([String(last.metres), last.id]) : null,
    };
  }
  const filters: SQL[] = [isPublicVendor(), ...cityFilter];
  if (query.cursor) {
    const after = decodeVendorCursor(query.cursor);
    filters.push(sql`(${vendors.businessName}, ${vendors.id}) > (${after.businessName}, ${after.id}::uuid)`);
  }
  const rows = await readTiles(db, now)
    .where(and(...filters))
    .orderBy(asc(vendors.businessName), asc(vendors.id))
    .limit(query.limit + 1);
  const last = rows[query.limit - 1];
  return {
    vendors: rows.slice(0, query.limit).map(presentTile),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.businessName, last.id]) : null,
  };
}
