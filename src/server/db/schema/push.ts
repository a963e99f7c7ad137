import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cascadingUserId } from './users';

/**
 * A browser or installed app that may receive Web Push messages (decision 042): the endpoint its
 * push service gave it and the keys the payload is encrypted with (RFC 8291). Owned by the user
 * and deleted with the account; deleted too when the push service says it is gone (404 or 410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: cascadingUserId(),
    /** The push service's address for this browser: unique, a browser re-subscribing replaces its row. */
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** Failed sends in a row; a subscription that keeps failing is dropped. */
    failures: integer('failures').notNull().default(0),
    lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId, table.createdAt)],
);
