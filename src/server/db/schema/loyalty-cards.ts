import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cascadingVendorId } from './vendors';
import { CARD_STATUSES, CARD_TYPES } from '@shared/cards/cards';
import { EARN_KINDS, type Milestone, type TierRule } from '@shared/cards/earn-rules';
import { oneOf } from '@server/db/one-of';
import { DAILY_STAMP_CAP_DEFAULT, DAILY_STAMP_CAP_MAX } from '@shared/stamps/fraud-rules';

/** The card a row belongs to (`card_id`, required): deleting the card deletes the row. */
export function cascadingCardId() {
  return uuid('card_id')
    .notNull()
    .references(() => loyaltyCards.id, { onDelete: 'cascade' });
}

export const loyaltyCards = pgTable(
  'loyalty_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: cascadingVendorId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    cardType: text('card_type', { enum: CARD_TYPES }).notNull(),
    /** How the card earns (decision 085): a stamp a visit, a stamp an item, or points per rupee. */
    earnKind: text('earn_kind', { enum: EARN_KINDS }).notNull().default('visit'),
    /** The last reward: stamps (1 to 100), or for a points card its price in points. */
    stampsRequired: integer('stamps_required').notNull().default(10),
    /** Points cards: points for each full 100 PKR of the bill, and the smallest bill that earns any. */
    pointsPer100Pkr: integer('points_per_100_pkr'),
    minBillPkr: integer('min_bill_pkr').notNull().default(0),
    /** Per-item cards: the most items (stamps) one order may give. */
    maxItemsPerVisit: integer('max_items_per_visit'),
    /** Stamps (or points) a customer's card begins with, given by the shop at joining. */
    headStartStamps: integer('head_start_stamps').notNull().default(0),
    /** Rewards before the last one, on the same progress (shared/cards/earn-rules.ts). */
    milestones: jsonb('milestones').$type<Milestone[]>().notNull().default([]),
    /** Levels a customer reaches by visits or points in the last 90 days (decision 087); null: none. */
    tiers: jsonb('tiers').$type<TierRule>(),
    rewardTitle: text('reward_title').notNull(),
    rewardDescription: text('reward_description').notNull().default(''),
    /** Whole PKR. */
    rewardValue: integer('reward_value').notNull().default(0),
    status: text('status', { enum: CARD_STATUSES }).notNull().default('active'),
    minStampIntervalMinutes: integer('min_stamp_interval_minutes').notNull().default(60),
    /** Counter stamps one customer may collect on this card in a Pakistan day (decision 086). */
    dailyStampCap: smallint('daily_stamp_cap').notNull().default(DAILY_STAMP_CAP_DEFAULT),
    /** Rewards earned on this card expire this many days after (shared/rewards/reward-expiry.ts); null: never. */
    rewardExpiryDays: integer('reward_expiry_days'),
    /**
     * The owner's branches that honour the card (decision 089); null: every branch. A partner's
     * counters are the partnership's, not listed here.
     */
    branchIds: uuid('branch_ids').array(),
    /** Deal fields (Daily Chaska and exclusive cards), whole PKR. */
    dealPrice: integer('deal_price'),
    originalPrice: integer('original_price'),
    stockLeft: integer('stock_left'),
    dealEndsAt: timestamp('deal_ends_at', { withTimezone: true }),
    /** Hourly Chaska (decision 033): a Daily Chaska deal with a start, ending the same Pakistan day. */
    dealStartsAt: timestamp('deal_starts_at', { withTimezone: true }),
    /** When the hourly deal's start was announced to subscribers; set once, before the e-mails. */
    dealAnnouncedAt: timestamp('deal_announced_at', { withTimezone: true }),
    membershipFeeYearly: integer('membership_fee_yearly'),
    featuredOrder: integer('featured_order'),
    moderationReason: text('moderation_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('loyalty_cards_type_check', oneOf(table.cardType, CARD_TYPES)),
    check('loyalty_cards_status_check', oneOf(table.status, CARD_STATUSES)),
    check('loyalty_cards_branch_ids_check', sql`cardinality(${table.branchIds}) > 0`),
    check('loyalty_cards_stamps_required_check', sql`${table.stampsRequired} between 1 and 100000`),
    check('loyalty_cards_earn_kind_check', oneOf(table.earnKind, EARN_KINDS)),
    check(
      'loyalty_cards_points_check',
      sql`(${table.earnKind} = 'points') = (${table.pointsPer100Pkr} is not null) and (${table.pointsPer100Pkr} is null or ${table.pointsPer100Pkr} between 1 and 100)`,
    ),
    check('loyalty_cards_min_bill_check', sql`${table.minBillPkr} between 0 and 1000000`),
    check(
      'loyalty_cards_items_check',
      sql`(${table.earnKind} = 'item') = (${table.maxItemsPerVisit} is not null) and (${table.maxItemsPerVisit} is null or ${table.maxItemsPerVisit} between 1 and 10)`,
    ),
    check(
      'loyalty_cards_head_start_check',
      sql`${table.headStartStamps} >= 0 and ${table.headStartStamps} < ${table.stampsRequired}`,
    ),
    check('loyalty_cards_reward_value_check', sql`${table.rewardValue} >= 0`),
    check('loyalty_cards_interval_check', sql`${table.minStampIntervalMinutes} >= 0`),
    check(
      'loyalty_cards_daily_stamp_cap_check',
      sql`${table.dailyStampCap} between 1 and ${sql.raw(String(DAILY_STAMP_CAP_MAX))}`,
    ),
    check(
      'loyalty_cards_reward_expiry_check',
      sql`${table.rewardExpiryDays} is null or ${table.rewardExpiryDays} between 1 and 365`,
    ),
    check('loyalty_cards_stock_check', sql`${table.stockLeft} is null or ${table.stockLeft} >= 0`),
    check(
      'loyalty_cards_prices_check',
      sql`(${table.dealPrice} is null or ${table.dealPrice} >= 0) and (${table.originalPrice} is null or ${table.originalPrice} >= 0)`,
    ),
    index('loyalty_cards_active_type_vendor_idx')
      .on(table.cardType, table.vendorId, table.createdAt)
      .where(sql`${table.status} = 'active'`),
    index('loyalty_cards_active_created_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'active'`),
    // The marketplace pages of one card type, newest first, paged by (created_at, id).
    index('loyalty_cards_active_type_created_idx')
      .on(table.cardType, table.createdAt, table.id)
      .where(sql`${table.status} = 'active'`),
    check(
      'loyalty_cards_deal_window_check',
      sql`${table.dealStartsAt} is null or (${table.dealEndsAt} is not null and ${table.dealEndsAt} > ${table.dealStartsAt})`,
    ),
    // Hourly deals whose start has not been announced yet, for the announcer's pass.
    index('loyalty_cards_unannounced_hourly_idx')
      .on(table.dealStartsAt)
      .where(sql`${table.dealStartsAt} is not null and ${table.dealAnnouncedAt} is null`),
    // The admin's featured order, for the listings' second tier (decision 033).
    index('loyalty_cards_featured_idx')
      .on(table.featuredOrder, table.createdAt, table.id)
      .where(sql`${table.featuredOrder} is not null and ${table.status} = 'active'`),
    index('loyalty_cards_vendor_status_idx').on(table.vendorId, table.status),
    // Cards Management: every card, newest first.
    index('loyalty_cards_created_idx').on(table.createdAt, table.id),
  ],
);
