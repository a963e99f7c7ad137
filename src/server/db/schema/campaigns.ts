import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CAMPAIGN_SEGMENTS, CAMPAIGN_STATUSES } from '@shared/campaigns/campaigns';
import { oneOf } from '@server/db/one-of';
import { emailMessages } from './email';
import { users, cascadingUserId } from './users';
import { cascadingVendorId } from './vendors';
import { indexWhereSet } from './index-where-set';

/**
 * A vendor's message to a segment of its customers (decision 045), sent at `send_at` by the job
 * runner: scheduled → sending (recipients chosen, the first batch enqueued, each batch the next) → sent; or cancelled while
 * still scheduled.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: cascadingVendorId(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    segment: text('segment', { enum: CAMPAIGN_SEGMENTS }).notNull(),
    lapsedDays: integer('lapsed_days'),
    /** The share of the audience held back, receiving nothing (decision 083); 0: none. */
    holdOutPercent: integer('hold_out_percent').notNull().default(0),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('scheduled'),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('campaigns_status_check', oneOf(table.status, CAMPAIGN_STATUSES)),
    check('campaigns_segment_check', oneOf(table.segment, CAMPAIGN_SEGMENTS)),
    check('campaigns_hold_out_check', sql`${table.holdOutPercent} between 0 and 50`),
    // The vendor's list (newest first) and its campaigns of a month (the plan's limit).
    index('campaigns_vendor_send_idx').on(table.vendorId, table.sendAt),
    // Deleting the row a foreign key points at finds its referencing rows by these (foreign-key-indexes.test.ts).
    indexWhereSet('campaigns_created_by_idx', table.createdBy),
  ],
);

/**
 * One customer of a campaign, chosen when sending began, in a numbered batch. pending → sent (its
 * e-mail handed to the outbox) or skipped_preferences / skipped_daily; or held_out from the start,
 * the hold-out group that is sent nothing (decision 083). The partial unique index is
 * the rule "at most one campaign per vendor per customer per Pakistan day".
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    vendorId: cascadingVendorId(),
    userId: cascadingUserId(),
    batch: integer('batch').notNull(),
    status: text('status').notNull().default('pending'),
    /** The Pakistan day (YYYY-MM-DD) its e-mail went to the outbox. */
    dayKey: text('day_key'),
    emailMessageId: uuid('email_message_id').references(() => emailMessages.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'campaign_recipients_status_check',
      sql`${table.status} in ('pending', 'sent', 'skipped_preferences', 'skipped_daily', 'held_out')`,
    ),
    unique('campaign_recipients_campaign_user_unique').on(table.campaignId, table.userId),
    index('campaign_recipients_batch_idx').on(table.campaignId, table.batch, table.status),
    // The outbox's clean-up deletes old e-mails, and each delete sets this reference to null:
    // without an index every deleted e-mail would read all recipients of every campaign.
    indexWhereSet('campaign_recipients_email_message_idx', table.emailMessageId),
    uniqueIndex('campaign_recipients_one_a_day_idx')
      .on(table.vendorId, table.userId, table.dayKey)
      .where(sql`${table.status} = 'sent'`),
    // Deleting the row a foreign key points at finds its referencing rows by these (foreign-key-indexes.test.ts).
    index('campaign_recipients_user_id_idx').on(table.userId),
  ],
);
