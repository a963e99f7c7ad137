import { and, eq, sql } from 'drizzle-orm';
import { WEBHOOK_RETRY_WINDOW_HOURS } from '@shared/api/vendor-api';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import { vendors, vendorWebhookDeliveries, vendorWebhookEndpoints } from '@server/db/schema';
import { apiAccessRefusal, apiVendorColumns } from '@server/modules/billing/api-access';
import { handlerOf, type JobHandler, type JobOutcome } from '@server/lib/job-queue';
import { WEBHOOK_DELIVER_JOB } from './webhook-events';
import { postWebhook, type PostOutcome, type WebhookPost } from './post-webhook';
import { endpointSigningSecret, signatureHeader } from './webhook-signature';
import { webhookTargetPolicy } from '@server/lib/outbound-target';

export const WEBHOOK_RETRY_WINDOW_MS = WEBHOOK_RETRY_WINDOW_HOURS * 60 * 60 * 1000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 6 * 60 * 60 * 1000;

/**
 * When a delivery that failed for the `attempts`-th time is tried again: 30 s, doubling to at most
 * 6 hours, and never later than a day after the event (the last try is at 24 hours). Null when the
 * day is over: the delivery has failed.
 */
export function nextWebhookAttemptAt(attempts: number, createdAt: Date, now: Date): Date | null {
  const giveUpAt = createdAt.getTime() + WEBHOOK_RETRY_WINDOW_MS;
  if (now.getTime() >= giveUpAt) return null;
  const delay = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
  return new Date(Math.min(now.getTime() + delay, giveUpAt));
}

export interface WebhookDeliveryDeps {
  db: Database;
  config: Pick<Config, 'sessionSecret' | 'publicUrl' | 'env' | 'allowLoopbackTargetsForTests'>;
  /** Tests replace the HTTP call. */
  post?: (post: WebhookPost) => Promise<PostOutcome>;
}

/**
 * The job that posts one delivery of vendor_webhook_deliveries, signed with its endpoint's secret
 * at the time of posting, and records the outcome (delivered, or the next attempt, or failed
 * after a day). A vendor no longer allowed the API (plan, suspension, closure) gets nothing: its
 * delivery fails with the reason. Idempotent: a delivery no longer pending is left alone.
 */
export function webhookDeliveryHandler(deps: WebhookDeliveryDeps): JobHandler {
  const { db, config } = deps;
  const policy = webhookTargetPolicy(config);
  const post = deps.post ?? ((request: WebhookPost) => postWebhook(request, policy));
  return handlerOf(WEBHOOK_DELIVER_JOB, {
    async run({ deliveryId }, _job, now): Promise<JobOutcome> {
      const [delivery] = await db
        .update(vendorWebhookDeliveries)
        .set({ attempts: sql`${vendorWebhookDeliveries.attempts} + 1`, lastAttemptAt: now })
        .where(and(eq(vendorWebhookDeliveries.id, deliveryId), eq(vendorWebhookDeliveries.status, 'pending')))
        .returning();
      if (!delivery) return;
      const [endpoint] = await db
        .select({
          id: vendorWebhookEndpoints.id,
          url: vendorWebhookEndpoints.url,
          secretSalt: vendorWebhookEndpoints.secretSalt,
          vendor: apiVendorColumns,
        })
        .from(vendorWebhookEndpoints)
        .innerJoin(vendors, eq(vendors.id, vendorWebhookEndpoints.vendorId))
        .where(eq(vendorWebhookEndpoints.id, delivery.endpointId))
        .limit(1);
      let outcome: PostOutcome;
      const refusal = endpoint ? apiAccessRefusal(endpoint.vendor, config.publicUrl) : null;
      if (!endpoint) outcome = { ok: false, statusCode: null, error: 'The endpoint was removed.' };
      else if (refusal) outcome = { ok: false, statusCode: null, error: refusal.message };
      else {
        const body = JSON.stringify(delivery.payload);
        const secret = endpointSigningSecret(config.sessionSecret, endpoint.id, endpoint.secretSalt);
        outcome = await post({
          url: endpoint.url,
          body,
          signature: signatureHeader(secret, body, now),
          eventId: delivery.eventId,
          eventType: delivery.eventType,
        });
      }
      if (outcome.ok) {
        await db
          .update(vendorWebhookDeliveries)
          .set({
            status: 'delivered',
            deliveredAt: now,
            nextAttemptAt: null,
            lastStatusCode: outcome.statusCode,
            lastError: null,
          })
          .where(eq(vendorWebhookDeliveries.id, delivery.id));
        return;
      }
      // A vendor that lost API access is not retried: nothing would change within the day.
      const nextAt = refusal || !endpoint ? null : nextWebhookAttemptAt(delivery.attempts, delivery.createdAt, now);
      const error = outcome.error.slice(0, 300);
      await db
        .update(vendorWebhookDeliveries)
        .set({
          status: nextAt ? 'pending' : 'failed',
          nextAttemptAt: nextAt,
          lastStatusCode: outcome.statusCode,
          lastError: error,
        })
        .where(eq(vendorWebhookDeliveries.id, delivery.id));
      return nextAt ? { retryAt: nextAt, error } : { giveUp: error };
    },
  });
}
