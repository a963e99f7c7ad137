import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadingUserId } from './users';

/**
 * A phone or browser a customer enrolled for offline codes (decision 040): it keeps `secret` and
 * shows time-based codes derived from it on My QR without the network. `handle` names the device
 * in the first half of the 8-character code; the second half is the time-based part. Deleting the
 * row (the customer removes the device, or the account goes) makes its codes stop working.
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: cascadingUserId(),
    name: text('name').notNull(),
    handle: text('handle').notNull(),
    /** The shared secret (RFC 4226: 160 bits), base32 as authenticator links carry it. */
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('devices_handle_idx').on(table.handle), index('devices_user_idx').on(table.userId)],
);
