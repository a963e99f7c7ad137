import type { FastifyInstance } from 'fastify';
import { startPeriodicJob, type PeriodicJob } from '../../lib/periodic-job';
import { expireOldRows } from './expire-old-rows';

/** Often enough that the tables stay small, rarely enough to cost nothing. */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;
const FIRST_PASS_DELAY_MS = 60 * 1000;

/**
 * Deletes rows whose time is over (expireOldRows) on every server, in bounded batches. Servers
 * running it at once only delete the same old rows. The first pass comes soon after start, so
 * servers that restart often still clean up.
 */
export function startHousekeeping(app: FastifyInstance, options: { intervalMs?: number } = {}): PeriodicJob {
  const intervalMs = options.intervalMs ?? HOUSEKEEPING_INTERVAL_MS;
  const { database, clock } = app.deps;
  return startPeriodicJob(app, {
    name: 'housekeeping',
    intervalMs,
    firstDelayMs: Math.min(intervalMs, FIRST_PASS_DELAY_MS),
    async run() {
      const counts = await expireOldRows(database.db, clock.now());
      if (Object.values(counts).some((count) => count > 0)) app.log.info({ expired: counts }, 'Expired old rows');
    },
  });
}
