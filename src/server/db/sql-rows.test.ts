import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@server/db/client';
import { createTestDatabase } from '@server/test/test-database';
import { readLists, rows, type RowsOf } from './sql-rows';

describe('readLists', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('gives each query its rows in one statement, an empty list for none and null for one left out', async () => {
    const counted: RowsOf<{ n: number; total: number; day: string }> = sql`select n, count(*) over () as total,
        to_char(date '2026-03-01' + n, 'YYYY-MM-DD') as day
      from generate_series(1, 3) as n`;
    const none: RowsOf<{ n: number }> = sql`select 1 as n where false`;
    const lists = await readLists(database.db, { counted, none, leftOut: null as RowsOf<{ n: number }> | null });
    // A bigint (count) arrives as a number, as every integer in JSON does.
    expect(lists.counted).toEqual([
      { n: 1, total: 3, day: '2026-03-02' },
      { n: 2, total: 3, day: '2026-03-03' },
      { n: 3, total: 3, day: '2026-03-04' },
    ]);
    expect(lists.none).toEqual([]);
    expect(lists.leftOut).toBeNull();
    expect((await rows(database.db, counted)).map((row) => row.n)).toEqual([1, 2, 3]);
  });

  it('keeps a value that looks like SQL a value', async () => {
    const hostile = "'); drop table users; --";
    const echoed: RowsOf<{ text: string }> = sql`select ${hostile}::text as text`;
    expect((await readLists(database.db, { echoed })).echoed).toEqual([{ text: hostile }]);
  });
});
