import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PHONE_CODE_PURPOSES } from '@shared/accounts/phone';
import { oneOf } from '@server/db/one-of';
import { authUser } from './auth';

/**
 * The single-use links of e-mails we send (verification), and the reset links already used. Only
 * a hash of each token is kept, and every expiry is decided by the app's clock.
 */
export const accountLinks = pgTable(
  'account_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    /**
     * A verify_email link of a phone account adding an address: the address, which replaces the
     * account's placeholder only once the link is opened (null: the account's own address).
     */
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('account_links_purpose_check', sql`${table.purpose} in ('verify_email', 'password_reset')`),
    index('account_links_user_idx').on(table.userId),
  ],
);

/**
 * The one-time codes sent to a phone by WhatsApp or SMS (sign in, add a number): a keyed hash
 * of each code, its tries and its end, all decided by the app's clock. A newer code for the
 * same number and purpose ends the older ones.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phoneNumber: text('phone_number').notNull(),
    purpose: text('purpose', { enum: PHONE_CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('phone_codes_purpose_check', oneOf(table.purpose, PHONE_CODE_PURPOSES)),
    index('phone_codes_number_idx').on(table.phoneNumber, table.purpose, table.createdAt),
  ],
);
