import { and, eq, inArray, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor } from '@server/db/client';
import { jobs } from '@server/db/schema';
import type { Clock } from './clock';

/**
 * The one durable job queue (decision 037). A job is a row of `jobs`: written in the caller's
 * transaction (so it commits or rolls back with the change that asked for it), claimed by one
 * process at a time with FOR UPDATE SKIP LOCKED and a lease, retried with back-off, and given up
 * after its attempts. Every time here is the app's clock, passed in; nothing reads the real time.
 */

export type JobRow = typeof jobs.$inferSelect;

export interface NewJob {
  name: string;
  payload?: Record<string, unknown>;
  runAt: Date;
  /** Makes enqueueing idempotent: while a job with this key exists, another is not written. */
  uniqueKey?: string;
  maxAttempts?: number;
}

/** What a job carries: a JSON object, as the jobs table keeps it. */
export type JobPayload = Record<string, unknown>;

/**
 * What a job is: its name (the one its rows carry, so it never changes once jobs of it exist) and
 * the schema of its payload as the payload comes back from the table (JSON: a Date is its ISO
 * string). Where a job is enqueued, `newJob` takes the kind and a payload the compiler checks;
 * its handler (`handlerOf`) gets the payload parsed by the same schema, typed.
 */
export interface JobKind<P extends JobPayload> {
  readonly name: string;
  readonly payload: z.ZodType<P>;
}

export function jobKind<P extends JobPayload>(name: string, payload: z.ZodType<P>): JobKind<P> {
  return { name, payload };
}

/** The payload of a job that carries nothing (each run of a recurring job). */
export const NO_PAYLOAD = z.object({});

/** A job of `kind`, to enqueue (enqueueJob) or to write inside a larger statement (jobInsert). */
export function newJob<P extends JobPayload>(
  kind: JobKind<P>,
  payload: NoInfer<P>,
  options: { runAt: Date; uniqueKey?: string; maxAttempts?: number },
): NewJob {
  return { name: kind.name, payload, ...options };
}

/**
 * The payload of a job of `kind` built by SQL, for jobs written by INSERT ... SELECT (one per row
 * the statement selects): every field the kind names, each an SQL expression giving its value.
 */
export function jobPayloadSql<P extends JobPayload>(
  _kind: JobKind<P>,
  fields: NoInfer<{ [K in keyof P]: SQLWrapper }>,
): SQL {
  const pairs = Object.entries<SQLWrapper>(fields).map(([field, value]) => sql`${field}::text, ${value}`);
  return sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}

/** How long a claimed job is a process's own; one that dies mid-job lets it go when the lease ends. */
export const JOB_LEASE_MS = 5 * 60 * 1000;
export const DEFAULT_MAX_ATTEMPTS = 6;

/** 1, 4, 16, 64 minutes... between attempts, at most 6 hours: the default back-off. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 4 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

function values(job: NewJob) {
  return {
    name: job.name,
    payload: job.payload ?? {},
    runAt: job.runAt,
    uniqueKey: job.uniqueKey ?? null,
    maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  };
}

/** The insert as one statement, to travel inside a larger one (a data-modifying CTE). */
export function jobInsert(executor: Executor, job: NewJob): SQL {
  return executor.insert(jobs).values(values(job)).onConflictDoNothing({ target: jobs.uniqueKey }).getSQL();
}

/**
 * The insert as one statement that writes the job only when `condition` holds (an SQL boolean
 * over the database as it is inside the caller's statement): a job that would find nothing to do
 * is never written, nor claimed and run.
 */
export function jobInsertWhere(job: NewJob, condition: SQL): SQL {
  const row = values(job);
  return sql`insert into ${jobs} (${sql.identifier(jobs.name.name)}, ${sql.identifier(jobs.payload.name)}, ${sql.identifier(jobs.runAt.name)}, ${sql.identifier(jobs.uniqueKey.name)}, ${sql.identifier(jobs.maxAttempts.name)})
    select ${row.name}, ${JSON.stringify(row.payload)}::jsonb, ${row.runAt.toISOString()}::timestamptz, ${row.uniqueKey}, ${row.maxAttempts}::int
    where ${condition}
    on conflict (${sql.identifier(jobs.uniqueKey.name)}) do nothing`;
}

/**
 * Enqueues a job in the caller's transaction (or on its own). Returns the job's id, or null when a
 * job with the same unique key already exists (nothing is written).
 */
export async function enqueueJob(executor: Executor, job: NewJob): Promise<string | null> {
  const [row] = await enqueueJobs(executor, [job]);
  return row?.id ?? null;
}

