import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { vendorAutomations } from '@server/db/schema';
import type { AfterChangeEffect } from '@server/lib/after-change';
import { jobInsertWhere, jobKind, newJob, type NewJob } from '@server/lib/job-queue';
import { oneToGoLeft } from '@shared/campaigns/automations';

/**
 * The events that start an automation (decision 044), written as jobs inside the transaction of
 * the event (a card joined, a stamp that leaves one to go): they commit or roll back with it. The
 * job (automation-jobs.ts) decides the rest and sends.
 */
export const AUTOMATION_EVENT_JOB = jobKind(
  'automations.event',
  z.object({
    kind: z.enum(['welcome', 'one_to_go']),
    /** The card's owner, whose automation it is. */
    vendorId: z.string(),
    userId: z.string(),
    cardId: z.string(),
    userCardId: z.string(),
    /** one_to_go: the stamp that left one to go. */
    stampId: z.string().optional(),
    /** one_to_go: what is left to the reward, in stamps, or in points on a points card (`points`). */
    left: z.number().int().positive().optional(),
    points: z.boolean().optional(),
  }),
);

export type AutomationEvent = z.infer<typeof AUTOMATION_EVENT_JOB.payload>;

/** The job of one event; its unique key is the event's, so enqueueing twice writes one job. */
function automationEventJob(event: AutomationEvent, now: Date): NewJob {
  const subject = event.kind === 'welcome' ? event.userCardId : (event.stampId ?? event.userCardId);
  return newJob(
    AUTOMATION_EVENT_JOB,
    { ...event },
    { runAt: now, uniqueKey: `${AUTOMATION_EVENT_JOB.name}:${event.kind}:${subject}` },
  );
}

/**
 * The job of one event as a statement for a larger one (the stamp's single write), written only
 * while the vendor has that automation switched on: a stamp at a vendor without it leaves no job
 * that would find nothing to send. The job still decides the rest (plan, status, the customer).
 */
function automationEventJobInsert(event: AutomationEvent, now: Date) {
  return jobInsertWhere(
    automationEventJob(event, now),
    sql`exists (select 1 from ${vendorAutomations} where ${vendorAutomations.vendorId} = ${event.vendorId} and ${vendorAutomations.kind} = ${event.kind} and ${vendorAutomations.enabled})`,
  );
}

/** The owner's automations hear of a new holder and of one stamp to go. */
export const automationEffects: AfterChangeEffect = {
  name: 'automations',
  on: {
    'card.joined': (joined) => [
      automationEventJobInsert(
        {
          kind: 'welcome',
          vendorId: joined.card.ownerVendorId,
          userId: joined.customer.id,
          cardId: joined.card.id,
          userCardId: joined.userCardId,
        },
        joined.now,
      ),
    ],
    'stamp.written': (stamp) => {
      const left = oneToGoLeft({
        collected: stamp.stampsCollected,
        required: stamp.card.stampsRequired,
        points: stamp.points?.points ?? null,
      });
      return left === null
        ? []
        : [
            automationEventJobInsert(
              {
                kind: 'one_to_go',
                vendorId: stamp.card.ownerVendorId,
                userId: stamp.customer.id,
                cardId: stamp.card.id,
                userCardId: stamp.userCardId,
                stampId: stamp.stampId,
                left,
                ...(stamp.points ? { points: true } : {}),
              },
              stamp.now,
            ),
          ];
    },
  },
};
