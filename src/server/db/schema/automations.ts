import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  AUTOMATION_BONUS_OUTCOMES,
  AUTOMATION_KINDS,
  AUTOMATION_MESSAGE_OUTCOMES,
} from '@shared/campaigns/automations';
import { oneOf } from '@server/db/one-of';
import { stamps } from './stamps';
import { cascadingUserId } from './users';
import { cascadingVendorId } from './vendors';
import { indexWhereSet } from './index-where-set';

/** A vendor's automation (decision 044): on or off, its text, its bonus stamp and win-back's days. No row: off. */
export const vendorAutomations = pgTable(
  'vendor_automations',
  {
    vendorId: cascadingVendorId(),
    kind: text('kind', { enum: AUTOMATION_KINDS }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    bonusStamp: boolean('bonus_stamp').notNull().default(false),
    winBackDays: integer('win_back_days').notNull().default(30),
    /** The share of its sends held back, receiving nothing (decision 083); 0: none. */
    holdOutPercent: integer('hold_out_percent').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.vendorId, table.kind] }),
    check('vendor_automations_kind_check', oneOf(table.kind, AUTOMATION_KINDS)),
    check('vendor_automations_hold_out_check', sql`${table.holdOutPercent} between 0 and 50`),
  ],
);

/**
 * Every automated send, one row each: its unique key (kind, vendor, customer and what makes it
 * once: the card joined, the stamp, the birthday's year, the lapse's last visit) makes a job run
 * twice send nothing twice. The vendor's activity reads it.
 */
export const automationSends = pgTable(
  'automation_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uniqueKey: text('unique_key').notNull().unique(),
    vendorId: cascadingVendorId(),
    userId: cascadingUserId(),
    kind: text('kind', { enum: AUTOMATION_KINDS }).notNull(),
    subject: text('subject').notNull(),
    messageOutcome: text('message_outcome', { enum: AUTOMATION_MESSAGE_OUTCOMES }).notNull(),
    bonusOutcome: text('bonus_outcome', { enum: AUTOMATION_BONUS_OUTCOMES }).notNull().default('none'),
    bonusStampId: uuid('bonus_stamp_id').references(() => stamps.id, { onDelete: 'set null' }),
    /** The automation's hold-out share when this send was decided (decision 083): sends with 0 have no group to compare with. */
    holdOutPercent: integer('hold_out_percent').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('automation_sends_kind_check', oneOf(table.kind, AUTOMATION_KINDS)),
    check('automation_sends_message_check', oneOf(table.messageOutcome, AUTOMATION_MESSAGE_OUTCOMES)),
    check('automation_sends_bonus_check', oneOf(table.bonusOutcome, AUTOMATION_BONUS_OUTCOMES)),
    index('automation_sends_vendor_idx').on(table.vendorId, table.sentAt),
    // The lift of each automation: its sends decided under a hold-out (decision 083).
    index('automation_sends_hold_out_idx')
      .on(table.vendorId, table.kind, table.sentAt)
      .where(sql`${table.holdOutPercent} > 0`),
    // Deleting the row a foreign key points at finds its referencing rows by these (foreign-key-indexes.test.ts).
    index('automation_sends_user_id_idx').on(table.userId),
    indexWhereSet('automation_sends_bonus_stamp_id_idx', table.bonusStampId),
  ],
);
