import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { STAMP_KINDS } from '@shared/stamps/referrals';
import { oneOf } from '@server/db/one-of';
import { cascadingCardId } from './loyalty-cards';
import { userCards } from './user-cards';
import { users, cascadingUserId } from './users';
import { cascadingVendorId } from './vendors';
import { branches } from './branches';

export const stamps = pgTable(
  'stamps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userCardId: uuid('user_card_id')
      .notNull()
      .references(() => userCards.id, { onDelete: 'cascade' }),
    vendorId: cascadingVendorId(),
    /** Denormalised so analytics never join through user_cards at scale. */
    cardId: cascadingCardId(),
    userId: cascadingUserId(),
    qrCode: text('qr_code').notNull(),
    /** A visit at the counter, or a bonus the product gave (a referral): bonuses are not visits. */
    kind: text('kind', { enum: STAMP_KINDS }).notNull().default('visit'),
    /**
     * On a visit's row: how many stamps the visit gave, its own included (an order for several
     * writes the others as 'same_visit' rows). 1 on every other row.
     */
    visitStamps: smallint('visit_stamps').notNull().default(1),
    /** A points card's award (decision 085): the points it gave, and the bill in whole PKR. Null on stamps. */
    points: integer('points'),
    billPkr: integer('bill_pkr'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who issued it: the staff member, or the customer for a counter code. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Where it was given (decision 084): the counter code's branch, or the staff member's. Null for
     * stamps from before branches, bonuses, and ways of stamping that name no branch.
     */
    branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('stamps_kind_check', oneOf(table.kind, STAMP_KINDS)),
    check('stamps_visit_stamps_check', sql`${table.visitStamps} >= 1`),
    // Analytics and customer lists read a vendor's (or a card's) stamps by time and need only
    // the card and the customer: with them in the key, every such read is an index-only scan.
    index('stamps_vendor_issued_idx').on(table.vendorId, table.issuedAt, table.cardId, table.userId),
    index('stamps_user_card_idx').on(table.userCardId),
    index('stamps_card_issued_idx').on(table.cardId, table.issuedAt, table.userId),
    index('stamps_user_idx').on(table.userId, table.issuedAt),
    index('stamps_created_by_idx').on(table.createdBy),
    // A vendor's head-start stamps, left out of the plan's month (billing/plan-usage.ts countStampsSince).
    index('stamps_head_start_idx')
      .on(table.vendorId, table.issuedAt)
      .where(sql`${table.kind} = 'head_start'`),
    // A customer card's visits of the last 90 days, for its tier (decision 087): one range read.
    index('stamps_user_card_visits_idx')
      .on(table.userCardId, table.issuedAt)
      .where(sql`${table.kind} = 'visit'`),
    index('stamps_branch_issued_idx')
      .on(table.branchId, table.issuedAt)
      .where(sql`${table.branchId} is not null`),
  ],
);

/**
 * A signed code that was used. The key says how far a use reaches: a counter code's key is the
 * code itself, so its first scan uses it up for everyone; a customer code's key adds the card, so
 * staff can stamp each card once with it. Rows outlive their code by minutes (see housekeeping).
 */
export const consumedCodes = pgTable(
  'consumed_codes',
  {
    codeId: text('code_id').primaryKey(),
    /**
     * Who used it: a second scan by the same customer is told so, anyone else that it is used.
     * Null for a counter code held for a signed-out phone (its held code is used later).
     */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('consumed_codes_time_idx').on(table.consumedAt)],
);

/**
 * The short typed form of a signed code (counter, customer or reward), for devices without a
 * camera: the 8-character code maps to the full signed code, which is then verified as if scanned.
 * Rows outlive their code by a day so an old typed code is reported as expired, not unknown.
 */
export const typedCodes = pgTable(
  'typed_codes',
  {
    code: text('code').primaryKey(),
    kind: text('kind').notNull(),
    signedCode: text('signed_code').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('typed_codes_expires_idx').on(table.expiresAt)],
);
