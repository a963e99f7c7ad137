import { asc, inArray } from 'drizzle-orm';
import type { PreviousApplication } from '@shared/vendors/admin-vendors';
import type { Executor } from '@server/db/client';
import { vendorApplicationHistory } from '@server/db/schema';

/** The earlier applications of these vendors (oldest first), by vendor id, in one query. */
export async function listApplicationHistory(
  db: Executor,
  vendorIds: string[],
): Promise<Map<string, PreviousApplication[]>> {
  const byVendor = new Map<string, PreviousApplication[]>();
  if (vendorIds.length === 0) return byVendor;
  const rows = await db
    .select()
    .from(vendorApplicationHistory)
    .where(inArray(vendorApplicationHistory.vendorId, vendorIds))
    .orderBy(asc(vendorApplicationHistory.submittedAt));
  for (const row of rows) {
    const list = byVendor.get(row.vendorId) ?? [];
    list.push({
      businessName: row.application.business_name,
      businessCategory: row.application.business_category,
      city: row.application.city,
      area: row.application.area,
      address: row.application.address,
      status: 'rejected',
      rejectionReason: row.rejectionReason,
      submittedAt: row.submittedAt.toISOString(),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
    });
    byVendor.set(row.vendorId, list);
  }
  return byVendor;
}
