import { randomUUID } from 'node:crypto';
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { WebhookEventType } from '@shared/api/vendor-api';
import { jobs, vendorWebhookDeliveries, vendorWebhookEndpoints } from '@server/db/schema';
import type { AfterChangeEffect, ChangedCustomer, Changes } from '@server/lib/after-change';
import { jobKind, jobPayloadSql, newJob, type NewJob } from '@server/lib/job-queue';

/**
 * The events of the vendor API's webhooks, written where the domain change happens: inside its
 * transaction, as rows of vendor_webhook_deliveries (one per subscribed endpoint). They are posted
 * only after the change commits (each delivery's job), and vanish with it if it rolls back: at least
 * once, never for a change that did not happen.
 */

interface WebhookEvent {
  type: WebhookEventType;
  /** Every vendor that hears it (a partner card's stamp: the owner and the partner that stamped). */
  vendorIds: readonly string[];
  data: Record<string, unknown>;
  now: Date;
}

/** The body every endpoint of the event receives: the same id for all of them. */
export function webhookEventBody(id: string, type: string, data: Record<string, unknown>, now: Date) {
  return { id, type, created: now.toISOString(), data };
}

const columns = vendorWebhookDeliveries;

/** The job that posts one delivery (decision 037), run by the webhooks module. */
export const WEBHOOK_DELIVER_JOB = jobKind('webhook.deliver', z.object({ deliveryId: z.string() }));
/** A delivery's retries end with its day (nextWebhookAttemptAt), not with a count. */
const WEBHOOK_JOB_MAX_ATTEMPTS = 100;

/** A delivery's job: due at once, keyed by the delivery. */
export function webhookDeliveryJob(deliveryId: string, now: Date): NewJob {
  return newJob(
    WEBHOOK_DELIVER_JOB,
    { deliveryId },
    { runAt: now, uniqueKey: `webhook:${deliveryId}`, maxAttempts: WEBHOOK_JOB_MAX_ATTEMPTS },
  );
}

/**
 * Two statements, to travel inside a larger one (the stamp's data-modifying CTEs): a delivery for
 * each endpoint of these vendors subscribed to the event, and each delivery's job; nothing when
 * there is none. A delivery's id is derived from the event and the endpoint, so both statements
 * name it without reading each other's rows.
 */
function webhookEventInserts(event: WebhookEvent): SQL[] {
  const vendorIds = [...new Set(event.vendorIds)];
  const eventId = randomUUID();
  const body = JSON.stringify(webhookEventBody(eventId, event.type, event.data, event.now));
  const subscribed = and(
    inArray(vendorWebhookEndpoints.vendorId, vendorIds),
    sql`${event.type} = any(${vendorWebhookEndpoints.events})`,
  );
  const deliveryId = sql`md5(${eventId} || ${vendorWebhookEndpoints.id}::text)::uuid`;
  const target = [
    columns.id,
    columns.endpointId,
    columns.vendorId,
    columns.eventId,
    columns.eventType,
    columns.payload,
    columns.status,
    columns.nextAttemptAt,
    columns.createdAt,
  ].map((column) => sql.identifier(column.name));
  const jobTarget = [jobs.name, jobs.payload, jobs.uniqueKey, jobs.runAt, jobs.maxAttempts].map((column) =>
    sql.identifier(column.name),
  );
  return [
    sql`insert into ${vendorWebhookDeliveries} (${sql.join(target, sql`, `)})
    select ${deliveryId}, ${vendorWebhookEndpoints.id}, ${vendorWebhookEndpoints.vendorId}, ${eventId}::uuid, ${event.type},
           ${body}::jsonb, 'pending', ${event.now}, ${event.now}
    from ${vendorWebhookEndpoints}
    where ${subscribed}`,
    sql`insert into ${jobs} (${sql.join(jobTarget, sql`, `)})
    select ${WEBHOOK_DELIVER_JOB.name}, ${jobPayloadSql(WEBHOOK_DELIVER_JOB, { deliveryId })},
           'webhook:' || (${deliveryId})::text, ${event.now}, ${WEBHOOK_JOB_MAX_ATTEMPTS}
    from ${vendorWebhookEndpoints}
    where ${subscribed}`,
  ];
}

