import { and, eq } from 'drizzle-orm';
import type { PublicVendorDetail } from '@shared/marketplace/marketplace';
import type { Executor } from '@server/db/client';
import { vendors } from '@server/db/schema';
import { notFound } from '@server/errors';
import { presentVendorRef, publicVendorRefColumns } from './present-public-card';
import { publicCardCountOfVendor } from '@server/modules/cards/public-visibility';
import { isPublicVendor } from '@server/modules/vendors/public-vendor';

export const VENDOR_NOT_FOUND_MESSAGE = 'Vendor not found.';

/** One public vendor by its address; null when it does not exist or is not public. */
export async function findPublicVendor(db: Executor, slug: string, now: Date): Promise<PublicVendorDetail | null> {
  const [row] = await db
    .select({
      ...publicVendorRefColumns,
      businessDescription: vendors.businessDescription,
      address: vendors.address,
      phone: vendors.phone,
      whatsapp: vendors.whatsapp,
      website: vendors.website,
      facebookPage: vendors.facebookPage,
      instagramHandle: vendors.instagramHandle,
      twitterHandle: vendors.twitterHandle,
      openingHours: vendors.openingHours,
      activeCardCount: publicCardCountOfVendor(now),
    })
    .from(vendors)
    .where(and(eq(vendors.slug, slug), isPublicVendor()))
    .limit(1);
  if (!row) return null;
  return {
    ...presentVendorRef(row),
    businessDescription: row.businessDescription,
    activeCardCount: row.activeCardCount,
    address: row.address,
    phone: row.phone,
    whatsapp: row.whatsapp,
    website: row.website,
    facebookPage: row.facebookPage,
    instagramHandle: row.instagramHandle,
    twitterHandle: row.twitterHandle,
    openingHours: row.openingHours ?? null,
  };
}

export async function getPublicVendor(db: Executor, slug: string, now: Date): Promise<PublicVendorDetail> {
  const vendor = await findPublicVendor(db, slug, now);
  if (!vendor) throw notFound(VENDOR_NOT_FOUND_MESSAGE);
  return vendor;
}
