import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The one background job queue (decision 037): e-mails, digests, webhook deliveries, reward
 * reminders, clean-ups. A job is written in the transaction of the change that asks for it, claimed
 * with FOR UPDATE SKIP LOCKED and a lease by one process at a time, and retried with back-off.
 * `unique_key` makes enqueueing idempotent: a second job with the same key is not written.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    uniqueKey: text('unique_key').unique('jobs_unique_key_unique'),
    /** pending → running → done | failed; a running job whose lease ran out is claimed again. */
    status: text('status').notNull().default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(6),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    check('jobs_status_check', sql`${table.status} in ('pending', 'running', 'done', 'failed')`),
    check('jobs_attempts_check', sql`${table.maxAttempts} >= 1 and ${table.attempts} >= 0`),
    // What the runner claims: pending jobs by due time, running ones by lease.
    index('jobs_due_idx')
      .on(table.runAt)
      .where(sql`${table.status} = 'pending'`),
    index('jobs_lease_idx')
      .on(table.lockedUntil)
      .where(sql`${table.status} = 'running'`),
    index('jobs_finished_idx')
      .on(table.finishedAt)
      .where(sql`${table.status} in ('done', 'failed')`),
  ],
);