/** The customer as webhooks name them: their id and first name, nothing more. */
function webhookCustomer(customer: ChangedCustomer) {
  return { id: customer.id, name: customer.name };
}

/** What card.updated says about a card, and what happened to it. */
function cardUpdatedEvent(changed: Changes['card.changed']): WebhookEvent {
  const { card, change, now } = changed;
  return {
    type: 'card.updated',
    vendorIds: [card.vendorId],
    now,
    data: {
      change,
      card: {
        id: card.id,
        name: card.name,
        cardType: card.cardType,
        status: change === 'deleted' ? 'deleted' : card.status,
        stampsRequired: card.stampsRequired,
        rewardTitle: card.rewardTitle,
        rewardValue: card.rewardValue,
      },
    },
  };
}

/**
 * The vendor API's events (decision 035), heard by the card's owner and, on a partner card, the
 * partner whose counter it was: customer.joined, stamp.created, reward.earned on the last stamp,
 * reward.redeemed, card.updated, and stamp.reversed when the owner reverses stamps (decision 087).
 */
export const webhookEffects: AfterChangeEffect = {
  name: 'vendor API webhooks',
  on: {
    'card.joined': (joined) =>
      webhookEventInserts({
        type: 'customer.joined',
        vendorIds: [joined.card.ownerVendorId, joined.atVendorId],
        now: joined.now,
        data: {
          customer: webhookCustomer(joined.customer),
          card: { id: joined.card.id, name: joined.card.name },
          joinedAt: joined.now.toISOString(),
        },
      }),
    'stamp.written': (stamp) => {
      const { now } = stamp;
      const vendorIds = [stamp.card.ownerVendorId, stamp.issuedByVendorId];
      const customer = webhookCustomer(stamp.customer);
      const cardRef = { id: stamp.card.id, name: stamp.card.name };
      return [
        ...webhookEventInserts({
          type: 'stamp.created',
          vendorIds,
          now,
          data: {
            // quantity: an order for several stamps is one event (the card's count includes them all).
            stamp: {
              id: stamp.stampId,
              issuedAt: now.toISOString(),
              issuedByVendorId: stamp.issuedByVendorId,
              quantity: stamp.quantity,
              // A points card's award: its bill and points (decision 085); absent on stamp cards.
              ...(stamp.points ? { amount: stamp.points.amount, points: stamp.points.points } : {}),
            },
            card: { ...cardRef, stampsCollected: stamp.stampsCollected, stampsRequired: stamp.card.stampsRequired },
            customer,
          },
        }),
        // Each reward the stamp earned (a milestone's or the card's last) is its own event.
        ...stamp.rewards.flatMap((reward) =>
          webhookEventInserts({
            type: 'reward.earned',
            vendorIds,
            now,
            data: {
              reward: {
                id: reward.id,
                rewardTitle: reward.rewardTitle,
                rewardValue: reward.rewardValue,
                milestone: reward.milestone,
                earnedAt: now.toISOString(),
              },
              card: cardRef,
              customer,
            },
          }),
        ),
      ];
    },
    'reward.redeemed': (redeemed) =>
      webhookEventInserts({
        type: 'reward.redeemed',
        vendorIds: [redeemed.ownerVendorId, redeemed.redeemedByVendorId],
        now: redeemed.now,
        data: {
          reward: {
            id: redeemed.reward.id,
            rewardTitle: redeemed.reward.rewardTitle,
            rewardValue: redeemed.reward.rewardValue,
            redeemedAt: redeemed.now.toISOString(),
            redeemedByVendorId: redeemed.redeemedByVendorId,
          },
          card: redeemed.card,
          customer: webhookCustomer(redeemed.customer),
        },
      }),
    'stamp.reversed': (reversed) =>
      webhookEventInserts({
        type: 'stamp.reversed',
        vendorIds: [reversed.vendorId],
        now: reversed.now,
        data: {
          stampIds: reversed.stampIds,
          reversedAt: reversed.now.toISOString(),
          card: { ...reversed.card, stampsCollected: reversed.stampsCollected },
          withdrawnRewardIds: reversed.withdrawnRewardIds,
          customer: webhookCustomer(reversed.customer),
        },
      }),
    'card.changed': (changed) => webhookEventInserts(cardUpdatedEvent(changed)),
  },
};
