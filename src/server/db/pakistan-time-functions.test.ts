import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pakistanDateKey } from '@shared/pakistan-time';
import { useTestApp } from '@server/test/build-test-app';
import { rows } from '@server/db/sql-rows';

/** Instants around Pakistan's midnight (19:00 UTC), its last half second, an hour's edge, a leap day and 1970. */
const INSTANTS = [
  '2026-03-18T18:59:59.000Z',
  '2026-03-18T18:59:59.499Z',
  '2026-03-18T18:59:59.500Z',
  '2026-03-18T18:59:59.999Z',
  '2026-03-18T19:00:00.000Z',
  '2026-03-19T07:29:59.500Z',
  '2026-03-19T07:30:00.000Z',
  '2028-02-28T19:00:00.000Z',
  '2028-02-29T18:59:59.999Z',
  '1970-01-01T00:00:00.000Z',
  '1969-12-31T18:59:59.999Z',
];

describe('the database functions of Pakistan time (migration 0039)', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  const values = sql.raw(INSTANTS.map((instant) => `('${instant}'::timestamptz)`).join(', '));

  it('give the day and hour slot of the 0033 arithmetic, and the day the app computes', async () => {
    const found = await rows<{ day: string; slot: number; day_0033: string; slot_0033: number }>(
      db(),
      sql`select to_char(pakistan_day(at), 'YYYY-MM-DD') as day, pakistan_hour_slot(at) as slot,
            to_char(date '1970-01-01' + floor((extract(epoch from at) + 18000) / 86400)::integer, 'YYYY-MM-DD') as day_0033,
            ((extract(epoch from at)::bigint + 18000) / 3600 - floor((extract(epoch from at) + 18000) / 86400)::bigint * 24)::integer + 1 as slot_0033
          from (values ${values}) as v(at)`,
    );
    expect(found.map((row) => row.day)).toEqual(found.map((row) => row.day_0033));
    expect(found.map((row) => row.slot)).toEqual(found.map((row) => row.slot_0033));
    expect(found.map((row) => row.day)).toEqual(INSTANTS.map((instant) => pakistanDateKey(new Date(instant))));
    // The last half second of a day rounds to the next day's first hour; the day itself does not move.
    expect(found.slice(0, 5).map((row) => row.slot)).toEqual([24, 24, 25, 25, 1]);
  });

  it('are inlined into the statements that call them, not called once a row', async () => {
    const plan = await rows<{ 'QUERY PLAN': string }>(
      db(),
      sql`explain (verbose, costs off)
          select pakistan_day(at), pakistan_hour_slot(at), pakistan_bucket('month', at) from (values ${values}) as v(at)`,
    );
    const text = plan.map((line) => line['QUERY PLAN']).join('\n');
    expect(text).toContain('Output:');
    expect(text).not.toMatch(/pakistan_(day|hour_slot|bucket)\(/);
  });
});
