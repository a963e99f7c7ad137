import { integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';

/**
 * All-time counts the vendor dashboard shows (decision 055), kept by PostgreSQL triggers in the
 * transaction of every write, as the daily rollups are (decision 048): exact, cascades included.
 * A key's row is split into 8 shards (`rollup_shard`) so concurrent writers seldom queue on one
 * row lock; reads sum at most 8 rows. No foreign keys: a deleted vendor or card leaves its rows
 * at zero. The triggers and `rebuild_dashboard_counts()` are in migration 0037; the completers
 * (vendor_totals.completers, card_holders.completers, card_completers) in 0042 (decision 067).
 */

/** Per vendor: stamps it issued, rewards of its cards redeemed, customers holding one of its cards. */
export const vendorTotals = pgTable(
  'vendor_totals',
  {
    vendorId: uuid('vendor_id').notNull(),
    shard: smallint('shard').notNull(),
    /** `stamps.vendor_id`: the counter that stamped (as stamp_days). */
    stamps: integer('stamps').notNull().default(0),
    /** Rewards with `rewards.vendor_id` (the card's vendor) redeemed, whoever confirmed them. */
    redeemed: integer('redeemed').notNull().default(0),
    /** Rows of vendor_customers with `cards > 0` (decision 051). */
    customers: integer('customers').notNull().default(0),
    /** Rows of vendor_customers with a reward (`last_reward_at` set): the customers list's "Completed". */
    completers: integer('completers').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'vendor_totals_pk', columns: [table.vendorId, table.shard] })],
);

/** Per card: its user cards (holders), archived cards included, and its completers (rows of card_completers). */
export const cardHolders = pgTable(
  'card_holders',
  {
    cardId: uuid('card_id').notNull(),
    shard: smallint('shard').notNull(),
    holders: integer('holders').notNull().default(0),
    completers: integer('completers').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'card_holders_pk', columns: [table.cardId, table.shard] })],
);

/**
 * Per card and customer who earned its reward at least once: how many of its rewards they have.
 * Kept in the statement that writes the rewards, so a delete of several rewards of one customer
 * (an account's, a card's) leaves the row once, and card_holders counts its rows at commit.
 */
export const cardCompleters = pgTable(
  'card_completers',
  {
    cardId: uuid('card_id').notNull(),
    userId: text('user_id').notNull(),
    rewards: integer('rewards').notNull(),
  },
  (table) => [primaryKey({ name: 'card_completers_pk', columns: [table.cardId, table.userId] })],
);
