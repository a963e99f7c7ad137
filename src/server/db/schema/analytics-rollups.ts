import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Daily rollups of what analytics count, per Pakistan calendar day (decision 048). PostgreSQL
 * triggers on stamps, rewards and users keep them in step inside the transaction of every write
 * (insert, update, delete, cascades included), so they are exact, never "as of the last job".
 * No foreign keys: a vendor or card deleted with its rows leaves its rollup rows at zero, and a
 * trigger upsert never has to wait for, or fail on, a row a cascade is removing.
 *
 * Rows that every stamp (or sign-up) of a day would update are split into 8 shards by a hash of the
 * counted row's id, so concurrent transactions seldom queue on one row lock until they commit;
 * reads sum over the shards, and a deleted row takes its count back from its own shard. Only a
 * day's own writers need the shards: a daily job folds the shards of every day before yesterday
 * into shard 0 (platform/merge-rollup-shards.ts, decision 055), so a past day has one row per
 * vendor and card; a stamp deleted later takes its count back in a new row of its shard, which the
 * next merge folds in again.
 *
 * The triggers and the rebuild function are in migration 0033 (`rebuild_analytics_rollups()`),
 * replaced in 0037 (the rebuild writes shard 0 only).
 */

/** Stamps issued by `vendorId` (the counter that stamped) on `cardId`, per Pakistan day. */
export const stampDays = pgTable(
  'stamp_days',
  {
    vendorId: uuid('vendor_id').notNull(),
    cardId: uuid('card_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** `hashtext(stamps.id) & 7`: one card's stamps from many counters at once do not queue on one row. */
    shard: smallint('shard').notNull().default(0),
    stamps: integer('stamps').notNull().default(0),
    /**
     * Stamps per local hour, counted as the raw reads count them: hour `i` of the day is the local
     * hour the instant rounds to (`extract(epoch)::bigint`), so an instant in the last half second of
     * the day lands in slot 24, the next day's first hour.
     */
    hourStamps: integer('hour_stamps')
      .array()
      .notNull()
      .default(sql`array_fill(0, array[25])`),
  },
  (table) => [
    primaryKey({ name: 'stamp_days_pk', columns: [table.vendorId, table.day, table.cardId, table.shard] }),
    index('stamp_days_card_day_idx').on(table.cardId, table.day),
    index('stamp_days_day_idx').on(table.day),
    // The rows the daily merge folds into shard 0 (decision 055): only the last days' shards, so finding them is cheap.
    index('stamp_days_shards_day_idx')
      .on(table.day)
      .where(sql`${table.shard} <> 0`),
  ],
);

/**
 * Rewards per Pakistan day. `counterVendorId` is the vendor whose counter the figure belongs to:
 * for redemptions the vendor that confirmed it (`coalesce(redeemed_by_vendor_id, vendor_id)`,
 * decision 023); rewards are earned at the card's own count, under the card's vendor.
 */
export const rewardDays = pgTable(
  'reward_days',
  {
    vendorId: uuid('vendor_id').notNull(),
    cardId: uuid('card_id').notNull(),
    counterVendorId: uuid('counter_vendor_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    earned: integer('earned').notNull().default(0),
    redeemed: integer('redeemed').notNull().default(0),
    /** Of `redeemed`, those in the day's last half second, which the hourly reads round into the next day. */
    redeemedRoundedToNextDay: integer('redeemed_rounded_to_next_day').notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'reward_days_pk', columns: [table.vendorId, table.day, table.cardId, table.counterVendorId] }),
    index('reward_days_counter_day_idx').on(table.counterVendorId, table.day),
    index('reward_days_card_day_idx').on(table.cardId, table.day),
    index('reward_days_day_idx').on(table.day),
  ],
);

/** Sign-ups (rows of users) per Pakistan day, for the admin's platform analytics. */
export const signupDays = pgTable(
  'signup_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** `hashtext(users.id) & 7`: sign-ups at the same moment do not queue on the day's one row. */
    shard: smallint('shard').notNull().default(0),
    signups: integer('signups').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'signup_days_pk', columns: [table.day, table.shard] })],
);

/** `visit_days.branch_id` of a visit that names no branch (the key cannot hold a null). */
export const NO_BRANCH_KEY = '00000000-0000-0000-0000-000000000000';

/**
 * Programme health (decision 090): the visits (`kind = 'visit'` stamps, so no bonus, head-start or
 * extra stamps of one order) a vendor's counter gave a customer on a card, per branch and Pakistan
 * day, less the reversed ones (`stamp_reversals`), with the bills points cards and the POS API
 * recorded. One row per customer and day, so no shards: two counters seldom stamp one customer at
 * once. Kept by a BEFORE trigger on stamps and AFTER triggers on stamp_reversals (migration 0067,
 * `rebuild_programme_health()` after a bulk load). No foreign keys, as the rollups above.
 */
