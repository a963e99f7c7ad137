import { eq, sql } from 'drizzle-orm';
import type { AdminVendorDetail } from '@shared/vendors/admin-vendors';
import type { Executor } from '@server/db/client';
import { qualified } from '@server/db/qualified';
import { loyaltyCards, rewards, stamps, vendorMembers, vendors } from '@server/db/schema';
import { notFound } from '@server/errors';
import { findVendorOwner } from '@server/modules/vendors/vendor-owner';
import { findVendorRow } from './list-admin-vendors';

/** Everything an admin needs to review or look up one vendor. */
export async function getAdminVendorDetail(db: Executor, vendorId: string): Promise<AdminVendorDetail> {
  const [vendor] = await db.select().from(vendors).where(eq(vendors.id, vendorId)).limit(1);
  // The figures of the table row (cards, users, revenue) come from the query the table uses.
  const row = vendor ? await findVendorRow(db, vendorId) : null;
  if (!vendor || !row) throw notFound('Vendor not found.');
  const owner = await findVendorOwner(db, vendorId);
  const [counts] = await db
    .select({
      staffCount: sql<number>`(select count(*)::int from ${vendorMembers} where ${qualified(vendorMembers.vendorId)} = ${vendorId} and ${qualified(vendorMembers.role)} = 'staff')`,
      totalCards: sql<number>`(select count(*)::int from ${loyaltyCards} where ${qualified(loyaltyCards.vendorId)} = ${vendorId} and ${qualified(loyaltyCards.status)} <> 'archived')`,
      stampsIssued: sql<number>`(select count(*)::int from ${stamps} where ${qualified(stamps.vendorId)} = ${vendorId})`,
      rewardsRedeemed: sql<number>`(select count(*)::int from ${rewards} where ${qualified(rewards.vendorId)} = ${vendorId} and ${qualified(rewards.status)} = 'redeemed')`,
    })
    .from(sql`(select 1) as "one"`);
  return {
    ...row,
    businessDescription: vendor.businessDescription,
    address: vendor.address,
    phone: vendor.phone,
    whatsapp: vendor.whatsapp,
    website: vendor.website,
    contactPerson: vendor.contactPerson,
    owner: owner ? { id: owner.id, name: `${owner.name} ${owner.surname}`.trim(), email: owner.email } : null,
    staffCount: counts?.staffCount ?? 0,
    totalCards: counts?.totalCards ?? 0,
    stampsIssued: counts?.stampsIssued ?? 0,
    rewardsRedeemed: counts?.rewardsRedeemed ?? 0,
    rejectionReason: vendor.rejectionReason,
    suspensionReason: vendor.suspensionReason,
    reviewedAt: vendor.reviewedAt?.toISOString() ?? null,
    closedAt: vendor.closedAt?.toISOString() ?? null,
    nextBillingDate: vendor.subscriptionUpdatedAt?.toISOString() ?? null,
  };
}
