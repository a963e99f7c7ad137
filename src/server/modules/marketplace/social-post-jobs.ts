import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import { socialPosts } from '@server/db/schema';
import {
  finishJobWith,
  handlerOf,
  jobKind,
  NO_PAYLOAD,
  retryDelayMs,
  type JobHandler,
  type JobOutcome,
} from '@server/lib/job-queue';
import { dueKinds, networksToPost, planSocialPosts, SOCIAL_PUBLISH_JOB } from './plan-social-posts';
import { createGraphPublisher, type SocialPublisher } from './social-publisher';
import { getSocialSchedule } from './social-schedule';

/** The recurring job that plans what the schedule has due (the Daily Chaska, hourly deals). */
export const SOCIAL_PLAN_JOB = jobKind('social.plan', NO_PAYLOAD);
/** How often it looks: an hourly deal is posted within a minute of its start. */
export const SOCIAL_PLAN_INTERVAL_MS = 60_000;

export { SOCIAL_PUBLISH_JOB };

interface SocialJobDeps {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  /** Tests may stand in for the Graph API; otherwise the configuration's. */
  publisher?: SocialPublisher;
}

/** Plans the posts the admin's schedule has due now, on the networks chosen and configured. */
export function socialPlanHandler(deps: SocialJobDeps): JobHandler {
  return handlerOf(SOCIAL_PLAN_JOB, {
    async run(_payload, _job, now) {
      const schedule = await getSocialSchedule(deps.db);
      const kinds = dueKinds(schedule, now);
      const networks = networksToPost(schedule, deps.config.social);
      const { planned } = await planSocialPosts(deps.db, deps.config, { kinds, networks }, now);
      if (planned > 0) deps.log.info({ planned }, 'Planned social media posts');
    },
  });
}

/**
 * Publishes one planned post. A success is recorded with the job's completion (so a job that
 * lost its claim records nothing). A failure is recorded on the post (its attempts and the
 * network's words); one that retrying may mend goes back to the queue with its back-off until
 * SOCIAL_POST_MAX_ATTEMPTS, the last one and one that cannot be mended (a bad token, a refused
 * picture) mark the post failed at once, for the admin to retry by hand.
 */
export function socialPublishHandler(deps: SocialJobDeps): JobHandler {
  const publisher = deps.publisher ?? createGraphPublisher(deps.config.social);
  return handlerOf(SOCIAL_PUBLISH_JOB, {
    async run({ postId }, job, now): Promise<JobOutcome> {
      const [post] = await deps.db.select().from(socialPosts).where(eq(socialPosts.id, postId));
      // Deleted, or already published or given up by an earlier run: nothing to do.
      if (!post || post.status !== 'pending') return;
      const outcome = await publisher.publish({
        network: post.network,
        caption: post.caption,
        imageUrl: post.imageUrl,
        link: post.link,
      });
      const stillPending = and(eq(socialPosts.id, post.id), eq(socialPosts.status, 'pending'));
      if (outcome.ok) {
        await finishJobWith(deps.db, job, now, async (tx) => {
          await tx
            .update(socialPosts)
            .set({
              status: 'posted',
              attempts: job.attempts,
              lastError: null,
              externalId: outcome.externalId,
              externalUrl: outcome.externalUrl,
              postedAt: now,
              updatedAt: now,
            })
            .where(stillPending);
        });
        return;
      }
      const giveUp = !outcome.retryable || job.attempts >= job.maxAttempts;
      await deps.db
        .update(socialPosts)
        .set({
          status: giveUp ? 'failed' : 'pending',
          attempts: job.attempts,
          lastError: outcome.error,
          updatedAt: now,
        })
        .where(stillPending);
      deps.log.warn(
        { postId: post.id, network: post.network, attempts: job.attempts, giveUp },
        'A social media post failed',
      );
      return giveUp
        ? { giveUp: outcome.error }
        : { retryAt: new Date(now.getTime() + retryDelayMs(job.attempts)), error: outcome.error };
    },
  });
}