export const visitDays = pgTable(
  'visit_days',
  {
    vendorId: uuid('vendor_id').notNull(),
    cardId: uuid('card_id').notNull(),
    /** The stamp's branch, or NO_BRANCH_KEY. */
    branchId: uuid('branch_id').notNull(),
    userId: text('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull().default(0),
    /** Of `visits`, those that carried a bill, and the bills' rupees. */
    billedVisits: integer('billed_visits').notNull().default(0),
    billPkr: bigint('bill_pkr', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'visit_days_pk',
      columns: [table.vendorId, table.day, table.cardId, table.branchId, table.userId],
    }),
    // A customer's first visit of the vendor (new against returning, cohorts).
    index('visit_days_vendor_user_idx').on(table.vendorId, table.userId, table.day),
  ],
);

/**
 * Each customer's first two visits of a vendor, as Pakistan days (the same day twice for two
 * visits on one day), from visit_days: whether a newcomer came back, and when a customer first
 * came, are one row here instead of a probe of their visits per customer (a year's analytics of
 * the largest vendor probed 11,000 customers' stamps twice). A row while the customer has a visit
 * of the vendor; `visit_days_add` keeps it (migration 0071), so reversals and deletions count.
 */
export const vendorVisitors = pgTable(
  'vendor_visitors',
  {
    vendorId: uuid('vendor_id').notNull(),
    userId: text('user_id').notNull(),
    firstVisitDay: date('first_visit_day', { mode: 'string' }).notNull(),
    /** Null until the customer's second visit. */
    secondVisitDay: date('second_visit_day', { mode: 'string' }),
  },
  (table) => [primaryKey({ name: 'vendor_visitors_pk', columns: [table.vendorId, table.userId] })],
);

/**
 * Rewards of a vendor's cards for programme health (decision 090), per Pakistan day: `redeemed`
 * and `redeemedValue` (the rewards' `reward_value`) on the day of redemption, `open` on the day
 * earned and the day it expires ('infinity' for never) while the reward waits (status earned).
 * Kept by an AFTER trigger on rewards (migration 0067).
 */
export const rewardValueDays = pgTable(
  'reward_value_days',
  {
    vendorId: uuid('vendor_id').notNull(),
    cardId: uuid('card_id').notNull(),
    /** The redemption's branch, or NO_BRANCH_KEY; NO_BRANCH_KEY on open rewards. */
    branchId: uuid('branch_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    expiresDay: date('expires_day', { mode: 'string' }).notNull(),
    redeemed: integer('redeemed').notNull().default(0),
    redeemedValue: bigint('redeemed_value', { mode: 'number' }).notNull().default(0),
    open: integer('open').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'reward_value_days_pk',
      columns: [table.vendorId, table.day, table.cardId, table.branchId, table.expiresDay],
    }),
  ],
);

/**
 * Programme health of the days before today, kept per vendor, scope and range (decision 091): a
 * past day's visits change only by a reversal, a deletion or a stamp written on a later day than
 * it was issued, and each of those adds a row to visit_history_changes. A snapshot is good while
 * its key (the days it covers) is today's and the vendor's count of changes to those days is the
 * one it was computed with; the page adds today's visits to it, read live.
 */
export const healthSnapshots = pgTable(
  'health_snapshots',
  {
    vendorId: uuid('vendor_id').notNull(),
    /** '' for the whole vendor, else `card:<id>` or `branch:<id>`. */
    scope: text('scope').notNull(),
    range: text('range').notNull(),
    /** The days covered and the parts computed, as the reader spells them. */
    key: text('key').notNull(),
    /** visit_history_changes of the vendor before the snapshot's last day, when it was computed. */
    changes: integer('changes').notNull(),
    figures: jsonb('figures').notNull(),
  },
  (table) => [primaryKey({ name: 'health_snapshots_pk', columns: [table.vendorId, table.scope, table.range] })],
);

/**
 * A change to a vendor's visits of a past day (decision 091), written by the visit_days triggers
 * of migration 0075: append-only, so writers never wait on each other, and a snapshot read with
 * N of them before its last day is stale once there are more.
 */
export const visitHistoryChanges = pgTable(
  'visit_history_changes',
  {
    vendorId: uuid('vendor_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (table) => [index('visit_history_changes_vendor_day_idx').on(table.vendorId, table.day)],
);
