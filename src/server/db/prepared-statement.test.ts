import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@server/test/test-database';
import { rows } from '@server/db/sql-rows';
import { authUser } from '@server/db/schema';
import type { DatabaseHandle } from './client';
import { hiddenPlaceholder, preparedQuery, preparedRead, statementName } from './prepared-statement';

describe('statementName', () => {
  it('gives one text one name, and two texts two names under the same label', () => {
    const first = statementName('probe', 'select $1::int');
    expect(statementName('probe', 'select $1::int')).toBe(first);
    expect(statementName('probe', 'select $1::int + 1')).not.toBe(first);
    expect(first).toMatch(/^probe_[0-9a-f]{12}$/);
    // PostgreSQL cuts identifiers at 63 bytes.
    expect(first.length).toBeLessThanOrEqual(63);
  });
});

describe('prepared reads', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  let builds = 0;
  const readProbe = preparedRead<{ value: number; label: string }>('probe', () => {
    builds += 1;
    return sql`select ${sql.placeholder('value')}::int as value, ${sql.placeholder('label')}::text as label`;
  });
  const countUsers = preparedQuery('probe_users', (db) =>
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(authUser)
      .where(sql`${authUser.email} like ${sql.placeholder('pattern')}`),
  );

  it('answers with each run its own values, past the runs after which PostgreSQL keeps one plan', async () => {
    for (const value of [1, 2, 3, 4, 5, 6, 7]) {
      expect(await readProbe(database.db, { value, label: `n${value}` })).toEqual([{ value, label: `n${value}` }]);
      expect(await rows(database.db, sql`select ${value}::int as value`)).toEqual([{ value }]);
    }
    expect(builds).toBe(1);
    expect(await countUsers(database.db).execute({ pattern: '%' })).toEqual([{ count: 0 }]);
    expect(countUsers(database.db)).toBe(countUsers(database.db));
  });

  it('works inside a transaction, and on PostgreSQL the connection keeps the statement', async () => {
    const kept = await database.db.transaction(async (tx) => {
      expect(await readProbe(tx, { value: 8, label: 'n8' })).toEqual([{ value: 8, label: 'n8' }]);
      expect(await countUsers(tx).execute({ pattern: 'nobody@%' })).toEqual([{ count: 0 }]);
      return rows<{ name: string }>(tx, sql`select name from pg_prepared_statements`);
    });
    if (database.kind === 'postgres') {
      const names = kept.map((row) => row.name);
      expect(names).toContainEqual(expect.stringMatching(/^probe_[0-9a-f]{12}$/));
      expect(names).toContainEqual(expect.stringMatching(/^probe_users_[0-9a-f]{12}$/));
    }
  });

  it('refuses a run that leaves a value out, and changes nothing', async () => {
    await expect(readProbe(database.db, { value: 1 })).rejects.toThrow(/label/);
  });
});

describe('hidden placeholders', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  // One key with 2,000 rows among 200 keys with one: the newest ten of the large key cost less
  // as a custom plan (it sees 2,000 rows) than as the generic one (it assumes the average, 11).
  const newestOf = (key: SQL) => sql`select at from skewed where key = ${key} order by at desc limit 10`;
  const readSeen = preparedRead<{ at: number }>('probe_seen_key', () => newestOf(sql`${sql.placeholder('key')}::int`));
  const readHidden = preparedRead<{ at: number }>('probe_hidden_key', () =>
    newestOf(sql`${hiddenPlaceholder('key', 'text')}::int`),
  );

  it('lets PostgreSQL keep the generic plan where the value would make it plan every run afresh', async () => {
    const plans = await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table skewed (key int not null, at int not null) on commit drop`);
      await tx.execute(
        sql`insert into skewed select case when i <= 2000 then 0 else i end, i from generate_series(1, 2200) as i`,
      );
      await tx.execute(sql`create index on skewed (key, at)`);
      await tx.execute(sql`analyze skewed`);
      for (let run = 0; run < 8; run++) {
        const seen = await readSeen(tx, { key: 0 });
        const hidden = await readHidden(tx, { key: '0' });
        expect(hidden).toEqual(seen);
        expect(seen.map((row) => row.at)).toEqual([2000, 1999, 1998, 1997, 1996, 1995, 1994, 1993, 1992, 1991]);
      }
      return rows<{ name: string; generic_plans: number }>(
        tx,
        sql`select name, generic_plans::int from pg_prepared_statements where name like 'probe\_%\_key\_%'`,
      );
    });
    if (database.kind === 'postgres') {
      const genericPlans = (prefix: string) => plans.find((row) => row.name.startsWith(prefix))?.generic_plans;
      expect(genericPlans('probe_seen_key_')).toBe(0);
      expect(genericPlans('probe_hidden_key_')).toBe(3);
    }
  });
});
