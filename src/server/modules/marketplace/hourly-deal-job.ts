import type { FastifyBaseLogger } from 'fastify';
import { handlerOf, jobKind, NO_PAYLOAD, type JobHandler } from '@server/lib/job-queue';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import type { EmailService } from '@server/modules/notifications/email-service';
import { announceStartedHourlyDeals } from './announce-hourly-deals';

/** An hourly deal is announced within this long of its start. */
export const HOURLY_DEAL_JOB_INTERVAL_MS = 15_000;
export const HOURLY_DEALS_JOB = jobKind('hourly-deals.announce', NO_PAYLOAD);

/**
 * The recurring job that announces Hourly Chaska deals as they start (announce-hourly-deals.ts);
 * the e-mails it queues are jobs of their own. Each deal is claimed once.
 */
export function hourlyDealsHandler(deps: {
  db: Database;
  email: EmailService;
  config: Config;
  log: FastifyBaseLogger;
}): JobHandler {
  return handlerOf(HOURLY_DEALS_JOB, {
    async run(_payload, _job, now) {
      const announced = await announceStartedHourlyDeals(deps, now);
      if (announced.length > 0) deps.log.info({ announced }, 'Announced hourly deals');
    },
  });
}
