import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { userCards } from './user-cards';
import { cascadingUserId } from './users';

/**
 * A held card as a Wallet pass (decision 041): made the first time the customer asks for it, one
 * per held card, for Apple Wallet and Google Wallet alike. Its id is the pass's serial number and
 * the Google object's suffix; its authentication token is derived from the id, never stored.
 * `updatedAt` moves with every change the pass shows (a stamp, a reward, a redemption): it is
 * the pass's Last-Modified and the tag of Apple's "serials updated since". `pushPending` marks a
 * change the wallet job has not told the phones and Google about yet.
 */
export const walletPasses = pgTable(
  'wallet_passes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: cascadingUserId(),
    userCardId: uuid('user_card_id')
      .notNull()
      .references(() => userCards.id, { onDelete: 'cascade' }),
    /** Set once a "Save to Google Wallet" link was made: only then can a Google object exist to update. */
    googleLinked: boolean('google_linked').notNull().default(false),
    pushPending: boolean('push_pending').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('wallet_passes_user_card_unique').on(table.userCardId),
    index('wallet_passes_user_idx').on(table.userId),
    // The wallet job's queue: only the passes with a change to tell.
    index('wallet_passes_push_pending_idx')
      .on(table.updatedAt)
      .where(sql`${table.pushPending}`),
  ],
);

/**
 * An Apple device that installed a pass and asked for its updates (PassKit web service): the
 * device's library id and the push token APNs wakes it with. Owned by the pass's customer and
 * deleted with the account (and with the pass).
 */
export const walletPassRegistrations = pgTable(
  'wallet_pass_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    passId: uuid('pass_id')
      .notNull()
      .references(() => walletPasses.id, { onDelete: 'cascade' }),
    userId: cascadingUserId(),
    deviceLibraryId: text('device_library_id').notNull(),
    pushToken: text('push_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('wallet_pass_registrations_device_pass_unique').on(table.deviceLibraryId, table.passId),
    index('wallet_pass_registrations_pass_idx').on(table.passId),
    index('wallet_pass_registrations_user_idx').on(table.userId),
  ],
);
