import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@server/db/client';
import type { Config } from '@server/config';
import { handlerOf, jobKind, NO_PAYLOAD, type JobHandler } from '@server/lib/job-queue';
import { settleEndedPeriods } from '@server/modules/billing/settle-period-end';
import type { EmailService } from '@server/modules/notifications/email-service';
import { expireVendorApiRows } from '@server/modules/api/expire-api-rows';
import { expireOldRows } from './expire-old-rows';
import { mergeRollupShards, ROLLUP_MERGE_JOB } from './merge-rollup-shards';

/** Often enough that the tables stay small, rarely enough to cost nothing. */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;
export const HOUSEKEEPING_JOB = jobKind('housekeeping', NO_PAYLOAD);

/**
 * The recurring clean-up job (decision 037): settles billing periods that ended
 * (settleEndedPeriods) and deletes rows whose time is over (expireOldRows), in bounded batches.
 * Each run is one job, so one process runs it.
 */
export function housekeepingHandler(deps: {
  db: Database;
  email: EmailService;
  config: Pick<Config, 'publicUrl'>;
  log: FastifyBaseLogger;
}): JobHandler {
  const { db, log } = deps;
  return handlerOf(HOUSEKEEPING_JOB, {
    async run(_payload, _job, now) {
      const counts = { ...(await expireOldRows(db, now)), ...(await expireVendorApiRows(db, now)) };
      if (Object.values(counts).some((count) => count > 0)) log.info({ expired: counts }, 'Expired old rows');
      // Paid periods that ended with a cancellation or a downgrade waiting (decision 022).
      const settled = await settleEndedPeriods(db, { email: deps.email, publicUrl: deps.config.publicUrl }, now);
      if (settled.length > 0) log.info({ settled: settled.length }, 'Settled ended billing periods');
    },
  });
}

/** Daily: folds the past days' rollup shards into one row per vendor, card and day (decision 055). */
export function rollupMergeHandler(deps: { db: Database; log: FastifyBaseLogger }): JobHandler {
  return handlerOf(ROLLUP_MERGE_JOB, {
    async run(_payload, _job, now) {
      const moved = await mergeRollupShards(deps.db, now);
      if (moved.stampDays + moved.signupDays > 0) deps.log.info({ moved }, 'Merged past days of the rollup shards');
    },
  });
}
