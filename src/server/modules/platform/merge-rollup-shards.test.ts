import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addPakistanDays, pakistanDateKey, startOfPakistanDay } from '@shared/pakistan-time';
import { recurringJobs, runDueJobs } from '@server/background-jobs';
import type { Executor } from '@server/db/client';
import { authUser, stamps, userCards, users } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser } from '@server/test/factories';
import { rows } from '@server/db/sql-rows';
import { mergeRollupShards, nextRollupMergeAt, ROLLUP_MERGE_JOB } from './merge-rollup-shards';

const HOUR = 3_600_000;

// Every sum the reads can ask for: per vendor, card, day and hour slot (slot 0: the day's stamps).
const STAMP_SUMS = sql`select vendor_id, card_id, to_char(day, 'YYYY-MM-DD') as day, h.slot::int as slot, sum(h.n)::int as count
  from stamp_days cross join lateral unnest(hour_stamps) with ordinality as h(n, slot) group by 1, 2, 3, 4 having sum(h.n) <> 0
  union all select vendor_id, card_id, to_char(day, 'YYYY-MM-DD'), 0, sum(stamps)::int from stamp_days group by 1, 2, 3 having sum(stamps) <> 0
  order by 1, 2, 3, 4`;
// The same from the stamps (as analytics-rollups.test.ts counts them).
const STAMP_ROWS = sql`with local as (
    select vendor_id, card_id, pakistan_day(issued_at) as day, (extract(epoch from issued_at)::bigint + 18000) / 3600 as local_hour from stamps)
  select vendor_id, card_id, to_char(day, 'YYYY-MM-DD') as day, (local_hour - (day - date '1970-01-01') * 24 + 1)::int as slot, count(*)::int as count
  from local group by 1, 2, 3, 4
  union all select vendor_id, card_id, to_char(day, 'YYYY-MM-DD'), 0, count(*)::int from local group by 1, 2, 3
  order by 1, 2, 3, 4`;
const SIGNUP_SUMS = sql`select to_char(day, 'YYYY-MM-DD') as day, sum(signups)::int as signups from signup_days group by 1 having sum(signups) <> 0 order by 1`;
const SIGNUP_ROWS = sql`select to_char(pakistan_day(created_at), 'YYYY-MM-DD') as day, count(*)::int as signups from users group by 1 order by 1`;

/** Rows per day and key: how many rows a past day keeps after the merge. */
const ROWS_PER_KEY = sql`select to_char(day, 'YYYY-MM-DD') as day, max(n)::int as most, min(shard_max)::int as shard from (
    select day, count(*) as n, max(shard) as shard_max from stamp_days group by vendor_id, card_id, day) as k group by day
  union all
  select to_char(day, 'YYYY-MM-DD'), count(*)::int, max(shard)::int from signup_days group by day order by 1`;

async function expectSumsMatchRows(db: Executor) {
  expect(await rows(db, STAMP_SUMS)).toEqual(await rows(db, STAMP_ROWS));
  expect(await rows(db, SIGNUP_SUMS)).toEqual(await rows(db, SIGNUP_ROWS));
}

