import { inArray, lt, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '@server/db/client';
import { consumedCodes, jobs, rateLimits, typedCodes } from '@server/db/schema';
import { CONSUMED_CODE_RETENTION_MS } from '@server/modules/stamps/stamp-codes';
import { TYPED_CODE_RETENTION_MS } from '@server/modules/stamps/typed-codes';

/**
 * The longest window any caller of consumeRateLimit counts in (staff invitations, vendor
 * messages and an offline device code's misses: a day). A counter whose window started before that
 * is over for every key.
 */
export const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface ExpireOptions {
  /** Rows per DELETE: short statements that never hold many locks at once. */
  batchSize?: number;
  /** Batches per table per pass; what is left waits for the next pass. */
  maxBatches?: number;
}

/** Finished jobs (done or failed) are kept this long, for an admin who looks into a failure. */
export const FINISHED_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export type ExpiredCounts = Record<'rateLimits' | 'typedCodes' | 'consumedCodes' | 'jobs', number>;

/** Deletes up to batchSize * maxBatches rows of one table whose time column is before `before`. */
async function deleteInBatches(
  db: Executor,
  table: PgTable,
  key: PgColumn,
  time: PgColumn,
  before: Date,
  options: Required<ExpireOptions>,
): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < options.maxBatches; batch += 1) {
    const old: SQL = lt(time, before);
    const rows = await db
      .delete(table)
      .where(inArray(key, db.select({ key }).from(table).where(old).limit(options.batchSize)))
      .returning({ key });
    deleted += rows.length;
    if (rows.length < options.batchSize) break;
  }
  return deleted;
}

/**
 * Rows that only matter for a while: rate-limit counters past the longest window, typed codes a
 * day past expiry, consumed codes once their code can no longer verify anywhere, finished jobs
 * after a week. `now` is the
 * app's clock.
 */
export async function expireOldRows(db: Executor, now: Date, options: ExpireOptions = {}): Promise<ExpiredCounts> {
  const bounded = { batchSize: options.batchSize ?? 1000, maxBatches: options.maxBatches ?? 20 };
  const ago = (ms: number) => new Date(now.getTime() - ms);
  return {
    rateLimits: await deleteInBatches(
      db,
      rateLimits,
      rateLimits.key,
      rateLimits.windowStart,
      ago(RATE_LIMIT_RETENTION_MS),
      bounded,
    ),
    typedCodes: await deleteInBatches(
      db,
      typedCodes,
      typedCodes.code,
      typedCodes.expiresAt,
      ago(TYPED_CODE_RETENTION_MS),
      bounded,
    ),
    consumedCodes: await deleteInBatches(
      db,
      consumedCodes,
      consumedCodes.codeId,
      consumedCodes.consumedAt,
      ago(CONSUMED_CODE_RETENTION_MS),
      bounded,
    ),
    // A pending or running job has no finished_at: only finished ones can be this old.
    jobs: await deleteInBatches(db, jobs, jobs.id, jobs.finishedAt, ago(FINISHED_JOB_RETENTION_MS), bounded),
  };
}
