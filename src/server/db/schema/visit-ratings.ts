import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cascadingCardId } from './loyalty-cards';
import { stamps } from './stamps';
import { cascadingUserId } from './users';
import { cascadingVendorId } from './vendors';

/** A customer's rating of one visit (one stamp), once: the stamp is the key. */
export const visitRatings = pgTable(
  'visit_ratings',
  {
    stampId: uuid('stamp_id')
      .primaryKey()
      .references(() => stamps.id, { onDelete: 'cascade' }),
    /** The vendor that gave the stamp, whose dashboard shows the rating. */
    vendorId: cascadingVendorId(),
    cardId: cascadingCardId(),
    userId: cascadingUserId(),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('visit_ratings_rating_check', sql`${table.rating} between 1 and 5`),
    index('visit_ratings_vendor_idx').on(table.vendorId, table.createdAt),
    // Deleting the row a foreign key points at finds its referencing rows by these (foreign-key-indexes.test.ts).
    index('visit_ratings_card_id_idx').on(table.cardId),
    index('visit_ratings_user_id_idx').on(table.userId),
  ],
);
