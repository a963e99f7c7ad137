import type { FastifyInstance } from 'fastify';
import { startPeriodicJob, type PeriodicJob } from '@server/lib/periodic-job';
import { announceStartedHourlyDeals } from './announce-hourly-deals';

/** An hourly deal is announced within this long of its start. */
export const HOURLY_DEAL_JOB_INTERVAL_MS = 15_000;

/**
 * Announces Hourly Chaska deals as they start (announce-hourly-deals.ts), beside the e-mail worker
 * that then delivers what it queued. Safe on several servers at once: each deal is claimed once.
 */
export function startHourlyDealAnnouncer(app: FastifyInstance, options: { intervalMs?: number } = {}): PeriodicJob {
  const { database, clock, email, config } = app.deps;
  return startPeriodicJob(app, {
    name: 'hourly deals',
    intervalMs: options.intervalMs ?? HOURLY_DEAL_JOB_INTERVAL_MS,
    async run() {
      const announced = await announceStartedHourlyDeals({ db: database.db, email, config }, clock.now());
      if (announced.length > 0) app.log.info({ announced }, 'Announced hourly deals');
    },
  });
}
