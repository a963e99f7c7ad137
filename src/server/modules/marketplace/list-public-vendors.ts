import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { VendorListQuery, VendorPage } from '@shared/marketplace/marketplace';
import type { Executor } from '@server/db/client';
import { vendors } from '@server/db/schema';
import { decodeVendorCursor, encodeCursor } from './keyset-cursor';
import { presentVendorRef, publicVendorRefColumns } from './present-public-card';
import { publicCardCountOfVendor } from '@server/modules/cards/public-visibility';
import { isPublicVendor } from '@server/modules/vendors/public-vendor';

/** Approved vendors by name (SPEC.md), optionally in one city: the landing's featured grid. */
export async function listPublicVendors(db: Executor, query: VendorListQuery, now: Date): Promise<VendorPage> {
  const filters: SQL[] = [isPublicVendor()];
  if (query.city) filters.push(eq(vendors.city, query.city));
  if (query.cursor) {
    const after = decodeVendorCursor(query.cursor);
    filters.push(sql`(${vendors.businessName}, ${vendors.id}) > (${after.businessName}, ${after.id}::uuid)`);
  }
  const rows = await db
    .select({
      id: vendors.id,
      ...publicVendorRefColumns,
      businessDescription: vendors.businessDescription,
      activeCardCount: publicCardCountOfVendor(now),
    })
    .from(vendors)
    .where(and(...filters))
    .orderBy(asc(vendors.businessName), asc(vendors.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    vendors: page.map((row) => ({
      ...presentVendorRef(row),
      businessDescription: row.businessDescription,
      activeCardCount: row.activeCardCount,
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.businessName, last.id]) : null,
  };
}
