import type { Agent } from 'node:https';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '@server/config';
import type { Database, Executor } from '@server/db/client';
import { emailPreferences, jobs, pushSubscriptions } from '@server/db/schema';
import {
  enqueueJobs,
  handlerOf,
  jobInsertWhere,
  jobKind,
  newJob,
  type JobHandler,
  type JobRow,
  type NewJob,
} from '@server/lib/job-queue';
import { inTextLanguage } from '@server/lib/texts';
import { canSendOn } from '@server/modules/notifications/can-send-email';
import { recipientLanguage } from '@server/modules/notifications/recipient-language';
import { CATEGORY_OF_NOTICE, pushMessageFor, pushNoticeSchema, type PushNotice } from './push-messages';
import { subscriptionsOf } from './push-subscriptions';
import { sendPush } from './send-push';

/**
 * The job that sends one notice to every browser of one person (decision 043). `delivered` is
 * written by the job itself (markDelivered): the browsers reached already.
 */
export const PUSH_SEND_JOB = jobKind(
  'push.send',
  z.object({ userId: z.string(), notice: pushNoticeSchema, delivered: z.array(z.string()).optional() }),
);

/** A push older than a day is news no more: the push service drops it rather than deliver it late. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

export interface PushJobDeps {
  db: Database;
  config: Pick<Config, 'push'>;
  /** Tests trust their local push service's certificate. */
  agent?: Agent;
}

/**
 * The job of one notice to one person, keyed so that it exists once whatever calls it twice
 * (`key` names the event: the stamp, the reward and its reminder day, the message). Write it in
 * the transaction of the change it tells about (enqueuePush, or pushJobInsert inside one statement).
 */
export function pushJob(userId: string, notice: PushNotice, key: string, now: Date): NewJob {
  return newJob(PUSH_SEND_JOB, { userId, notice }, { runAt: now, uniqueKey: `push:${key}`, maxAttempts: 4 });
}

/**
 * Enqueues a push in the caller's transaction (decision 037); null when it was enqueued already,
 * or when the person has no browser to reach: most customers never allow push, and a campaign to
 * 100,000 of them would otherwise write and run 100,000 jobs that find nobody.
 */
export async function enqueuePush(tx: Executor, { userId, notice, key }: PushToEnqueue, now: Date) {
  const [job] = await enqueuePushes(tx, [{ userId, notice, key }], now);
  return job?.id ?? null;
}

export interface PushToEnqueue {
  userId: string;
  notice: PushNotice;
  key: string;
}

/** The same for many people at once (a campaign's batch): two statements whatever their number. */
export async function enqueuePushes(tx: Executor, pushes: PushToEnqueue[], now: Date) {
  if (pushes.length === 0) return [];
  const userIds = [...new Set(pushes.map((push) => push.userId))];
  const reachable = new Set(
    (
      await tx
        .selectDistinct({ userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, userIds))
    ).map((row) => row.userId),
  );
  return enqueueJobs(
    tx,
    pushes.filter((push) => reachable.has(push.userId)).map((push) => pushJob(push.userId, push.notice, push.key, now)),
  );
}

/**
 * The same, as a statement for a larger one (the stamp's single write), with the same rule as
 * enqueuePushes: written only when the person has a browser to reach. Most customers never allow
 * push, and every stamp of theirs would otherwise leave a job that finds nobody.
 */
export function pushJobInsert(userId: string, notice: PushNotice, key: string, now: Date) {
  return jobInsertWhere(
    pushJob(userId, notice, key, now),
    sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${userId})`,
  );
}

/** Remembers, on the job, a browser this push reached: a retry or a second run skips it. */
async function markDelivered(db: Database, job: JobRow, subscriptionId: string, now: Date) {
  await db
    .update(jobs)
    .set({
      payload: sql`jsonb_set(${jobs.payload}, '{delivered}', coalesce(${jobs.payload} -> 'delivered', '[]'::jsonb) || ${JSON.stringify([subscriptionId])}::jsonb)`,
    })
    .where(eq(jobs.id, job.id));
  await db
    .update(pushSubscriptions)
    .set({ failures: 0, lastDeliveredAt: now })
    .where(eq(pushSubscriptions.id, subscriptionId));
}

/**
 * Sends a notice to each browser of its person, never in a request: only when push is configured
 * and the person's push toggle for its category is on (canSendOn, beside canSendEmail), in the
 * person's language. A browser the push service says is gone (404, 410) is deleted; a passing
 * failure throws, and the runner tries again later for the browsers not reached yet (each one
 * reached is written on the job at once, so a job run twice pushes nothing twice).
 */
export function pushSendHandler(deps: PushJobDeps): JobHandler {
  const { db, config } = deps;
  return handlerOf(PUSH_SEND_JOB, {
    async run({ userId, notice, delivered: reached }, job, now) {
      const vapid = config.push.vapid;
      if (!vapid) return;
      const delivered = new Set(reached ?? []);
      const [preferences] = await db.select().from(emailPreferences).where(eq(emailPreferences.userId, userId));
      if (!canSendOn('push', preferences ?? null, CATEGORY_OF_NOTICE[notice.type])) return;
      const browsers = (await subscriptionsOf(db, userId)).filter((browser) => !delivered.has(browser.id));
      if (browsers.length === 0) return;
      const language = await recipientLanguage(db, userId, '');
      const message = inTextLanguage(language, () => pushMessageFor(notice));
      const urgency = notice.type === 'stamp' || notice.type === 'reward' ? 'high' : 'normal';
      const failures: string[] = [];
      for (const browser of browsers) {
        const sent = await sendPush(browser, message, vapid, {
          ttlSeconds: PUSH_TTL_SECONDS,
          urgency,
          agent: deps.agent,
        });
        if (sent.outcome === 'delivered') await markDelivered(db, job, browser.id, now);
        else if (sent.outcome === 'gone')
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, browser.id));
        else {
          failures.push(sent.reason);
          await db
            .update(pushSubscriptions)
            .set({ failures: sql`${pushSubscriptions.failures} + 1` })
            .where(eq(pushSubscriptions.id, browser.id));
        }
      }
      if (failures.length > 0) throw new Error(`Push not delivered to ${failures.length} browser(s): ${failures[0]}`);
    },
  });
}
