import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { cascadingCardId } from './loyalty-cards';
import { users } from './users';
import { cascadingVendorId } from './vendors';
import { indexWhereSet } from './index-where-set';

/**
 * Partner Cards (decision 023): the vendors a card's owner invited to honour it. A card with at
 * least one accepted partner is a partner card. One row per (card, vendor), owned by the card:
 * invited -> accepted | declined; accepted -> left (the partner) | removed (the owner); the owner
 * may invite again from declined, left or removed.
 */
export const cardPartners = pgTable(
  'card_partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: cascadingCardId(),
    vendorId: cascadingVendorId(),
    status: text('status').notNull().default('invited'),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (table) => [
    check('card_partners_status_check', sql`${table.status} in ('invited', 'accepted', 'declined', 'left', 'removed')`),
    unique('card_partners_card_vendor_unique').on(table.cardId, table.vendorId),
    // A vendor's invitations and the partner cards it honours.
    index('card_partners_vendor_status_idx').on(table.vendorId, table.status),
    // Deleting the row a foreign key points at finds its referencing rows by these (foreign-key-indexes.test.ts).
    indexWhereSet('card_partners_invited_by_idx', table.invitedBy),
  ],
);
