import { eq } from 'drizzle-orm';
import type { VendorApiOverview } from '@shared/api/vendor-api';
import type { Executor } from '@server/db/client';
import { vendors } from '@server/db/schema';
import { notFound } from '@server/errors';
import { apiAccessLockedMessage } from '@server/modules/billing/api-access';
import { planLimitsForVendor } from '@server/modules/billing/plan-limits-for-vendor';
import { listWebhookDeliveryLog, listWebhookEndpoints } from '@server/modules/api/webhook-endpoints';
import { listVendorApiKeys } from './api-keys';

/**
 * The API & Webhooks page: whether the plan includes the API (the same rule the API answers by),
 * the vendor's keys, endpoints and latest deliveries. A vendor below Enterprise still sees keys it
 * holds from before, to revoke them.
 */
export async function getVendorApiOverview(
  db: Executor,
  vendorId: string,
  viewerIsOwner: boolean,
): Promise<VendorApiOverview> {
  const [vendor] = await db.select().from(vendors).where(eq(vendors.id, vendorId)).limit(1);
  if (!vendor) throw notFound('Vendor not found.');
  const allowed = planLimitsForVendor(vendor).apiAccess;
  const [keys, endpoints, deliveries] = await Promise.all([
    listVendorApiKeys(db, vendorId),
    listWebhookEndpoints(db, vendorId),
    listWebhookDeliveryLog(db, vendorId),
  ]);
  return {
    access: { allowed, message: allowed ? null : apiAccessLockedMessage(), canManage: viewerIsOwner },
    keys,
    endpoints,
    deliveries,
  };
}
