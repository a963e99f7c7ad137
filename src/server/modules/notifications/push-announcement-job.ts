import { z } from 'zod';
import type { Database, Executor } from '@server/db/client';
import { enqueueJob, finishJobWith, handlerOf, jobKind, newJob, type JobHandler } from '@server/lib/job-queue';
import { listPushSubscribers, type AnnouncementType } from '@server/modules/notifications/announce-to-subscribers';
import { pushNoticeSchema, type PushNotice } from './push-messages';
import { pushJob } from './push-job';

/** The job that turns one announcement into one push job per person who wants it (decision 043). */
export const PUSH_ANNOUNCE_JOB = jobKind(
  'push.announce',
  z.object({
    type: z.enum([
      'daily_chaska',
      'hourly_chaska',
      'marketing',
      'vendor_message',
    ]) satisfies z.ZodType<AnnouncementType>,
    notice: pushNoticeSchema,
    key: z.string(),
    /** The page of the audience after this person (a chain of jobs, one page each). */
    afterUserId: z.string().optional(),
  }),
);

/** People per run of the fan-out; a bigger audience continues in the next job of the chain. */
const FAN_OUT_PAGE = 500;

/**
 * Announces `notice` by push to everyone subscribed to `type` (the Daily Chaska): one job, written
 * in the transaction that made the news and keyed by it, fans out later.
 */
export function enqueuePushAnnouncement(
  tx: Executor,
  {
    type,
    notice,
    key,
    afterUserId,
  }: {
    type: AnnouncementType;
    notice: PushNotice;
    key: string;
    /** The page of the audience after this person, for the next job of the chain. */
    afterUserId?: string;
  },
  now: Date,
) {
  return enqueueJob(
    tx,
    newJob(
      PUSH_ANNOUNCE_JOB,
      { type, notice, key, ...(afterUserId ? { afterUserId } : {}) },
      { runAt: now, uniqueKey: `push-announce:${key}:${afterUserId ?? ''}`, maxAttempts: 3 },
    ),
  );
}

/**
 * One page of the audience per run: each person's push job (keyed by the announcement and the
 * person), and the job of the next page, written with the job's completion so a run twice adds
 * nothing twice.
 */
export function pushAnnouncementHandler(deps: { db: Database }): JobHandler {
  const { db } = deps;
  return handlerOf(PUSH_ANNOUNCE_JOB, {
    async run({ type, notice, key, afterUserId }, job, now) {
      const audience = await listPushSubscribers(db, type, { afterUserId, limit: FAN_OUT_PAGE });
      await finishJobWith(db, job, now, async (tx) => {
        for (const userId of audience) await enqueueJob(tx, pushJob(userId, notice, `${key}:${userId}`, now));
        if (audience.length === FAN_OUT_PAGE)
          await enqueuePushAnnouncement(tx, { type, notice, key, afterUserId: audience[audience.length - 1] }, now);
      });
    },
  });
}
