import { describe, expect, it } from 'vitest';
import { runDueJobs } from '@server/background-jobs';
import { consumedCodes, jobs, rateLimits, typedCodes } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { expireOldRows } from './expire-old-rows';
import { HOUSEKEEPING_INTERVAL_MS, HOUSEKEEPING_JOB } from './housekeeping-job';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('housekeeping: rows whose time is over', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  const at = (msFromNow: number) => new Date(context.clock.now().getTime() + msFromNow);

  /** Two rows per table just past their retention and one just inside it, named by `tag`. */
  async function seed(tag: string) {
    const customer = await signUpUser(context.app);
    await db()
      .insert(rateLimits)
      .values([
        { key: `${tag}:old-1`, windowStart: at(-DAY - MINUTE), count: 3 },
        { key: `${tag}:old-2`, windowStart: at(-2 * DAY), count: 1 },
        // A day-long window (staff invitations) that started 23 hours ago still counts.
        { key: `${tag}:live`, windowStart: at(-DAY + 60 * MINUTE), count: 2 },
      ]);
    await db()
      .insert(typedCodes)
      .values([
        { code: `${tag}O1`, kind: 'counter', signedCode: 'CHK1.x', expiresAt: at(-DAY - MINUTE) },
        { code: `${tag}O2`, kind: 'customer', signedCode: 'CHK1.y', expiresAt: at(-3 * DAY) },
        // Expired an hour ago: kept, so typing it says "expired" rather than "not valid".
        { code: `${tag}L1`, kind: 'counter', signedCode: 'CHK1.z', expiresAt: at(-60 * MINUTE) },
      ]);
    await db()
      .insert(consumedCodes)
      .values([
        { codeId: `counter:${tag}-old-1`, userId: customer.id, consumedAt: at(-11 * MINUTE) },
        { codeId: `counter:${tag}-old-2`, userId: customer.id, consumedAt: at(-DAY) },
        // Used a minute ago: its code still verifies, so the row must keep refusing it.
        { codeId: `counter:${tag}-live`, userId: customer.id, consumedAt: at(-MINUTE) },
      ]);
  }

  async function remaining(tag: string) {
    const keys = (await db().select({ key: rateLimits.key }).from(rateLimits))
      .map((row) => row.key)
      .filter((key) => key.startsWith(tag));
    const codes = (await db().select({ code: typedCodes.code }).from(typedCodes))
      .map((row) => row.code)
      .filter((code) => code.startsWith(tag));
    const used = (await db().select({ codeId: consumedCodes.codeId }).from(consumedCodes))
      .map((row) => row.codeId)
      .filter((id) => id.includes(tag));
    return { keys: keys.sort(), codes: codes.sort(), used: used.sort() };
  }

  it('deletes the rows past their window or expiry and keeps the live ones', async () => {
    await seed('AA');
    const counts = await expireOldRows(db(), context.clock.now());
    expect(counts).toEqual({ rateLimits: 2, typedCodes: 2, consumedCodes: 2, jobs: 0 });
    expect(await remaining('AA')).toEqual({ keys: ['AA:live'], codes: ['AAL1'], used: ['counter:AA-live'] });

    // The same rows expire when the app's clock moves on.
    context.clock.advance(DAY);
    expect(await expireOldRows(db(), context.clock.now())).toEqual({
      rateLimits: 1,
      typedCodes: 1,
      consumedCodes: 1,
      jobs: 0,
    });
    expect(await remaining('AA')).toEqual({ keys: [], codes: [], used: [] });
  });

  it('deletes in bounded batches, leaving the rest for the next pass', async () => {
    await seed('BB');
    expect(await expireOldRows(db(), context.clock.now(), { batchSize: 1, maxBatches: 1 })).toEqual({
      rateLimits: 1,
      typedCodes: 1,
      consumedCodes: 1,
      jobs: 0,
    });
    expect(await expireOldRows(db(), context.clock.now(), { batchSize: 1, maxBatches: 5 })).toEqual({
      rateLimits: 1,
      typedCodes: 1,
      consumedCodes: 1,
      jobs: 0,
    });
    expect(await remaining('BB')).toEqual({ keys: ['BB:live'], codes: ['BBL1'], used: ['counter:BB-live'] });
  });

  it('runs as a recurring job at the app clock, and deletes jobs finished a week ago', async () => {
    await seed('CC');
    const finished = await db()
      .insert(jobs)
      .values([
        { name: 'old', runAt: at(-8 * DAY), status: 'done', finishedAt: at(-8 * DAY) },
        { name: 'recent', runAt: at(-DAY), status: 'failed', finishedAt: at(-DAY) },
      ])
      .returning({ name: jobs.name });
    expect(finished).toHaveLength(2);
    // Scheduling the next run does not run it: its slot is the next ten minutes of the clock.
    await runDueJobs(context.app, { recurring: true });
    expect((await remaining('CC')).keys).toEqual(['CC:live', 'CC:old-1', 'CC:old-2']);
    context.clock.advance(HOUSEKEEPING_INTERVAL_MS);
    await runDueJobs(context.app, { recurring: true });
    // Ten minutes on, the code used a minute before the start is past its retention as well.
    expect(await remaining('CC')).toEqual({ keys: ['CC:live'], codes: ['CCL1'], used: [] });
    const names = (await db().select({ name: jobs.name }).from(jobs)).map((row) => row.name);
    expect(names).toContain('recent');
    expect(names).not.toContain('old');
    expect(names.filter((name) => name === HOUSEKEEPING_JOB.name)).toHaveLength(2);
  });
});
