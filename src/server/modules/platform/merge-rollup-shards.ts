import { sql } from 'drizzle-orm';
import { addPakistanDays, pakistanDateKey, startOfPakistanDay } from '@shared/pakistan-time';
import type { Executor } from '@server/db/client';
import { signupDays, stampDays } from '@server/db/schema';
import { jobKind, NO_PAYLOAD, type RecurringJob } from '@server/lib/job-queue';
import { rows } from '@server/db/sql-rows';

/*
 * The daily rollups (decision 048) split a day's row into 8 shards so that the day's concurrent
 * stamps and sign-ups do not queue on one row lock. Once the day is over nobody writes it but a
 * rare deletion, and every read of a vendor's history summed up to 8 rows per card and day. This
 * job folds the shards of every day before yesterday (Pakistan) into shard 0 (decision 055).
 *
 * One statement per day deletes the day's shard rows and adds what they held to shard 0. Under
 * READ COMMITTED it never loses a count written at the same time by a trigger:
 * - a trigger that updated a shard row first holds its lock; the delete waits for its commit and
 *   deletes (and adds) the row as that commit left it;
 * - a trigger that reaches a shard row the delete has taken waits for it; its upsert then finds
 *   the row gone and inserts a new one, which the next run folds in;
 * - a shard row inserted after the statement's snapshot is not seen, and waits for the next run;
 * - shard 0 takes both the merge's and the triggers' additions, one lock holder at a time.
 * A stamp or account deleted later takes its count back in a new row of its own shard (negative),
 * which the next run folds in. Sums never change: only where they are kept.
 */

/** 03:00 in Pakistan: the quietest hour, and well after the day before yesterday ended. */
export const ROLLUP_MERGE_HOUR = 3;
export const ROLLUP_MERGE_JOB = jobKind('analytics.merge_rollup_shards', NO_PAYLOAD);

/** The first ROLLUP_MERGE_HOUR:00 Pakistan time after an instant. */
export function nextRollupMergeAt(after: Date): Date {
  const today = new Date(startOfPakistanDay(after).getTime() + ROLLUP_MERGE_HOUR * 3_600_000);
  return today.getTime() > after.getTime() ? today : addPakistanDays(today, 1);
}

export const rollupMergeJob: RecurringJob = { name: ROLLUP_MERGE_JOB.name, next: nextRollupMergeAt };

/** The 25 hour slots of the merged shard rows, summed slot by slot. */
const MOVED_HOUR_SUMS = sql.raw(
  `array[${Array.from({ length: 25 }, (_, index) => `sum(hour_stamps[${index + 1}])::int`).join(', ')}]`,
);

/** The shard rows of one day of stamp_days folded into shard 0; the number of shard rows moved. */
async function mergeStampDay(db: Executor, day: string): Promise<number> {
  const [row] = await rows<{ moved: number }>(
    db,
    sql`with moved as (
          delete from ${stampDays} where day = ${day}::date and shard <> 0
          returning vendor_id, card_id, stamps, hour_stamps
        ), merged as (
          select vendor_id, card_id, sum(stamps)::int as stamps, ${MOVED_HOUR_SUMS} as hour_stamps
          from moved group by vendor_id, card_id
        ), added as (
          insert into ${stampDays} as d (vendor_id, card_id, day, shard, stamps, hour_stamps)
          select vendor_id, card_id, ${day}::date, 0, stamps, hour_stamps from merged
          where stamps <> 0 or hour_stamps <> array_fill(0, array[25])
          on conflict (vendor_id, day, card_id, shard) do update
            set stamps = d.stamps + excluded.stamps,
                hour_stamps = array(
                  select kept + added from unnest(d.hour_stamps, excluded.hour_stamps) with ordinality as h(kept, added, slot)
                  order by slot)
          returning 1
        )
        select (select count(*)::int from moved) as moved`,
  );
  return row?.moved ?? 0;
}

/** Every shard of signup_days before `beforeDay` folded into shard 0 (a few rows a day, one statement). */
async function mergeSignupDays(db: Executor, beforeDay: string): Promise<number> {
  const [row] = await rows<{ moved: number }>(
    db,
    sql`with moved as (
          delete from ${signupDays} where day < ${beforeDay}::date and shard <> 0 returning day, signups
        ), added as (
          insert into ${signupDays} as d (day, shard, signups)
          select day, 0, sum(signups)::int from moved group by day having sum(signups) <> 0
          on conflict (day, shard) do update set signups = d.signups + excluded.signups
          returning 1
        )
        select (select count(*)::int from moved) as moved`,
  );
  return row?.moved ?? 0;
}

/**
 * Folds the shards of every day before yesterday (Pakistan, at `now`) into shard 0: stamp_days one
 * day per statement (short statements, few locks at once), then signup_days. Running it again
 * finds nothing to move.
 */
export async function mergeRollupShards(db: Executor, now: Date): Promise<{ stampDays: number; signupDays: number }> {
  const beforeDay = pakistanDateKey(addPakistanDays(startOfPakistanDay(now), -1));
  // The partial index on the shard rows holds only the last days' shards, and late deletions.
  const days = await rows<{ day: string }>(
    db,
    sql`select distinct to_char(day, 'YYYY-MM-DD') as day from ${stampDays} where shard <> 0 and day < ${beforeDay}::date order by 1`,
  );
  let movedStampRows = 0;
  for (const { day } of days) movedStampRows += await mergeStampDay(db, day);
  return { stampDays: movedStampRows, signupDays: await mergeSignupDays(db, beforeDay) };
}