/**
 * Enqueues many jobs in one statement (a campaign batch's e-mails). Returns the rows written, each
 * with its unique key; a job whose key exists already is left out, as with enqueueJob.
 */
export async function enqueueJobs(
  executor: Executor,
  newJobs: NewJob[],
): Promise<{ id: string; uniqueKey: string | null }[]> {
  if (newJobs.length === 0) return [];
  return executor
    .insert(jobs)
    .values(newJobs.map(values))
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id, uniqueKey: jobs.uniqueKey });
}

const claimable = (now: Date) =>
  or(
    and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)),
    and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, now)),
  );

/**
 * Claims up to `limit` jobs due at `now` (or the one job `id`, if due or just enqueued): each is
 * locked for JOB_LEASE_MS and its attempt counted. Another process running the same claim at the
 * same moment skips the locked rows, so a job runs in one process at a time.
 */
export async function claimJobs(db: Executor, now: Date, options: { limit: number; id?: string }): Promise<JobRow[]> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(claimable(now), options.id ? eq(jobs.id, options.id) : undefined))
    .orderBy(jobs.runAt)
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: new Date(now.getTime() + JOB_LEASE_MS),
    })
    .where(inArray(jobs.id, due))
    .returning();
}

/**
 * Does a job's database work and marks the job done in one transaction, only while this claim
 * still holds (same attempt, still running): if the lease ran out and another process claimed the
 * job meanwhile, nothing is written here. What a job writes (an e-mail it enqueues) thus happens
 * once, even when the job runs twice. Returns false when the claim was lost.
 */
export async function finishJobWith(
  db: Database,
  job: JobRow,
  now: Date,
  work: (tx: Executor) => Promise<void>,
): Promise<boolean> {
  class ClaimLost extends Error {}
  try {
    await db.transaction(async (tx) => {
      const [held] = await tx
        .update(jobs)
        .set({ status: 'done', lockedUntil: null, lastError: null, finishedAt: now })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts)))
        .returning({ id: jobs.id });
      if (!held) throw new ClaimLost();
      await work(tx);
    });
    return true;
  } catch (error) {
    if (error instanceof ClaimLost) return false;
    throw error;
  }
}

/**
 * What a handler may answer instead of finishing: try again at a time it chooses, or stop trying,
 * or wait until a time without this run counting as an attempt (the job did nothing wrong: an
 * outside service asked it to come back later).
 */
export type JobOutcome =
  void | { retryAt: Date; error: string } | { giveUp: string } | { postponeTo: Date; reason: string };

export interface JobHandler {
  name: string;
  /** Delay before the next attempt after the `attempts`-th failed; retryDelayMs by default. */
  backoffMs?(attempts: number): number;
  /**
   * How many jobs of this name claimed together may run side by side (1 by default): for jobs that
   * mostly wait on another service, whose throughput would otherwise be one round trip at a time.
   */
  concurrency?: number;
  /** Idempotent: a job run twice (a lease that ran out mid-job) must not do its work twice. */
  run(job: JobRow, now: Date): Promise<JobOutcome>;
  /**
   * Many jobs of this name claimed together, done at once (a stamp's e-mails): their work and
   * their "done" in one transaction (finishJobsWith). If it throws, each job runs on its own
   * with `run`, so one bad job fails alone.
   */
  runMany?(jobs: JobRow[], now: Date): Promise<void>;
}

/** A handler of one kind of job: what JobHandler does, with each job's payload parsed and typed. */
export interface KindHandler<P extends JobPayload> {
  /** Delay before the next attempt after the `attempts`-th failed; retryDelayMs by default. */
  backoffMs?(attempts: number): number;
  /** As JobHandler.concurrency. */
  concurrency?: number;
  /** Idempotent, as JobHandler.run. */
  run(payload: P, job: JobRow, now: Date): Promise<JobOutcome>;
  /** Many jobs of the kind claimed together, as JobHandler.runMany. */
  runMany?(items: { job: JobRow; payload: P }[], now: Date): Promise<void>;
}

