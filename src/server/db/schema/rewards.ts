import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cascadingCardId } from './loyalty-cards';
import { userCards } from './user-cards';
import { users, cascadingUserId } from './users';
import { vendors, cascadingVendorId } from './vendors';
import { branches } from './branches';
import { REWARD_STATUSES } from '@shared/cards/cards';
import { oneOf } from '@server/db/one-of';
import { indexWhereSet } from './index-where-set';

export const rewards = pgTable(
  'rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: cascadingUserId(),
    vendorId: cascadingVendorId(),
    cardId: cascadingCardId(),
    userCardId: uuid('user_card_id').references(() => userCards.id, { onDelete: 'set null' }),
    rewardTitle: text('reward_title').notNull(),
    rewardDescription: text('reward_description').notNull().default(''),
    rewardValue: integer('reward_value').notNull().default(0),
    /**
     * An earlier milestone of a stamp card (decision 085): its stamps; redeeming it leaves the card
     * going. Null: the card's last reward, whose redemption starts the card over.
     */
    milestoneAt: integer('milestone_at'),
    /** A points card's reward the customer chose: its price, taken from the card when redeemed. */
    pointsPrice: integer('points_price'),
    status: text('status', { enum: REWARD_STATUSES }).notNull().default('earned'),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the card's rewards expire (rewardExpiresAt); an unredeemed reward past it is expired. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedBy: text('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The vendor whose counter honoured it: the card's owner or one of its partners (decision 023). */
    redeemedByVendorId: uuid('redeemed_by_vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    /** The branch whose counter confirmed it (decision 084); null before branches or where none was named. */
    redeemedBranchId: uuid('redeemed_branch_id').references(() => branches.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('rewards_status_check', oneOf(table.status, REWARD_STATUSES)),
    check('rewards_redeemed_check', sql`(${table.status} = 'redeemed') = (${table.redeemedAt} is not null)`),
    check('rewards_points_price_check', sql`${table.pointsPrice} is null or ${table.pointsPrice} > 0`),
    index('rewards_user_idx').on(table.userId, table.earnedAt),
    index('rewards_vendor_status_idx').on(table.vendorId, table.status, table.redeemedAt),
    // The vendor's latest rewards earned, for the dashboard's recent activity (decision 055).
    index('rewards_vendor_earned_idx').on(table.vendorId, table.earnedAt),
    // A vendor's expired rewards, for its analytics.
    index('rewards_vendor_expires_idx')
      .on(table.vendorId, table.expiresAt)
      .where(sql`${table.status} = 'earned' and ${table.expiresAt} is not null`),
    // The rewards a vendor confirmed at its counter (partner cards, decision 023), for its analytics.
    index('rewards_redeemed_by_vendor_idx').on(table.redeemedByVendorId, table.status, table.redeemedAt),
    // Deleting the row a foreign key points at finds its referencing rows by these (foreign-key-indexes.test.ts).
    index('rewards_card_user_idx').on(table.cardId, table.userId),
    indexWhereSet('rewards_user_card_id_idx', table.userCardId),
    indexWhereSet('rewards_redeemed_by_idx', table.redeemedBy),
    index('rewards_redeemed_branch_idx')
      .on(table.redeemedBranchId, table.redeemedAt)
      .where(sql`${table.redeemedBranchId} is not null`),
  ],
);
