import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import {
  DEFAULT_DAILY_POST_TIME,
  SOCIAL_NETWORKS,
  SOCIAL_POST_KINDS,
  SOCIAL_POST_STATUSES,
} from '@shared/marketplace/social-posts';
import { oneOf } from '@server/db/one-of';
import { loyaltyCards } from './loyalty-cards';
import { indexWhereSet } from './index-where-set';

/** The admin's schedule for the Social Media Agent: one row (id 1), off until the admin turns it on. */
export const socialSchedule = pgTable(
  'social_schedule',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    facebook: boolean('facebook').notNull().default(true),
    instagram: boolean('instagram').notNull().default(true),
    /** Pakistan time, HH:MM: when the day's Daily Chaska is posted. */
    dailyPostTime: text('daily_post_time').notNull().default(DEFAULT_DAILY_POST_TIME),
    postHourlyDeals: boolean('post_hourly_deals').notNull().default(true),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (table) => [
    check('social_schedule_single_row', sql`${table.id} = 1`),
    check('social_schedule_time_check', sql`${table.dailyPostTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/**
 * One post of one deal to one network, and where it got to. The unique slot makes planning a
 * post idempotent: the same deal of the same day (or hour) is never posted twice to a network.
 */
export const socialPosts = pgTable(
  'social_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    network: text('network', { enum: SOCIAL_NETWORKS }).notNull(),
    kind: text('kind', { enum: SOCIAL_POST_KINDS }).notNull(),
    cardId: uuid('card_id').references(() => loyaltyCards.id, { onDelete: 'set null' }),
    /** 'YYYY-MM-DD' for a Daily Chaska, 'YYYY-MM-DDTHH' for an hourly deal (Pakistan time). */
    slot: text('slot').notNull(),
    caption: text('caption').notNull(),
    imageUrl: text('image_url').notNull(),
    link: text('link').notNull(),
    status: text('status', { enum: SOCIAL_POST_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The network's id of the published post. */
    externalId: text('external_id'),
    /** The published post's own address on the network, where the network gave one. */
    externalUrl: text('external_url'),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('social_posts_network_check', oneOf(table.network, SOCIAL_NETWORKS)),
    check('social_posts_kind_check', oneOf(table.kind, SOCIAL_POST_KINDS)),
    check('social_posts_status_check', oneOf(table.status, SOCIAL_POST_STATUSES)),
    unique('social_posts_slot_unique').on(table.network, table.kind, table.cardId, table.slot),
    // The history, newest first, and its status filter.
    index('social_posts_scheduled_idx').on(table.scheduledFor),
    index('social_posts_status_idx').on(table.status, table.scheduledFor),
    // Deleting a card finds its posts by this (foreign-key-indexes.test.ts).
    indexWhereSet('social_posts_card_idx', table.cardId),
  ],
);
