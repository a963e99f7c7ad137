import { and, eq } from 'drizzle-orm';
import type { MyVendorApplication } from '@shared/marketplace/marketplace';
import { mayApplyAgain } from '@shared/vendors/vendors';
import type { Executor } from '@server/db/client';
import { vendorMembers, vendors } from '@server/db/schema';
import { applicationOf } from './submit-vendor-application';

/** The vendor the person applied for (as its owner), or null: staff never applied themselves. */
export async function getMyVendorApplication(db: Executor, userId: string): Promise<MyVendorApplication> {
  const [row] = await db
    .select({ vendor: vendors })
    .from(vendorMembers)
    .innerJoin(vendors, eq(vendors.id, vendorMembers.vendorId))
    .where(and(eq(vendorMembers.userId, userId), eq(vendorMembers.role, 'owner')))
    .limit(1);
  if (!row) return null;
  const { vendor } = row;
  const status = vendor.status;
  return {
    status,
    businessName: vendor.businessName,
    rejectionReason: status === 'rejected' ? vendor.rejectionReason : null,
    submittedAt: vendor.createdAt.toISOString(),
    application: mayApplyAgain(status) ? applicationOf(vendor) : null,
  };
}