describe('merging the rollup shards of past days', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  /**
   * A vendor whose two cards were stamped on five Pakistan days, about 20 stamps a card and day
   * (so most of the 8 shards are used), some in the last half second of a day; a partner stamps
   * one card too. Customers signed up on those days.
   */
  async function stampedHistory(now: Date) {
    const owner = await createVendor(db(), { plan: 'enterprise', businessName: 'Kolachi Karahi' });
    const partner = await createVendor(db(), { plan: 'premium', businessName: 'Chai Khana' });
    const cards = [
      await createCard(db(), owner.id, { name: 'Karahi Card' }),
      await createCard(db(), owner.id, { name: 'Chai Card' }),
    ];
    const customers = [];
    for (let index = 0; index < 3; index += 1)
      customers.push((await signUpUser(context.app, { name: `C${index}` })).id);
    const today = startOfPakistanDay(now);
    const daysAgo = [0, 1, 2, 3, 10];
    for (const [index, userId] of customers.entries()) {
      // Sign-ups moved to past days: the users trigger moves the count (and its shard row).
      await db()
        .update(users)
        .set({ createdAt: new Date(addPakistanDays(today, -daysAgo[index + 2]!).getTime() + index * HOUR) })
        .where(eq(users.id, userId));
    }
    const values = [];
    for (const [cardIndex, card] of cards.entries()) {
      const holders = [];
      for (const userId of customers) {
        const [held] = await db().insert(userCards).values({ userId, cardId: card.id }).returning({ id: userCards.id });
        holders.push({ userId, userCardId: held!.id });
      }
      for (const ago of daysAgo) {
        const dayStart = addPakistanDays(today, -ago).getTime();
        for (let index = 0; index < 20; index += 1) {
          const holder = holders[index % holders.length]!;
          const lastHalfSecond = index === 0;
          const issuedAt = new Date(
            lastHalfSecond ? dayStart + 24 * HOUR - 200 : dayStart + (index % 10) * HOUR + index,
          );
          if (issuedAt.getTime() > now.getTime()) continue;
          const issuedBy = cardIndex === 0 && index % 5 === 4 ? partner.id : owner.id;
          values.push({ ...holder, cardId: card.id, vendorId: issuedBy, qrCode: `${ago}-${index}`, issuedAt });
        }
      }
    }
    await db().insert(stamps).values(values);
    return { owner, cards, customers };
  }

  it('folds every day before yesterday into one row per vendor, card and day, keeping every sum', async () => {
    context.clock.set(new Date('2026-03-18T07:00:00.000Z')); // 12:00 in Pakistan
    const now = context.clock.now();
    const { customers } = await stampedHistory(now);
    await expectSumsMatchRows(db());
    const before = await rows<{ day: string; most: number; shard: number }>(db(), ROWS_PER_KEY);
    const yesterday = pakistanDateKey(addPakistanDays(startOfPakistanDay(now), -1));
    expect(before.some((row) => row.day < yesterday && row.most > 1)).toBe(true);

    const moved = await mergeRollupShards(db(), now);
    expect(moved.stampDays).toBeGreaterThan(0);
    await expectSumsMatchRows(db());
    const after = await rows<{ day: string; most: number; shard: number }>(db(), ROWS_PER_KEY);
    for (const row of after) {
      // Past days: one row, shard 0. Yesterday and today: the shards as the triggers left them.
      if (row.day < yesterday) expect(row).toMatchObject({ most: 1, shard: 0 });
      else expect(before).toContainEqual(row);
    }

    // Idempotent: nothing left to move, nothing changed.
    expect(await mergeRollupShards(db(), now)).toEqual({ stampDays: 0, signupDays: 0 });
    expect(await rows(db(), ROWS_PER_KEY)).toEqual(after);

    // A stamp of a merged day deleted, and an account signed up then: each takes its count back in
    // a row of its own shard, below zero; every sum stays right, and the next merge folds it in.
    const threeDaysAgo = addPakistanDays(startOfPakistanDay(now), -3);
    const [old] = await db()
      .select({ id: stamps.id })
      .from(stamps)
      .where(sql`${stamps.issuedAt} >= ${threeDaysAgo} and ${stamps.issuedAt} < ${addPakistanDays(threeDaysAgo, 1)}`)
      .limit(1);
    await db().delete(stamps).where(eq(stamps.id, old!.id));
    await db().delete(authUser).where(eq(authUser.id, customers[2]!));
    await expectSumsMatchRows(db());
    const [negative] = await rows<{ count: number }>(
      db(),
      sql`select (select count(*) from stamp_days where shard <> 0 and stamps < 0)
        + (select count(*) from signup_days where shard <> 0 and signups < 0) as count`,
    );
    expect(Number(negative!.count)).toBeGreaterThan(0);
    expect(await mergeRollupShards(db(), now)).not.toEqual({ stampDays: 0, signupDays: 0 });
    await expectSumsMatchRows(db());
    for (const row of await rows<{ day: string; most: number; shard: number }>(db(), ROWS_PER_KEY))
      if (row.day < yesterday) expect(row).toMatchObject({ most: 1, shard: 0 });
  });

  it('runs daily at 03:00 Pakistan time on the job runner, at the app clock', async () => {
    expect(recurringJobs(context.config).map((job) => job.name)).toContain(ROLLUP_MERGE_JOB.name);
    // 02:59 in Pakistan: today at 03:00; 03:00 itself: tomorrow.
    expect(nextRollupMergeAt(new Date('2026-03-17T21:59:00.000Z'))).toEqual(new Date('2026-03-17T22:00:00.000Z'));
    expect(nextRollupMergeAt(new Date('2026-03-17T22:00:00.000Z'))).toEqual(new Date('2026-03-18T22:00:00.000Z'));

    context.clock.set(new Date('2026-03-18T07:00:00.000Z'));
    await stampedHistory(context.clock.now());
    const shardRows = sql`select count(*)::int as count from stamp_days where shard <> 0 and day < pakistan_day(${context.clock.now()}) - 1`;
    const waiting = (await rows<{ count: number }>(db(), shardRows))[0]!.count;
    expect(waiting).toBeGreaterThan(0);
    // Scheduling the run does not run it; at 03:00 the next night it runs.
    await runDueJobs(context.app, { recurring: true });
    expect((await rows<{ count: number }>(db(), shardRows))[0]!.count).toBe(waiting);
    context.clock.set(new Date('2026-03-18T22:00:00.000Z'));
    await runDueJobs(context.app, { recurring: true });
    const stillThere = sql`select count(*)::int as count from stamp_days where shard <> 0 and day < pakistan_day(${context.clock.now()}) - 1`;
    expect((await rows<{ count: number }>(db(), stillThere))[0]!.count).toBe(0);
    await expectSumsMatchRows(db());
  });

  // Only a server runs two sessions at once; PGlite runs one statement at a time.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'loses no count written by a trigger at the same moment, whichever takes the row first',
    async () => {
      context.clock.set(new Date('2026-03-18T07:00:00.000Z'));
      const now = context.clock.now();
      const { owner, cards, customers } = await stampedHistory(now);
      const fourDaysAgo = new Date(addPakistanDays(startOfPakistanDay(now), -3).getTime() + 5 * HOUR);
      const [holder] = await db()
        .select({ id: userCards.id })
        .from(userCards)
        .where(eq(userCards.cardId, cards[1]!.id))
        .limit(1);
      const stampOn = (qrCode: string) => ({
        userCardId: holder!.id,
        userId: customers[0]!,
        cardId: cards[1]!.id,
        vendorId: owner.id,
        qrCode,
        issuedAt: fourDaysAgo,
      });
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

      // A trigger holds shard rows of the day first (a late stamp, uncommitted): the merge waits for it.
      let merged = false;
      let merge: Promise<unknown> = Promise.resolve();
      await db().transaction(async (tx) => {
        for (let index = 0; index < 8; index += 1) await tx.insert(stamps).values(stampOn(`late-${index}`));
        merge = mergeRollupShards(db(), now).then(() => (merged = true));
        await pause(200);
        expect(merged).toBe(false);
      });
      await merge;
      await expectSumsMatchRows(db());

      // The merge holds the rows first (in its own transaction): a stamp deleted meanwhile waits, then counts.
      await db()
        .insert(stamps)
        .values(Array.from({ length: 8 }, (_, index) => stampOn(`more-${index}`)));
      let deleted = false;
      let deletion: Promise<unknown> = Promise.resolve();
      await db().transaction(async (tx) => {
        await mergeRollupShards(tx, now);
        deletion = db()
          .delete(stamps)
          .where(sql`${stamps.qrCode} like 'more-%'`)
          .then(() => (deleted = true));
        await pause(200);
        expect(deleted).toBe(false);
      });
      await deletion;
      await expectSumsMatchRows(db());
      await mergeRollupShards(db(), now);
      await expectSumsMatchRows(db());
    },
  );
});
