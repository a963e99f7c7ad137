import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  type CreateWebhookEndpoint,
  type WebhookDeliveryLogEntry,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@shared/api/vendor-api';
import type { Config } from '@server/config';
import type { Database, Executor } from '@server/db/client';
import { vendors, vendorWebhookDeliveries, vendorWebhookEndpoints } from '@server/db/schema';
import { conflict, invalidFields, notFound } from '@server/errors';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { apiAccessRefusal } from '@server/modules/billing/api-access';
import { webhookDeliveryJob, webhookEventBody } from './webhook-events';
import { enqueueJob } from '@server/lib/job-queue';
import { endpointSigningSecret, newSecretSalt } from './webhook-signature';
import { webhookTargetPolicy, webhookUrlProblem } from '@server/lib/outbound-target';

/** Endpoints a vendor may hold at once: enough for a POS, a CRM and a spare. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
const NOT_FOUND_MESSAGE = 'Webhook endpoint not found.';

type EndpointRow = typeof vendorWebhookEndpoints.$inferSelect;

function presentEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.filter((event): event is WebhookEventType =>
      (WEBHOOK_EVENT_TYPES as readonly string[]).includes(event),
    ),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listWebhookEndpoints(db: Executor, vendorId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(vendorWebhookEndpoints)
    .where(eq(vendorWebhookEndpoints.vendorId, vendorId))
    .orderBy(desc(vendorWebhookEndpoints.createdAt))
    .limit(MAX_WEBHOOK_ENDPOINTS);
  return rows.map(presentEndpoint);
}

type EndpointConfig = Pick<Config, 'sessionSecret' | 'publicUrl' | 'env' | 'allowLoopbackTargetsForTests'>;

/**
 * Adds an endpoint for an Enterprise vendor (apiAccessRefusal), on an address the server may call
 * (webhookUrlProblem: https and public outside a local installation), and returns its signing
 * secret this once. The vendor row is locked so the endpoint limit holds under concurrent adds.
 */
export async function createWebhookEndpoint(
  db: Database,
  config: EndpointConfig,
  { vendorId, actor, endpoint: input }: { vendorId: string; actor: AuditActor; endpoint: CreateWebhookEndpoint },
  now: Date,
): Promise<{ secret: string; endpoint: WebhookEndpoint }> {
  const problem = webhookUrlProblem(input.url, webhookTargetPolicy(config));
  if (problem) throw invalidFields(`url: ${problem}`, { url: problem });
  return db.transaction(async (tx) => {
    const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).for('update');
    if (!vendor) throw notFound('Vendor not found.');
    const refusal = apiAccessRefusal(vendor, config.publicUrl);
    if (refusal) throw refusal;
    const existing = await tx
      .select({ id: vendorWebhookEndpoints.id })
      .from(vendorWebhookEndpoints)
      .where(eq(vendorWebhookEndpoints.vendorId, vendorId));
    if (existing.length >= MAX_WEBHOOK_ENDPOINTS)
      throw conflict(
        `You can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Remove one first.`,
        'endpoint_limit',
      );
    const [row] = await tx
      .insert(vendorWebhookEndpoints)
      .values({
        vendorId,
        url: new URL(input.url).href,
        description: input.description,
        events: [...input.events],
        secretSalt: newSecretSalt(),
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'webhook_endpoint.create',
      targetType: 'webhook_endpoint',
      targetId: row!.id,
      vendorId,
      metadata: { url: row!.url, events: row!.events },
    });
    return {
      secret: endpointSigningSecret(config.sessionSecret, row!.id, row!.secretSalt),
      endpoint: presentEndpoint(row!),
    };
  });
}

/** Removes an endpoint and its delivery log; deliveries not yet posted are dropped with it. */
export async function deleteWebhookEndpoint(db: Database, vendorId: string, endpointId: string, actor: AuditActor) {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(vendorWebhookEndpoints)
      .where(and(eq(vendorWebhookEndpoints.id, endpointId), eq(vendorWebhookEndpoints.vendorId, vendorId)))
      .returning();
    if (!removed) throw notFound(NOT_FOUND_MESSAGE);
    await recordAudit(tx, {
      actor,
      action: 'webhook_endpoint.delete',
      targetType: 'webhook_endpoint',
      targetId: endpointId,
      vendorId,
      metadata: { url: removed.url },
    });
    return { removed: true as const };
  });
}

/**
 * "Send test event": a webhook.test delivery for one endpoint, queued like any event; the webhook
 * job posts it within seconds and the delivery log shows the receiver's answer.
 */
export async function queueTestEvent(
  db: Database,
  config: EndpointConfig,
  { vendorId, endpointId }: { vendorId: string; endpointId: string },
  now: Date,
): Promise<WebhookDeliveryLogEntry> {
  const [endpoint] = await db
    .select({ id: vendorWebhookEndpoints.id, url: vendorWebhookEndpoints.url, vendor: vendors })
    .from(vendorWebhookEndpoints)
    .innerJoin(vendors, eq(vendors.id, vendorWebhookEndpoints.vendorId))
    .where(and(eq(vendorWebhookEndpoints.id, endpointId), eq(vendorWebhookEndpoints.vendorId, vendorId)))
    .limit(1);
  if (!endpoint) throw notFound(NOT_FOUND_MESSAGE);
  const refusal = apiAccessRefusal(endpoint.vendor, config.publicUrl);
  if (refusal) throw refusal;
  const eventId = randomUUID();
  const row = await db.transaction(async (tx) => {
    const [delivery] = await tx
      .insert(vendorWebhookDeliveries)
      .values({
        endpointId,
        vendorId,
        eventId,
        eventType: WEBHOOK_TEST_EVENT,
        payload: webhookEventBody(
          eventId,
          WEBHOOK_TEST_EVENT,
          { message: 'This is a test event.', vendor: { id: vendorId, name: endpoint.vendor.businessName } },
          now,
        ),
        status: 'pending',
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning();
    await enqueueJob(tx, webhookDeliveryJob(delivery!.id, now));
    return delivery!;
  });
  return presentDelivery(row, endpoint.url);
}

function presentDelivery(
  row: typeof vendorWebhookDeliveries.$inferSelect,
  endpointUrl: string,
): WebhookDeliveryLogEntry {
  return {
    id: row.id,
    endpointId: row.endpointId,
    endpointUrl,
    eventId: row.eventId,
    eventType: row.eventType as WebhookDeliveryLogEntry['eventType'],
    status: row.status as WebhookDeliveryLogEntry['status'],
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** The delivery log: the vendor's latest deliveries, newest first. */
export async function listWebhookDeliveryLog(
  db: Executor,
  vendorId: string,
  limit = 50,
): Promise<WebhookDeliveryLogEntry[]> {
  const rows = await db
    .select({ delivery: vendorWebhookDeliveries, url: vendorWebhookEndpoints.url })
    .from(vendorWebhookDeliveries)
    .innerJoin(vendorWebhookEndpoints, eq(vendorWebhookEndpoints.id, vendorWebhookDeliveries.endpointId))
    .where(eq(vendorWebhookDeliveries.vendorId, vendorId))
    .orderBy(desc(vendorWebhookDeliveries.createdAt), desc(vendorWebhookDeliveries.id))
    .limit(limit);
  return rows.map((row) => presentDelivery(row.delivery, row.url));
}
