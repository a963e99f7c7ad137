import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { FRAUD_ALERT_KINDS, FRAUD_ALERT_STATUSES } from '@shared/stamps/fraud-rules';
import { oneOf } from '@server/db/one-of';
import { stamps } from './stamps';
import { userCards } from './user-cards';
import { users } from './users';
import { cascadingVendorId } from './vendors';
import { indexWhereSet } from './index-where-set';

/**
 * An alert on the vendor's dashboard (decision 086): a customer's stamps at the shop in a Pakistan
 * day, or a staff member's in an hour, above the rule. One row per vendor, kind, person and window;
 * its stamps are read from `stamps` by that window, so the alert names every stamp behind it.
 */
export const fraudAlerts = pgTable(
  'fraud_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: cascadingVendorId(),
    kind: text('kind', { enum: FRAUD_ALERT_KINDS }).notNull(),
    /** The customer (customer_day) or the staff member (staff_hour). */
    subjectUserId: text('subject_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    status: text('status', { enum: FRAUD_ALERT_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    /** What the reversal did (status reversed). */
    reversedStamps: integer('reversed_stamps'),
    rewardsWithdrawn: integer('rewards_withdrawn'),
    redeemedKept: integer('redeemed_kept'),
  },
  (table) => [
    check('fraud_alerts_kind_check', oneOf(table.kind, FRAUD_ALERT_KINDS)),
    check('fraud_alerts_status_check', oneOf(table.status, FRAUD_ALERT_STATUSES)),
    unique('fraud_alerts_window_key').on(table.vendorId, table.kind, table.subjectUserId, table.windowStart),
    index('fraud_alerts_vendor_created_idx').on(table.vendorId, table.createdAt),
    // Deleting the row a foreign key points at finds its referencing rows by these (foreign-key-indexes.test.ts).
    index('fraud_alerts_subject_idx').on(table.subjectUserId),
    indexWhereSet('fraud_alerts_resolved_by_idx', table.resolvedBy),
  ],
);

/**
 * A reversed stamp (decision 086): a new ledger row, never a deletion or a change of the stamp,
 * so every count kept of the stamps (decision 048) stays what it was; the stamp is its key, so a
 * stamp is reversed once.
 */
export const stampReversals = pgTable(
  'stamp_reversals',
  {
    stampId: uuid('stamp_id')
      .primaryKey()
      .references(() => stamps.id, { onDelete: 'cascade' }),
    vendorId: cascadingVendorId(),
    userCardId: uuid('user_card_id')
      .notNull()
      .references(() => userCards.id, { onDelete: 'cascade' }),
    alertId: uuid('alert_id').references(() => fraudAlerts.id, { onDelete: 'set null' }),
    reversedBy: text('reversed_by').references(() => users.id, { onDelete: 'set null' }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('stamp_reversals_user_card_idx').on(table.userCardId, table.reversedAt),
    index('stamp_reversals_vendor_idx').on(table.vendorId, table.reversedAt),
    indexWhereSet('stamp_reversals_alert_idx', table.alertId),
    indexWhereSet('stamp_reversals_reversed_by_idx', table.reversedBy),
  ],
);
