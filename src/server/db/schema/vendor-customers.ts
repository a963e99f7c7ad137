import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '@server/db/one-of';

/**
 * One row per vendor and customer (decision 051): what the customer list, its summary and the
 * analytics' distinct-customer figures would otherwise aggregate from user_cards, stamps and
 * rewards on every request. Triggers on those three tables keep it exact in the transaction of
 * every write, cascades included (migration 0035, `rebuild_vendor_customers()` for a bulk load).
 *
 * A row belongs to a vendor in two ways, as the reads always counted: the card columns cover the
 * user cards of the vendor's own cards (`loyalty_cards.vendor_id`), the stamp columns the stamps
 * the vendor issued (a partner's counter included, decision 023), the reward columns the rewards
 * of the vendor's cards. A partner that only stamped a customer has a row with `cards = 0`, which
 * the list and summary leave out. No foreign keys, as the rollups of decision 048: a cascade never
 * waits on its own trigger's upsert; a row whose counts all reach zero is deleted.
 */
export const vendorCustomers = pgTable(
  'vendor_customers',
  {
    vendorId: uuid('vendor_id').notNull(),
    userId: text('user_id').notNull(),
    /**
     * The customer's name and contacts, copied from users (a trigger follows their changes), so the
     * list sorts by name on an index and searches the vendor's own rows without reading every
     * customer's users row. Empty only in the moment an account's deletion cascades.
     */
    name: text('name'),
    surname: text('surname'),
    email: text('email'),
    phone: text('phone'),
    /**
     * What the list's search reads (decision 065): the full name, e-mail and phone in lower case,
     * on three lines, so one LIKE per row replaces three ILIKEs and a term never spans two fields.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(name, '') || ' ' || coalesce(surname, '')) || E'\n' || lower(coalesce(email, '')) || E'\n' || lower(coalesce(phone, ''))`,
    ),
    /** The customer's user cards of the vendor's cards, deleted (archived) cards included. */
    cards: integer('cards').notNull().default(0),
    /** The first of those cards' `created_at`: when the customer joined the vendor. */
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    /** The latest `last_stamp_at` or `created_at` of those cards (stamps by partners included). */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    /** Stamps the vendor issued to the customer, on any card. */
    stamps: integer('stamps').notNull().default(0),
    firstStampAt: timestamp('first_stamp_at', { withTimezone: true }),
    lastStampAt: timestamp('last_stamp_at', { withTimezone: true }),
    /** Rewards of the vendor's cards (`rewards.vendor_id`), earned or redeemed. */
    rewards: integer('rewards').notNull().default(0),
    lastRewardAt: timestamp('last_reward_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ name: 'vendor_customers_pk', columns: [table.vendorId, table.userId] }),
    // Refreshing a customer's rows when one of their cards disappears with its vendor's card.
    index('vendor_customers_user_idx').on(table.userId),
    // One per sort of the customer list, so a page is an index range scan.
    index('vendor_customers_recent_idx')
      .on(table.vendorId, table.lastActivityAt.desc(), table.userId)
      .where(sql`${table.cards} > 0`),
    index('vendor_customers_stamps_idx')
      .on(table.vendorId, table.stamps.desc(), table.lastActivityAt.desc(), table.userId)
      .where(sql`${table.cards} > 0`),
    index('vendor_customers_name_idx')
      .on(table.vendorId, sql`lower(${table.name})`, sql`lower(${table.surname})`, table.userId)
      .where(sql`${table.cards} > 0`),
    // The "completed" filter (customers with a reward), newest activity first as the list opens.
    index('vendor_customers_completed_idx')
      .on(table.vendorId, table.lastActivityAt.desc(), table.userId)
      .where(sql`${table.cards} > 0 and ${table.rewards} > 0`),
    index('vendor_customers_joined_idx')
      .on(table.vendorId, table.joinedAt.desc(), table.userId)
      .where(sql`${table.cards} > 0`),
    // With the stamps index above, every customer by stamps: those a partner's counter stamped on
    // a card of another vendor (no card of this one, so few rows), for Top Customers (customersAtTopSince).
    index('vendor_customers_partner_stamps_idx')
      .on(table.vendorId, table.stamps.desc())
      .where(sql`${table.cards} = 0`),
    // Active customers and completers of an analytics range.
    index('vendor_customers_last_stamp_idx').on(table.vendorId, table.lastStampAt),
    index('vendor_customers_last_reward_idx').on(table.vendorId, table.lastRewardAt),
    // New customers per bucket of an analytics range: those whose first stamp of the vendor is in it (decision 054).
    index('vendor_customers_first_stamp_idx').on(table.vendorId, table.firstStampAt),
  ],
);

/**
 * Stamps a vendor issued to a customer per Pakistan calendar month (decision 051): Top Customers
 * and the 1 year range's new and returning customers per month read a range's whole months here
 * and only its first, partial month from the stamps. Kept by the same trigger on stamps.
 */
export const vendorCustomerMonths = pgTable(
  'vendor_customer_months',
  {
    vendorId: uuid('vendor_id').notNull(),
    /** The first day of the Pakistan month. */
    month: date('month', { mode: 'string' }).notNull(),
    userId: text('user_id').notNull(),
    stamps: integer('stamps').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'vendor_customer_months_pk', columns: [table.vendorId, table.month, table.userId] })],
);

/** The buckets of `vendor_active_customers`, as the analytics' day, week and month buckets. */
export const ACTIVE_CUSTOMER_UNITS = ['day', 'week', 'month'] as const;

/**
 * Distinct customers the vendor stamped per Pakistan day, ISO week (from Monday) and month
 * (decision 054): the active customers of each bucket of the new and returning customer mix,
 * without reading every stamp of a range. A BEFORE trigger on stamps (migration 0036) counts a
 * customer in a bucket when their first stamp of the vendor in it arrives and takes them out when
 * their last one there goes, in the write's transaction; `rebuild_vendor_active_customers()` after
 * a bulk load. A bucket's count is split into 8 shards by a hash of the customer (`rollup_shard`),
 * so one vendor's many counters seldom queue on one row; a customer always counts in the same
 * shard, so no shard goes below zero. Reads sum the shards. No foreign keys, as decision 048's rollups.
 */
export const vendorActiveCustomers = pgTable(
  'vendor_active_customers',
  {
    vendorId: uuid('vendor_id').notNull(),
    unit: text('unit', { enum: ACTIVE_CUSTOMER_UNITS }).notNull(),
    /** The bucket's first Pakistan day (a Monday for weeks, the 1st for months). */
    bucket: date('bucket', { mode: 'string' }).notNull(),
    /** `hashtext(user_id) & 7`. */
    shard: smallint('shard').notNull(),
    customers: integer('customers').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'vendor_active_customers_pk',
      columns: [table.vendorId, table.unit, table.bucket, table.shard],
    }),
    check('vendor_active_customers_unit_check', oneOf(table.unit, ACTIVE_CUSTOMER_UNITS)),
  ],
);