/** A claimed job's payload read by its kind's schema, or why it does not fit. */
function payloadOf<P extends JobPayload>(
  kind: JobKind<P>,
  job: JobRow,
): { ok: true; payload: P } | { ok: false; error: string } {
  const parsed = kind.payload.safeParse(job.payload);
  if (parsed.success) return { ok: true, payload: parsed.data };
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`);
  return { ok: false, error: `The job "${kind.name}" has a payload that does not fit: ${problems.join('; ')}` };
}

/**
 * The runner's handler of a kind of job. Each claimed job's payload is parsed with the kind's
 * schema before `run` sees it; one that does not fit (written by hand, or by an older release)
 * fails at once with the reason as its last error: retrying would not change it. Jobs claimed
 * together with one that does not fit are run each alone, so only that one fails.
 */
export function handlerOf<P extends JobPayload>(kind: JobKind<P>, handler: KindHandler<P>): JobHandler {
  const runMany = handler.runMany?.bind(handler);
  return {
    name: kind.name,
    backoffMs: handler.backoffMs?.bind(handler),
    concurrency: handler.concurrency,
    async run(job, now) {
      const read = payloadOf(kind, job);
      return read.ok ? handler.run(read.payload, job, now) : { giveUp: read.error };
    },
    runMany: runMany
      ? async (claimed, now) => {
          const items = claimed.map((job) => {
            const read = payloadOf(kind, job);
            if (!read.ok) throw new Error(read.error);
            return { job, payload: read.payload };
          });
          await runMany(items, now);
        }
      : undefined,
  };
}

/** The runner's handlers by name; two handlers of one name would leave one of them never run. */
export function handlersByName(handlers: readonly JobHandler[]): Map<string, JobHandler> {
  const byName = new Map<string, JobHandler>();
  for (const handler of handlers) {
    if (byName.has(handler.name)) throw new Error(`Two job handlers are named "${handler.name}".`);
    byName.set(handler.name, handler);
  }
  return byName;
}

/**
 * finishJobWith for many jobs: marks those whose claim still holds done and does their work in one
 * transaction; `work` gets only the jobs still held (a lease lost to another process drops out).
 */
export async function finishJobsWith(
  db: Database,
  claimed: JobRow[],
  now: Date,
  work: (tx: Executor, held: JobRow[]) => Promise<void>,
): Promise<void> {
  if (claimed.length === 0) return;
  await db.transaction(async (tx) => {
    const heldIds = new Set(
      (
        await tx
          .update(jobs)
          .set({ status: 'done', lockedUntil: null, lastError: null, finishedAt: now })
          .where(
            and(
              eq(jobs.status, 'running'),
              or(...claimed.map((job) => and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts)))),
            ),
          )
          .returning({ id: jobs.id })
      ).map((row) => row.id),
    );
    const held = claimed.filter((job) => heldIds.has(job.id));
    if (held.length > 0) await work(tx, held);
  });
}

export interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Runs one claimed job and records how it ended: done, pending again after back-off, or failed. */
export async function runClaimedJob(
  db: Database,
  handlers: ReadonlyMap<string, JobHandler>,
  job: JobRow,
  now: Date,
  log: JobLog,
): Promise<JobRow['status']> {
  const handler = handlers.get(job.name);
  let outcome: JobOutcome;
  if (!handler) outcome = { giveUp: `No handler for the job "${job.name}".` };
  else if (job.attempts > job.maxAttempts) outcome = { giveUp: job.lastError ?? 'Out of attempts.' };
  else {
    try {
      outcome = await handler.run(job, now);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, job: job.name, attempts: job.attempts }, 'Background job failed');
      outcome =
        job.attempts >= job.maxAttempts
          ? { giveUp: reason }
          : {
              retryAt: new Date(now.getTime() + (handler.backoffMs ?? retryDelayMs)(job.attempts)),
              error: reason,
            };
    }
  }
  const status = !outcome ? 'done' : 'giveUp' in outcome ? 'failed' : 'pending';
  const lastError = outcome
    ? ('giveUp' in outcome ? outcome.giveUp : 'error' in outcome ? outcome.error : outcome.reason).slice(0, 500)
    : null;
  await db
    .update(jobs)
    .set({
      status,
      lockedUntil: null,
      lastError,
      ...(outcome && 'retryAt' in outcome ? { runAt: outcome.retryAt } : {}),
      // The claim counted this run as an attempt; a postponed run gives it back.
      ...(outcome && 'postponeTo' in outcome ? { runAt: outcome.postponeTo, attempts: sql`${jobs.attempts} - 1` } : {}),
      finishedAt: status === 'pending' ? null : now,
    })
    // Only while this claim holds: a process whose lease ran out leaves the new claim alone.
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts)));
  if (status === 'failed') log.error({ job: job.name, jobId: job.id, error: lastError }, 'Background job gave up');
  return status;
}

/**
 * Claims and runs the jobs due at `now`, round after round, until none is left (or `maxRounds`):
 * what tests call to drain the queue deterministically, and what the runner does on each pass.
 * With `clock`, each round after the first reads the time again: a pass can last minutes (a
 * campaign's batches), and a stale "now" would stamp late work with an old time and lease it
 * from a moment already past. Returns how many jobs ran.
 */
export async function runDueJobsOnce(
  db: Database,
  handlers: ReadonlyMap<string, JobHandler>,
  now: Date,
  log: JobLog,
  options: { limit?: number; maxRounds?: number; shouldStop?: () => boolean; clock?: Clock } = {},
): Promise<number> {
  const limit = options.limit ?? 20;
  let ran = 0;
  for (let round = 0; round < (options.maxRounds ?? 50) && !options.shouldStop?.(); round += 1) {
    if (round > 0 && options.clock) now = options.clock.now();
    const claimed = await claimJobs(db, now, { limit });
    const single: JobRow[] = [];
    const byName = new Map<string, JobRow[]>();
    for (const job of claimed) byName.set(job.name, [...(byName.get(job.name) ?? []), job]);
    const together: Array<Promise<void>> = [];
    for (const [name, group] of byName) {
      const handler = handlers.get(name);
      if (!handler?.runMany || group.length < 2 || group.some((job) => job.attempts > 1)) {
        single.push(...group);
        continue;
      }
      together.push(
        handler.runMany(group, now).catch(async (error: unknown) => {
          log.warn(
            { err: error, job: name, jobs: group.length },
            'Background jobs failed together; running each alone',
          );
          await runEach(group, handlers, (job) => runClaimedJob(db, handlers, job, now, log));
        }),
      );
    }
    // Jobs of different names do not wait for each other: a kind that waits on another service (a
    // notice by phone) goes on while a kind done in one transaction (a batch of e-mails) is written.
    await allEnded([...together, runEach(single, handlers, (job) => runClaimedJob(db, handlers, job, now, log))]);
    ran += claimed.length;
    // A job may enqueue others due now (a digest, an announcement): the next round runs them.
    if (claimed.length === 0) break;
  }
  return ran;
}

/**
 * Runs claimed jobs one after the other, except that jobs of a handler with a concurrency run side
 * by side up to it (beside the others). Returns once every job has ended, even when one throws, so
 * that a stop waiting for the pass never leaves a job running behind it.
 */
async function runEach(
  claimed: JobRow[],
  handlers: ReadonlyMap<string, JobHandler>,
  run: (job: JobRow) => Promise<unknown>,
): Promise<void> {
  const widthOf = (job: JobRow) => Math.max(1, handlers.get(job.name)?.concurrency ?? 1);
  const queues = new Map<string, { width: number; jobs: JobRow[] }>();
  for (const job of claimed) {
    const lane = widthOf(job) > 1 ? job.name : '';
    const queue = queues.get(lane) ?? { width: lane ? widthOf(job) : 1, jobs: [] };
    queue.jobs.push(job);
    queues.set(lane, queue);
  }
  const workers = [...queues.values()].flatMap((queue) =>
    Array.from({ length: Math.min(queue.width, queue.jobs.length) }, async () => {
      for (let job = queue.jobs.shift(); job; job = queue.jobs.shift()) await run(job);
    }),
  );
  await allEnded(workers);
}

/** Waits for every one of them, then throws the first failure if any: nothing is left running behind. */
async function allEnded(work: Array<Promise<unknown>>): Promise<void> {
  const ended = await Promise.allSettled(work);
  const failed = ended.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

/** A job that comes back by itself: `next` gives the first run after an instant (Pakistan time where it matters). */
export interface RecurringJob {
  name: string;
  next(after: Date): Date;
}

/**
 * Makes sure the next run of each recurring job is enqueued. Its unique key is its name and time,
 * so every process may do this on every pass and each run exists once.
 */
export async function scheduleRecurringJobs(db: Executor, recurring: readonly RecurringJob[], now: Date) {
  for (const job of recurring) {
    const runAt = job.next(now);
    await enqueueJob(db, { name: job.name, runAt, uniqueKey: `${job.name}@${runAt.toISOString()}`, maxAttempts: 3 });
  }
}

/** The next multiple of `intervalMs` after `after`, counted from the epoch (whole minutes and hours line up with the clock). */
export function everyInterval(intervalMs: number): (after: Date) => Date {
  return (after) => new Date((Math.floor(after.getTime() / intervalMs) + 1) * intervalMs);
}
