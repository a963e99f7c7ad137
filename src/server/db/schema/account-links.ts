import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('account_links_purpose_check', sql`${table.purpose} in ('verify_email', 'password_reset')`),
    index('account_links_user_idx').on(table.userId),
  ],
);
