import { and, eq } from 'drizzle-orm';
import type { MyVendorApplication } from '../../../shared/marketplace';
import type { VendorStatus } from '../../../shared/vendors';
import type { Executor } from '../../db/client';
import { vendorMembers, vendors } from '../../db/schema';

/** The vendor the person applied for (as its owner), or null: staff never applied themselves. */
export async function getMyVendorApplication(db: Executor, userId: string): Promise<MyVendorApplication> {
  const [row] = await db
    .select({
      status: vendors.status,
      businessName: vendors.businessName,
      rejectionReason: vendors.rejectionReason,
      createdAt: vendors.createdAt,
    })
    .from(vendorMembers)
    .innerJoin(vendors, eq(vendors.id, vendorMembers.vendorId))
    .where(and(eq(vendorMembers.userId, userId), eq(vendorMembers.role, 'owner')))
    .limit(1);
  if (!row) return null;
  return {
    status: row.status as VendorStatus,
    businessName: row.businessName,
    rejectionReason: row.status === 'rejected' ? row.rejectionReason : null,
    submittedAt: row.createdAt.toISOString(),
  };
}
