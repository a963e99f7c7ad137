import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  AUTOMATION_BONUS_OUTCOMES,
  AUTOMATION_KINDS,
  AUTOMATION_MESSAGE_OUTCOMES,
} from '@shared/campaigns/automations';
import { oneOf } from '@server/db/one-of';
import { stamps } from './stamps';
import { users } from './users';
import { vendors } from './vendors';

/** A vendor's automation (decision 044): on or off, its text, its bonus stamp and win-back's days. No row: off. */
export const vendorAutomations = pgTable(
  'vendor_automations',
  {
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: AUTOMATION_KINDS }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    bonusStamp: boolean('bonus_stamp').notNull().default(false),
    winBackDays: integer('win_back_days').notNull().default(30),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.vendorId, table.kind] }),
    check('vendor_automations_kind_check', oneOf(table.kind, AUTOMATION_KINDS)),
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
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: AUTOMATION_KINDS }).notNull(),
    subject: text('subject').notNull(),
    messageOutcome: text('message_outcome', { enum: AUTOMATION_MESSAGE_OUTCOMES }).notNull(),
    bonusOutcome: text('bonus_outcome', { enum: AUTOMATION_BONUS_OUTCOMES }).notNull().default('none'),
    bonusStampId: uuid('bonus_stamp_id').references(() => stamps.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('automation_sends_kind_check', oneOf(table.kind, AUTOMATION_KINDS)),
    check('automation_sends_message_check', oneOf(table.messageOutcome, AUTOMATION_MESSAGE_OUTCOMES)),
    check('automation_sends_bonus_check', oneOf(table.bonusOutcome, AUTOMATION_BONUS_OUTCOMES)),
    index('automation_sends_vendor_idx').on(table.vendorId, table.sentAt),
    // Deleting the row a foreign key points at finds its referencing rows by these (foreign-key-indexes.test.ts).
    index('automation_sends_user_id_idx').on(table.userId),
    index('automation_sends_bonus_stamp_id_idx')
      .on(table.bonusStampId)
      .where(sql`${table.bonusStampId} is not null`),
  ],
);
