import { eq } from 'drizzle-orm';
import type { AverageSpend } from '@shared/analytics/vendor-analytics';
import type { Database } from '@server/db/client';
import { vendors } from '@server/db/schema';
import { forbidden } from '@server/errors';
import { CLOSED_VENDOR_MESSAGE, loadVendor } from '@server/modules/billing/vendor-plan';

/**
 * Saves what a customer spends on a visit as the owner states it (decision 083; the bounds are the
 * schema's, `averageSpendSchema`): it turns a lift's extra visits into rupees. A closed vendor
 * changes nothing.
 */
export async function saveAverageSpend(
  db: Database,
  vendorId: string,
  averageSpendRupees: number | null,
): Promise<AverageSpend> {
  const vendor = await loadVendor(db, vendorId);
  if (vendor.closedAt) throw forbidden(CLOSED_VENDOR_MESSAGE);
  await db.update(vendors).set({ averageSpendRupees }).where(eq(vendors.id, vendorId));
  return { averageSpendRupees };
}
