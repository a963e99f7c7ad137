import { inArray, lt } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { apiIdempotencyKeys, vendorWebhookDeliveries } from '@server/db/schema';
import { IDEMPOTENCY_WINDOW_MS } from './idempotency';

/** How long the delivery log keeps a delivery: a month of history for the vendor to look into. */
export const WEBHOOK_DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const BATCH = 1000;

/**
 * The vendor API's rows that only matter for a while (housekeeping): idempotency records past
 * their 24 hours, and deliveries older than a month (long delivered or failed). Bounded deletes.
 */
export async function expireVendorApiRows(
  db: Executor,
  now: Date,
): Promise<{ idempotencyKeys: number; webhookDeliveries: number }> {
  const idempotency = await db
    .delete(apiIdempotencyKeys)
    .where(lt(apiIdempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)))
    .returning({ key: apiIdempotencyKeys.idempotencyKey });
  const old = db
    .select({ id: vendorWebhookDeliveries.id })
    .from(vendorWebhookDeliveries)
    .where(lt(vendorWebhookDeliveries.createdAt, new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_MS)))
    .limit(BATCH);
  const deliveries = await db
    .delete(vendorWebhookDeliveries)
    .where(inArray(vendorWebhookDeliveries.id, old))
    .returning({ id: vendorWebhookDeliveries.id });
  return { idempotencyKeys: idempotency.length, webhookDeliveries: deliveries.length };
}
