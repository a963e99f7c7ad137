import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { cascadingCardId } from './loyalty-cards';
import { cascadingUserId } from './users';
import { USER_CARD_STATUSES } from '@shared/cards/cards';
import { oneOf } from '@server/db/one-of';

export const userCards = pgTable(
  'user_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: cascadingUserId(),
    cardId: cascadingCardId(),
    stampsCollected: integer('stamps_collected').notNull().default(0),
    status: text('status', { enum: USER_CARD_STATUSES }).notNull().default('active'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The last visit stamp (bonus stamps leave it): the card's interval runs from it (next-stamp-time.ts). */
    lastStampAt: timestamp('last_stamp_at', { withTimezone: true }),
    /**
     * Stamps already given toward the next round: an order for several that completed the card
     * part-way. The card starts over with them when its reward is redeemed or expires.
     */
    carriedStamps: integer('carried_stamps').notNull().default(0),
    /**
     * The customer's level on a tiered card (decision 087; 0 below the first), the visits or points
     * of the last 90 days it was last worked out from, and when its fall was announced (null: none).
     */
    tierLevel: smallint('tier_level').notNull().default(0),
    tierCount: integer('tier_count').notNull().default(0),
    tierNoticeAt: timestamp('tier_notice_at', { withTimezone: true }),
    /** Added by demo mode for a new customer, so the dashboard can say it is sample data. */
    isSample: boolean('is_sample').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('user_cards_user_card_unique').on(table.userId, table.cardId),
    check('user_cards_status_check', oneOf(table.status, USER_CARD_STATUSES)),
    check('user_cards_stamps_check', sql`${table.stampsCollected} >= 0`),
    check('user_cards_carried_stamps_check', sql`${table.carriedStamps} >= 0`),
    check('user_cards_tier_level_check', sql`${table.tierLevel} between 0 and 3`),
    index('user_cards_user_idx').on(table.userId, table.createdAt),
    // Holders of a card and when they joined, without visiting the rows (the columns never change,
    // so stamping still updates the row in place).
    index('user_cards_card_idx').on(table.cardId, table.userId, table.createdAt),
  ],
);
