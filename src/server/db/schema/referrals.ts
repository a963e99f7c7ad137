import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { REFERRAL_STATUSES } from '@shared/stamps/referrals';
import { oneOf } from '@server/db/one-of';
import { cascadingCardId } from './loyalty-cards';
import { users, cascadingUserId } from './users';
import { cascadingVendorId } from './vendors';

/**
 * A customer's referral code for one card: random (128 bits), one per customer and card, so the
 * link they share stays the same and a code names nobody else.
 */
export const referralCodes = pgTable(
  'referral_codes',
  {
    code: text('code').primaryKey(),
    userId: cascadingUserId(),
    cardId: cascadingCardId(),
    vendorId: cascadingVendorId(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('referral_codes_user_card_unique').on(table.userId, table.cardId),
    // Deleting the row a foreign key points at finds its referencing rows by these (foreign-key-indexes.test.ts).
    index('referral_codes_card_id_idx').on(table.cardId),
    index('referral_codes_vendor_id_idx').on(table.vendorId),
  ],
);

/**
 * A friend who claimed a code, at most one per friend and vendor (one referral bonus per new
 * customer per vendor). Pending until the friend's first stamp at the vendor; then rewarded, or
 * refused with the reason (kept so the decision can be explained).
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: cascadingVendorId(),
    code: text('code')
      .notNull()
      .references(() => referralCodes.code, { onDelete: 'cascade' }),
    referrerUserId: text('referrer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendUserId: text('friend_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: REFERRAL_STATUSES }).notNull().default('pending'),
    /** Why a referral gave less than two bonus stamps (refused, or the referrer's side skipped). */
    outcomeNote: text('outcome_note'),
    friendBonusStampId: uuid('friend_bonus_stamp_id'),
    referrerBonusStampId: uuid('referrer_bonus_stamp_id'),
    /**
     * The referrer's card was complete (its reward not redeemed yet) when the friend came: their
     * bonus stamp waits for the card to start over, and is given in the redemption's transaction.
     */
    referrerBonusWaiting: boolean('referrer_bonus_waiting').notNull().default(false),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    unique('referrals_vendor_friend_unique').on(table.vendorId, table.friendUserId),
    check('referrals_status_check', oneOf(table.status, REFERRAL_STATUSES)),
    check('referrals_not_self_check', sql`${table.referrerUserId} <> ${table.friendUserId}`),
    index('referrals_referrer_idx').on(table.vendorId, table.referrerUserId, table.settledAt),
    // Deleting the row a foreign key points at finds its referencing rows by these (foreign-key-indexes.test.ts).
    index('referrals_code_idx').on(table.code),
    index('referrals_referrer_user_id_idx').on(table.referrerUserId),
    index('referrals_friend_user_id_idx').on(table.friendUserId),
    // A redemption finds the referrer's waiting bonuses on its card.
    index('referrals_referrer_waiting_idx')
      .on(table.referrerUserId)
      .where(sql`${table.referrerBonusWaiting}`),
  ],
);

/**
 * The browsers an account was seen on (a random device cookie, stored as its SHA-256): at
 * sharing, at claiming and at every stamp collected by scanning. Two accounts seen on one
 * browser are one person for referrals.
 */
export const userDevices = pgTable(
  'user_devices',
  {
    userId: cascadingUserId(),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.deviceHash] }),
    index('user_devices_device_idx').on(table.deviceHash),
  ],
);
