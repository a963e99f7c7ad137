import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { VendorListQuery, VendorPage } from '@shared/marketplace/marketplace';
import { CITY_CENTRES } from '@shared/vendors/branches';
import type { Executor } from '@server/db/client';
import { vendors } from '@server/db/schema';
import { decodeNearCursor, decodeVendorCursor, encodeCursor } from './keyset-cursor';
import { presentVendorRef, publicVendorRefColumns } from './present-public-card';
import { publicCardCountOfVendor } from '@server/modules/cards/public-visibility';
import { isPublicVendor } from '@server/modules/vendors/public-vendor';
import { nearListColumns, nearValues, nearestVendorsSql, type Position } from '@server/modules/vendors/branches';
import { hiddenPlaceholder, preparedQuery } from '@server/db/prepared-statement';

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
 * How many nearest branches per tile a first page reads before the whole window. A vendor with a
 * branch among the nearest N branches has its nearest there too, and every vendor outside them is
 * farther, so when N branches hold the tiles a page needs, they are the nearest of the whole
 * window: a few branches per tile are read first, and the whole window only when a chain's
 * branches crowd them (a first page read 200 branches to show 20 shops).
 */
const FIRST_BRANCHES_PER_TILE = 3;

/**
 * A near-me page of vendor tiles in one prepared statement (decision 061): the window's vendors
 * (nearestVendorsSql), the page of them after the cursor's (metres, id) if any, then their tiles.
 * Its text and plan do not depend on the position; planning it, with earthdistance's functions to
 * inline, cost more than running it, so the page size is hidden from the planner as the window's
 * values are (nearestVendorsSql).
 */
function nearTilesRead(label: string, after: boolean) {
  return preparedQuery(label, (db) => {
    const page = sql`(select window_vendors.vendor, window_vendors.metres from (${nearestVendorsSql()}) as window_vendors
      ${after ? sql`where (window_vendors.metres, window_vendors.vendor) > (${sql.placeholder('afterMetres')}::int, ${sql.placeholder('afterId')}::uuid)` : sql``}
      order by window_vendors.metres, window_vendors.vendor
      limit ${hiddenPlaceholder('limit', 'int')}) as near_list`;
    const near = nearListColumns(db, page);
    return db
      .select({ ...tileColumns(sql`${sql.placeholder('now')}::timestamptz`), metres: near.metres })
      .from(vendors)
      .innerJoin(near, eq(near.vendorId, vendors.id))
      .orderBy(asc(near.metres), asc(vendors.id));
  });
}
const nearTiles = nearTilesRead('near_vendor_tiles', false);
const nearTilesAfter = nearTilesRead('near_vendor_tiles_after', true);

/** A near-me page of `limit` tiles, and one more if there is a next page. */
async function readNearTiles(db: Executor, position: Position, query: VendorListQuery, now: Date) {
  const after = query.cursor ? decodeNearCursor(query.cursor) : null;
  const enough = query.limit + 1;
  const read = (window: number) => {
    const values = { ...nearValues(position, { city: query.city }, window), now: now.toISOString(), limit: enough };
    return after
      ? nearTilesAfter(db).execute({ ...values, afterMetres: after.metres, afterId: after.id })
      : nearTiles(db).execute(values);
  };
  // A later page reads the whole window; a first page the nearest few branches per tile first.
  const first = after ? NEAR_ME_BRANCHES : Math.min(NEAR_ME_BRANCHES, enough * FIRST_BRANCHES_PER_TILE);
  const rows = await read(first);
  return rows.length < enough && first < NEAR_ME_BRANCHES ? read(NEAR_ME_BRANCHES) : rows;
}

/**
 * Approved vendors by name (SPEC.md), optionally in one city: the landing's featured grid; or,
 * given a position, by the distance of their nearest open branch.
 */
export async function listPublicVendors(db: Executor, query: VendorListQuery, now: Date): Promise<VendorPage> {
  const cityFilter = query.city ? [eq(vendors.city, query.city)] : [];
  const position = nearPosition(query);
  if (position) {
    const rows = await readNearTiles(db, position, query, now);
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
