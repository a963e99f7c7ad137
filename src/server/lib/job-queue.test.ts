import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import { jobs } from '@server/db/schema';
import { createTestDatabase } from '@server/test/test-database';
import {
  enqueueJob,
  everyInterval,
  finishJobsWith,
  handlerOf,
  handlersByName,
  JOB_LEASE_MS,
  claimJobs,
  jobKind,
  jobPayloadSql,
  newJob,
  retryDelayMs,
  runDueJobsOnce,
  scheduleRecurringJobs,
  type JobHandler,
  type JobRow,
} from './job-queue';

const silent = { warn: () => undefined, error: () => undefined };
const START = new Date('2026-03-11T07:30:00.000Z');
const at = (ms: number) => new Date(START.getTime() + ms);

let database: DatabaseHandle & { url?: string };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
const db = () => database.db;

/** A handler that records what it ran and fails its first `failures` attempts. */
function recorder(name: string, failures = 0) {
  const ran: string[] = [];
  const handler: JobHandler = {
    name,
    async run(job) {
      if (job.attempts <= failures) throw new Error(`attempt ${job.attempts} failed`);
      ran.push(String(job.payload.key));
    },
  };
  return { ran, handlers: new Map([[name, handler]]) };
}

async function jobOf(id: string): Promise<JobRow> {
  const [row] = await db().select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

describe('the job queue', () => {
  it('writes one job per unique key, however often it is enqueued', async () => {
    const first = await enqueueJob(db(), { name: 'q.unique', payload: { key: 'a' }, runAt: START, uniqueKey: 'u:1' });
    const again = await enqueueJob(db(), { name: 'q.unique', payload: { key: 'b' }, runAt: START, uniqueKey: 'u:1' });
    expect(first).toEqual(expect.any(String));
    expect(again).toBeNull();
    const { ran, handlers } = recorder('q.unique');
    expect(await runDueJobsOnce(db(), handlers, START, silent)).toBeGreaterThanOrEqual(1);
    expect(ran).toEqual(['a']);
    // Done, it is not run again, and its key still refuses a repeat.
    expect(await runDueJobsOnce(db(), handlers, at(60_000), silent)).toBe(0);
    expect(await enqueueJob(db(), { name: 'q.unique', runAt: START, uniqueKey: 'u:1' })).toBeNull();
  });

  it('commits or rolls back with the transaction that enqueued it', async () => {
    let kept: string | null = null;
    await db().transaction(async (tx) => {
      kept = await enqueueJob(tx, { name: 'q.tx', payload: { key: 'kept' }, runAt: START });
    });
    await expect(
      db().transaction(async (tx) => {
        await enqueueJob(tx, { name: 'q.tx', payload: { key: 'lost' }, runAt: START, uniqueKey: 'tx:lost' });
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    const { ran, handlers } = recorder('q.tx');
    await runDueJobsOnce(db(), handlers, START, silent);
    expect(ran).toEqual(['kept']);
    expect((await jobOf(kept!)).status).toBe('done');
    expect(await db().select().from(jobs).where(eq(jobs.uniqueKey, 'tx:lost'))).toEqual([]);
  });

  it('waits for its time, then retries with growing back-off and gives up after its attempts', async () => {
    const id = (await enqueueJob(db(), { name: 'q.retry', payload: { key: 'r' }, runAt: at(1000), maxAttempts: 3 }))!;
    const { ran, handlers } = recorder('q.retry', 10);
    expect(await runDueJobsOnce(db(), handlers, START, silent)).toBe(0);

    expect(await runDueJobsOnce(db(), handlers, at(1000), silent)).toBe(1);
    expect(await jobOf(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'attempt 1 failed' });
    expect((await jobOf(id)).runAt).toEqual(at(1000 + retryDelayMs(1)));

    expect(await runDueJobsOnce(db(), handlers, at(1000 + retryDelayMs(1) - 1), silent)).toBe(0);
    const second = at(1000 + retryDelayMs(1));
    expect(await runDueJobsOnce(db(), handlers, second, silent)).toBe(1);
    expect((await jobOf(id)).runAt).toEqual(new Date(second.getTime() + retryDelayMs(2)));
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));

    const third = new Date(second.getTime() + retryDelayMs(2));
    expect(await runDueJobsOnce(db(), handlers, third, silent)).toBe(1);
    expect(await jobOf(id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'attempt 3 failed' });
    expect(await runDueJobsOnce(db(), handlers, at(24 * 3600_000), silent)).toBe(0);
    expect(ran).toEqual([]);
  });

  it('survives a process that died mid-job: the job is claimed again when its lease ends', async () => {
    const id = (await enqueueJob(db(), { name: 'q.lease', payload: { key: 'l' }, runAt: START }))!;
    // A process claims it and dies before finishing.
    const [claimed] = await claimJobs(db(), START, { limit: 1, id });
    expect(claimed).toMatchObject({ status: 'running', attempts: 1 });
    const { ran, handlers } = recorder('q.lease');
    expect(await runDueJobsOnce(db(), handlers, at(JOB_LEASE_MS - 1), silent)).toBe(0);
    expect(await runDueJobsOnce(db(), handlers, at(JOB_LEASE_MS), silent)).toBe(1);
    expect(ran).toEqual(['l']);
    expect(await jobOf(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('reads the clock again before each round of a long pass, so work enqueued for later runs when it is due', async () => {
    // A job that takes a minute of the clock and enqueues a follow-up due when it ends.
    let clockNow = START;
    const ran: { key: string; now: Date }[] = [];
    const handler: JobHandler = {
      name: 'q.slow',
      async run(job, now) {
        ran.push({ key: String(job.payload.key), now });
        clockNow = new Date(now.getTime() + 60_000);
        if (job.payload.key === 'first')
          await enqueueJob(db(), { name: 'q.slow', payload: { key: 'second' }, runAt: clockNow });
      },
    };
    await enqueueJob(db(), { name: 'q.slow', payload: { key: 'first' }, runAt: START });
    const clock = { now: () => clockNow };
    expect(await runDueJobsOnce(db(), new Map([['q.slow', handler]]), START, silent, { limit: 1, clock })).toBe(2);
    expect(ran).toEqual([
      { key: 'first', now: START },
      { key: 'second', now: at(60_000) },
    ]);
    // Without a clock the pass keeps its instant, and the follow-up waits for the next pass.
    clockNow = START;
    await enqueueJob(db(), { name: 'q.slow', payload: { key: 'first' }, runAt: START, uniqueKey: 'q.slow:again' });
    ran.length = 0;
    expect(await runDueJobsOnce(db(), new Map([['q.slow', handler]]), START, silent, { limit: 1 })).toBe(1);
    expect(await runDueJobsOnce(db(), new Map([['q.slow', handler]]), at(60_000), silent)).toBe(1);
    expect(ran.map((run) => run.key)).toEqual(['first', 'second']);
  });

  it('runs each job in exactly one of several processes claiming at the same moment', async () => {
    const keys = Array.from({ length: 15 }, (_, index) => `race-${index}`);
    for (const key of keys) await enqueueJob(db(), { name: 'q.race', payload: { key }, runAt: START });
    // On PostgreSQL the second process has a connection pool of its own, so the race is real.
    const second = database.url ? await openDatabase({ kind: 'postgres', url: database.url }) : database;
    try {
      const a = recorder('q.race');
      const b = recorder('q.race');
      const counts = await Promise.all([
        runDueJobsOnce(db(), a.handlers, START, silent, { limit: 4 }),
        runDueJobsOnce(second.db, b.handlers, START, silent, { limit: 4 }),
        runDueJobsOnce(db(), a.handlers, START, silent, { limit: 4 }),
      ]);
      expect([...a.ran, ...b.ran].sort()).toEqual([...keys].sort());
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(keys.length);
    } finally {
      if (second !== database) await second.close();
    }
  });

  it('enqueues each run of a recurring job once, whoever schedules it', async () => {
    const recurring = [{ name: 'q.every-10-min', next: everyInterval(10 * 60_000) }];
    await scheduleRecurringJobs(db(), recurring, START);
    await scheduleRecurringJobs(db(), recurring, at(1000));
    const rows = await db().select().from(jobs).where(eq(jobs.name, 'q.every-10-min'));
    expect(rows.map((row) => row.runAt)).toEqual([new Date('2026-03-11T07:40:00.000Z')]);
  });

  it('runs jobs of a name claimed together at once, and each alone when together fails', async () => {
    const batches: string[][] = [];
    const alone: string[] = [];
    let failTogether = false;
    const handler: JobHandler = {
      name: 'q.many',
      async run(job) {
        alone.push(String(job.payload.key));
      },
      async runMany(claimed, now) {
        if (failTogether) throw new Error('one of them is bad');
        await finishJobsWith(db(), claimed, now, async (_tx, held) => {
          batches.push(held.map((job) => String(job.payload.key)).sort());
        });
      },
    };
    const handlers = new Map([[handler.name, handler]]);
    for (const key of ['a', 'b', 'c']) await enqueueJob(db(), { name: 'q.many', payload: { key }, runAt: START });
    expect(await runDueJobsOnce(db(), handlers, START, silent)).toBe(3);
    expect(batches).toEqual([['a', 'b', 'c']]);
    expect(alone).toEqual([]);
    const left = await db().select().from(jobs).where(eq(jobs.name, 'q.many'));
    expect(left.map((job) => job.status)).toEqual(['done', 'done', 'done']);

    failTogether = true;
    for (const key of ['d', 'e']) await enqueueJob(db(), { name: 'q.many', payload: { key }, runAt: START });
    expect(await runDueJobsOnce(db(), handlers, START, silent)).toBe(2);
    expect(alone.sort()).toEqual(['d', 'e']);
  });

  it('runs jobs of a handler with a concurrency side by side; a stop waits for all of them and starts no other round', async () => {
    const started: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let stopping = false;
    const handler: JobHandler = {
      name: 'q.wide',
      concurrency: 2,
      async run(job) {
        started.push(String(job.payload.key));
        // Both are under way before either ends: side by side, not one after the other.
        if (started.length === 2) {
          stopping = true;
          release();
        }
        await gate;
      },
    };
    for (const key of ['a', 'b']) await enqueueJob(db(), { name: 'q.wide', payload: { key }, runAt: START });
    await enqueueJob(db(), { name: 'q.wide', payload: { key: 'later' }, runAt: at(1) });
    const ran = await runDueJobsOnce(db(), new Map([[handler.name, handler]]), at(1), silent, {
      limit: 2,
      shouldStop: () => stopping,
    });
    // The stop came while both ran: they ended (done, not left running for a lease to free), and
    // the job of the next round waits for the next start.
    expect(ran).toBe(2);
    expect(started.sort()).toEqual(['a', 'b']);
    const rows = await db().select().from(jobs).where(eq(jobs.name, 'q.wide'));
    expect(rows.map((row) => [row.payload.key, row.status]).sort()).toEqual([
      ['a', 'done'],
      ['b', 'done'],
      ['later', 'pending'],
    ]);
  });

  it('postpones a job without spending an attempt when its handler asks', async () => {
    const handler: JobHandler = {
      name: 'q.postponed',
      async run(_job, now) {
        return { postponeTo: new Date(now.getTime() + 1_000), reason: 'the service asked to wait' };
      },
    };
    const id = (await enqueueJob(db(), { name: 'q.postponed', runAt: START, maxAttempts: 1 }))!;
    const handlers = new Map([[handler.name, handler]]);
    for (let run = 1; run <= 3; run += 1) await runDueJobsOnce(db(), handlers, at(run * 1_000), silent);
    expect(await jobOf(id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      runAt: at(4_000),
      lastError: 'the service asked to wait',
    });
  });
});

describe('jobs typed by their kind', () => {
  const GREETING = jobKind('q.greeting', z.object({ to: z.string(), times: z.number().int() }));

  /** Greetings handled by kind: `runMany` too when asked. */
  function greeter(options: { together?: boolean } = {}) {
    const greeted: string[] = [];
    const batches: string[][] = [];
    const handler = handlerOf(GREETING, {
      async run(payload) {
        greeted.push(`${payload.to} x${payload.times}`);
      },
      ...(options.together
        ? {
            async runMany(items, now) {
              await finishJobsWith(
                db(),
                items.map((item) => item.job),
                now,
                async () => {
                  batches.push(items.map(({ payload }) => payload.to).sort());
                },
              );
            },
          }
        : {}),
    });
    return { greeted, batches, handlers: handlersByName([handler]) };
  }

  it('hands its handler the payload typed; one that does not fit fails at once, naming the job, and never runs', async () => {
    const { greeted, handlers } = greeter();
    const fits = await enqueueJob(db(), newJob(GREETING, { to: 'Ayesha', times: 2 }, { runAt: START }));
    // Written as an older release or a hand might have: `times` is missing, `to` is a number.
    const unfit = await enqueueJob(db(), { name: GREETING.name, payload: { to: 7 }, runAt: START, maxAttempts: 6 });
    await runDueJobsOnce(db(), handlers, START, silent);
    expect(greeted).toEqual(['Ayesha x2']);
    expect((await jobOf(fits!)).status).toBe('done');
    // Failed on its first attempt, not retried: the same payload would not fit the next time either.
    const failed = await jobOf(unfit!);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.lastError).toMatch(/^The job "q\.greeting" has a payload that does not fit: /);
    expect(failed.lastError).toContain('to: ');
    expect(failed.lastError).toContain('times: ');
    await runDueJobsOnce(db(), handlers, at(24 * 60 * 60_000), silent);
    expect(await jobOf(unfit!)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(greeted).toEqual(['Ayesha x2']);
  });

  it('runs jobs of a kind claimed together at once, and each alone when one of them does not fit', async () => {
    const { greeted, batches, handlers } = greeter({ together: true });
    for (const to of ['Bilal', 'Chand']) await enqueueJob(db(), newJob(GREETING, { to, times: 1 }, { runAt: START }));
    expect(await runDueJobsOnce(db(), handlers, START, silent)).toBe(2);
    expect(batches).toEqual([['Bilal', 'Chand']]);

    for (const to of ['Dua', 'Erum']) await enqueueJob(db(), newJob(GREETING, { to, times: 1 }, { runAt: START }));
    const unfit = await enqueueJob(db(), { name: GREETING.name, payload: { to: 'Faraz' }, runAt: START });
    expect(await runDueJobsOnce(db(), handlers, START, silent)).toBe(3);
    expect(batches).toHaveLength(1);
    expect(greeted.sort()).toEqual(['Dua x1', 'Erum x1']);
    expect(await jobOf(unfit!)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('reads a payload written by SQL, one job per row a statement selects', async () => {
    const { greeted, handlers } = greeter();
    const columns = [jobs.name, jobs.payload, jobs.runAt].map((column) => sql.identifier(column.name));
    await db().execute(
      sql`insert into ${jobs} (${sql.join(columns, sql`, `)})
          select ${GREETING.name}, ${jobPayloadSql(GREETING, { to: sql`'Ghazal ' || n`, times: sql`n` })}, ${START.toISOString()}::timestamptz
          from generate_series(1, 2) as n`,
    );
    await runDueJobsOnce(db(), handlers, START, silent);
    expect(greeted.sort()).toEqual(['Ghazal 1 x1', 'Ghazal 2 x2']);
  });

  it('lets the compiler check a payload where its job is enqueued', () => {
    const written = () => [
      // @ts-expect-error `times` is missing
      newJob(GREETING, { to: 'Hina' }, { runAt: START }),
      // @ts-expect-error `times` is a number
      newJob(GREETING, { to: 'Hina', times: '2' }, { runAt: START }),
      // @ts-expect-error a field the kind does not have
      newJob(GREETING, { to: 'Hina', times: 2, extra: true }, { runAt: START }),
      // @ts-expect-error a field the kind does not have, built by SQL
      jobPayloadSql(GREETING, { to: sql`'Hina'`, times: sql`2`, extra: sql`true` }),
    ];
    expect(written).toBeTypeOf('function');
  });

  it('refuses two handlers of one name: one of them would never run', () => {
    const run = async () => undefined;
    expect(() =>
      handlersByName([
        { name: 'q.twice', run },
        { name: 'q.once', run },
        { name: 'q.twice', run },
      ]),
    ).toThrow('Two job handlers are named "q.twice".');
  });
});
