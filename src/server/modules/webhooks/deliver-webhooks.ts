import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { WEBHOOK_RETRY_WINDOW_HOURS } from '@shared/vendor-api';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import { vendors, vendorWebhookDeliveries, vendorWebhookEndpoints } from '@server/db/schema';
import { apiAccessRefusal } from '@server/modules/vendor-plan/api-access';
import { postWebhook, WEBHOOK_TIMEOUT_MS, type PostOutcome, type WebhookPost } from './post-webhook';
import { endpointSigningSecret, signatureHeader } from './webhook-signature';
import { webhookTargetPolicy } from './webhook-target';

export const WEBHOOK_RETRY_WINDOW_MS = WEBHOOK_RETRY_WINDOW_HOURS * 60 * 60 * 1000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 6 * 60 * 60 * 1000;
/** A claimed delivery is not claimed again for this long, so a server that dies mid-post is covered. */
const CLAIM_LEASE_MS = WEBHOOK_TIMEOUT_MS * 6;

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

export interface DeliveryPassResult {
  delivered: number;
  retrying: number;
  failed: number;
}

export interface WebhookDeliveryDeps {
  db: Database;
  config: Pick<Config, 'sessionSecret' | 'publicUrl' | 'env'>;
  /** Tests replace the HTTP call. */
  post?: (post: WebhookPost) => Promise<PostOutcome>;
}

type Claimed = typeof vendorWebhookDeliveries.$inferSelect;

/** Claims due deliveries for this pass (FOR UPDATE SKIP LOCKED, a lease), so servers never post one twice at once. */
async function claimDue(db: Database, now: Date, limit: number): Promise<Claimed[]> {
  const due = db
    .select({ id: vendorWebhookDeliveries.id })
    .from(vendorWebhookDeliveries)
    .where(and(eq(vendorWebhookDeliveries.status, 'pending'), lte(vendorWebhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(vendorWebhookDeliveries.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(vendorWebhookDeliveries)
    .set({
      attempts: sql`${vendorWebhookDeliveries.attempts} + 1`,
      lastAttemptAt: now,
      nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
    })
    .where(inArray(vendorWebhookDeliveries.id, due))
    .returning();
}

/**
 * One pass of the webhook job: posts every delivery that is due, signed with its endpoint's
 * secret at the time of posting, and records the outcome (delivered, or the next attempt, or
 * failed after a day). A vendor no longer allowed the API (plan, suspension, closure) gets
 * nothing: its deliveries fail with the reason.
 */
export async function deliverDueWebhooks(
  deps: WebhookDeliveryDeps,
  now: Date,
  options: { limit?: number } = {},
): Promise<DeliveryPassResult> {
  const { db, config } = deps;
  const result: DeliveryPassResult = { delivered: 0, retrying: 0, failed: 0 };
  const claimed = await claimDue(db, now, options.limit ?? 25);
  if (claimed.length === 0) return result;
  const endpoints = await db
    .select({
      id: vendorWebhookEndpoints.id,
      url: vendorWebhookEndpoints.url,
      secretSalt: vendorWebhookEndpoints.secretSalt,
      vendor: {
        businessName: vendors.businessName,
        status: vendors.status,
        closedAt: vendors.closedAt,
        subscriptionPlan: vendors.subscriptionPlan,
        subscriptionStatus: vendors.subscriptionStatus,
      },
    })
    .from(vendorWebhookEndpoints)
    .innerJoin(vendors, eq(vendors.id, vendorWebhookEndpoints.vendorId))
    .where(inArray(vendorWebhookEndpoints.id, [...new Set(claimed.map((delivery) => delivery.endpointId))]));
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
  const policy = webhookTargetPolicy(config);
  const post = deps.post ?? ((request: WebhookPost) => postWebhook(request, policy));

  await Promise.all(
    claimed.map(async (delivery) => {
      const endpoint = byId.get(delivery.endpointId);
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
        result.delivered += 1;
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
      if (nextAt) result.retrying += 1;
      else result.failed += 1;
      await db
        .update(vendorWebhookDeliveries)
        .set({
          status: nextAt ? 'pending' : 'failed',
          nextAttemptAt: nextAt,
          lastStatusCode: outcome.statusCode,
          lastError: outcome.error.slice(0, 300),
        })
        .where(eq(vendorWebhookDeliveries.id, delivery.id));
    }),
  );
  return result;
}
