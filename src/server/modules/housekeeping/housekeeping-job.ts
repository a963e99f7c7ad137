import type { FastifyInstance } from 'fastify';
import { startPeriodicJob, type PeriodicJob } from '@server/lib/periodic-job';
import { followUpSettledPeriods } from '@server/modules/billing/billing-followups';
import { settleEndedPeriods } from '@server/modules/billing/settle-period-end';
import { expireVendorApiRows } from '@server/modules/vendor-api/expire-api-rows';
import { expireOldRows } from './expire-old-rows';

/** Often enough that the tables stay small, rarely enough to cost nothing. */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;
const FIRST_PASS_DELAY_MS = 60 * 1000;

/**
 * Settles billing periods that ended (settleEndedPeriods) and deletes rows whose time is over (expireOldRows) on every server, in bounded batches. Servers
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
      const now = clock.now();
      const counts = { ...(await expireOldRows(database.db, now)), ...(await expireVendorApiRows(database.db, now)) };
      if (Object.values(counts).some((count) => count > 0)) app.log.info({ expired: counts }, 'Expired old rows');
      // Paid periods that ended with a cancellation or a downgrade waiting (decision 022).
      const settled = await settleEndedPeriods(database.db, now);
      if (settled.length > 0) app.log.info({ settled: settled.length }, 'Settled ended billing periods');
      followUpSettledPeriods(
        { db: database.db, email: app.deps.email, publicUrl: app.deps.config.publicUrl, log: app.log },
        settled,
      );
    },
  });
}
