import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { PublicVendorDetail } from '@shared/marketplace/marketplace';
import type { Executor } from '@server/db/client';
import { loyaltyCards, vendors } from '@server/db/schema';
import { notFound } from '@server/errors';
import { presentVendorRef, publicVendorRefColumns } from './present-public-card';
import { isPublicCard, publicCardCountOfVendor } from '@server/modules/cards/public-visibility';
import { isPublicVendor } from '@server/modules/vendors/public-vendor';
import { listPublicBranches } from '@server/modules/vendors/branches';

export const VENDOR_NOT_FOUND_MESSAGE = 'Vendor not found.';

/** What the vendor's rows say; the route adds the map's tile settings. */
export type PublicVendorFound = Omit<PublicVendorDetail, 'mapTiles'>;

/** One public vendor by its address, with its open branches; null when it does not exist or is not public. */
export async function findPublicVendor(db: Executor, slug: string, now: Date): Promise<PublicVendorFound | null> {
  const [row] = await db
    .select({
      ...publicVendorRefColumns,
      id: vendors.id,
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
  const { id, ...shown } = row;
  return {
    branches: await listPublicBranches(db, id),
    cardBranches: await listCardBranches(db, id, now),
    ...presentVendorRef(shown),
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

/** The vendor's cards honoured at chosen branches only, with the open ones' names (decision 089). */
async function listCardBranches(
  db: Executor,
  vendorId: string,
  now: Date,
): Promise<Array<{ cardId: string; name: string; branches: string[] }>> {
  const cards = await db
    .select({ cardId: loyaltyCards.id, name: loyaltyCards.name, branchIds: loyaltyCards.branchIds })
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.vendorId, vendorId), isNotNull(loyaltyCards.branchIds), isPublicCard(now)))
    .orderBy(asc(loyaltyCards.createdAt), asc(loyaltyCards.id));
  if (cards.length === 0) return [];
  const open = await listPublicBranches(db, vendorId);
  return cards.map((card) => ({
    cardId: card.cardId,
    name: card.name,
    branches: open.filter((branch) => card.branchIds?.includes(branch.id)).map((branch) => branch.name),
  }));
}

export async function getPublicVendor(db: Executor, slug: string, now: Date): Promise<PublicVendorFound> {
  const vendor = await findPublicVendor(db, slug, now);
  if (!vendor) throw notFound(VENDOR_NOT_FOUND_MESSAGE);
  return vendor;
}
