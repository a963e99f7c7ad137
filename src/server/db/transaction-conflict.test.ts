import { DrizzleQueryError, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '@server/plugins/errors';
import { createTestDatabase } from '@server/test/test-database';
import type { DatabaseHandle } from './client';
import { isTransactionConflict, retryOnTransactionConflict } from './transaction-conflict';

function serverError(code: string, message: string): Error {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

describe('isTransactionConflict', () => {
  it('recognises a deadlock and a serialization failure, bare and inside Drizzle\'s "Failed query"', () => {
    for (const code of ['40P01', '40001']) {
      const error = serverError(code, 'conflict');
      expect(isTransactionConflict(error)).toBe(true);
      expect(isTransactionConflict(new DrizzleQueryError('select 1', [], error))).toBe(true);
    }
  });

  it('leaves every other failure alone', () => {
    expect(isTransactionConflict(serverError('23505', 'duplicate key'))).toBe(false);
    expect(isTransactionConflict(new Error('40P01'))).toBe(false);
    expect(isTransactionConflict(null)).toBe(false);
  });
});

describe('retryOnTransactionConflict', () => {
  it('runs again after a conflict, and gives up after the last attempt', async () => {
    let runs = 0;
    const result = await retryOnTransactionConflict(async () => {
      runs += 1;
      if (runs < 3) throw serverError('40P01', 'deadlock detected');
      return 'stamped';
    });
    expect([result, runs]).toEqual(['stamped', 3]);

    runs = 0;
    const always = retryOnTransactionConflict(async () => {
      runs += 1;
      throw serverError('40P01', 'deadlock detected');
    }, 2);
    await expect(always).rejects.toMatchObject({ code: '40P01' });
    expect(runs).toBe(2);
  });

  it('does not run again after any other failure', async () => {
    let runs = 0;
    const failing = retryOnTransactionConflict(async () => {
      runs += 1;
      throw serverError('23505', 'duplicate key');
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
  });
});

/** A wait that ends once `parties` callers have arrived; later callers pass straight through. */
function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    arrived += 1;
    if (arrived >= parties) open();
    return opened;
  };
}

/** A settled transaction in a word, or the whole error when it failed for another reason. */
function describeOutcome(outcome: PromiseSettledResult<unknown>): string {
  if (outcome.status === 'fulfilled') return 'committed';
  if (isTransactionConflict(outcome.reason)) return 'conflict';
  const error = outcome.reason as { message?: string; cause?: { message?: string; code?: string } };
  return `failed: ${error.message} (${error.cause?.code ?? ''} ${error.cause?.message ?? ''})`;
}

// Only a server with real concurrent sessions can deadlock; PGlite runs one statement at a time.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a real deadlock on PostgreSQL', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table deadlock_rows (id int primary key, value int not null)`);
    await database.db.execute(sql`insert into deadlock_rows values (1, 0), (2, 0)`);
  });
  afterAll(() => database.close());

  // Each transaction locks one row, waits until the other has locked the other row, then wants it.
  let bothLocked = barrier(2);
  let runs = 0;
  const crossing = (first: number, second: number) =>
    database.db.transaction(async (tx) => {
      runs += 1;
      await tx.execute(sql`update deadlock_rows set value = value + 1 where id = ${first}`);
      await bothLocked();
      await tx.execute(sql`update deadlock_rows set value = value + 1 where id = ${second}`);
    });

  it('is recognised, and the losing transaction goes through when run again', async () => {
    const { db } = database;
    bothLocked = barrier(2);
    runs = 0;
    const outcomes = await Promise.allSettled([crossing(1, 2), crossing(2, 1)]);
    expect(outcomes.map(describeOutcome).sort()).toEqual(['committed', 'conflict']);

    // The same pair, each retried: both commit, and every update counts exactly once per commit.
    bothLocked = barrier(2);
    runs = 0;
    // Five attempts, not the default three: here every retry goes straight for the other row (the
    // barrier is passed), so crossing again is far likelier than between two requests, and a
    // rehearsal under load once saw the loser cross on all three.
    await Promise.all([
      retryOnTransactionConflict(() => crossing(1, 2), 5),
      retryOnTransactionConflict(() => crossing(2, 1), 5),
    ]);
    // At least one retry. Possibly more: the loser's retry may take its first row in the moment
    // between the loser's rollback and the winner waking up to take that row, and so cross the
    // winner again (seen in CI). What must hold is that every retry ends in a commit.
    expect(runs).toBeGreaterThanOrEqual(3);
    const values = await db
      .select({ value: sql<number>`value` })
      .from(sql`deadlock_rows`)
      .orderBy(sql`id`);
    // One commit from the first round, two from the second: three per row.
    expect(values.map((row) => Number(row.value))).toEqual([3, 3]);
  });

  it('answers a request whose transaction lost 503 with Retry-After, never 500', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.post<{ Params: { first: string } }>('/cross/:first', async (request) => {
      const first = Number(request.params.first);
      await crossing(first, 3 - first);
      return { ok: true };
    });
    await app.ready();
    bothLocked = barrier(2);
    const answers = await Promise.all([
      app.inject({ method: 'POST', url: '/cross/1' }),
      app.inject({ method: 'POST', url: '/cross/2' }),
    ]);
    await app.close();
    const refused = answers.find((answer) => answer.statusCode !== 200);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 503]);
    expect(refused?.headers['retry-after']).toBe('1');
    expect(refused?.json()).toEqual({
      error: {
        code: 'busy_try_again',
        message: 'Someone changed the same thing at the same moment. Please try again.',
      },
    });
  });
});
