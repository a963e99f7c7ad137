import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TEXT_CHANNELS, TEXT_MESSAGE_KINDS, TEXT_MESSAGE_STATUSES } from '@shared/notifications/outbox';
import { oneOf } from '@server/db/one-of';
import { users } from './users';
import { vendors } from './vendors';
import { indexWhereSet } from './index-where-set';

/**
 * Every WhatsApp message and SMS Chaska sends (codes, receipts, notices), and where it got to: the
 * provider's id ties its delivery webhooks to the row, and the admin's outbox lists it beside
 * the e-mails. A code's digits are kept only where it went to the log (development, the demo).
 */
export const textMessages = pgTable(
  'text_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164. */
    toPhone: text('to_phone').notNull(),
    kind: text('kind', { enum: TEXT_MESSAGE_KINDS }).notNull(),
    channel: text('channel', { enum: TEXT_CHANNELS }).notNull(),
    language: text('language').notNull(),
    /**
     * The language the customer reads that WhatsApp had no approved template in: the message
     * went in English instead, and the admin's outbox says so (decision 082).
     */
    templateMissingIn: text('template_missing_in'),
    body: text('body').notNull(),
    /** The parts an SMS was billed as (smsParts); null for WhatsApp. */
    parts: integer('parts'),
    /** What the provider bills for it, in paisa (config's prices when it was sent); null when not sent. */
    costPaisa: integer('cost_paisa'),
    /** sending (the provider is asked) → sent (it took it) → delivered → read; failed at any point, by the provider or its webhook. */
    status: text('status', { enum: TEXT_MESSAGE_STATUSES }).notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    /** A notice's customer and the vendor it is about: the daily cap counts them (decision 081). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    /** A notice's event (`stamp:<id>`, `reward:<id>`): a job run twice finds it sent, or on its way, and sends nothing. */
    noticeKey: text('notice_key'),
    /** The SMS sent once in its place when WhatsApp could not deliver it. */
    replacedById: uuid('replaced_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('text_messages_kind_check', oneOf(table.kind, TEXT_MESSAGE_KINDS)),
    check('text_messages_channel_check', oneOf(table.channel, TEXT_CHANNELS)),
    check('text_messages_status_check', oneOf(table.status, TEXT_MESSAGE_STATUSES)),
    uniqueIndex('text_messages_provider_id_idx')
      .on(table.channel, table.providerMessageId)
      .where(sql`${table.providerMessageId} is not null`),
    index('text_messages_to_idx').on(table.toPhone, table.createdAt),
    index('text_messages_created_idx').on(table.createdAt),
    // A notice's event, by a campaign's results.
    indexWhereSet('text_messages_notice_key_idx', table.noticeKey),
    // One message of a notice on its way or sent at a time: its `sending` row is the claim a job run
    // again after a crash finds (text-outbox.ts). Another goes only after it failed.
    uniqueIndex('text_messages_notice_once_idx')
      .on(table.noticeKey)
      .where(sql`${table.noticeKey} is not null and ${table.status} <> 'failed'`),
    // A vendor's messages this month, against its plan (text-notice-job.ts).
    index('text_messages_vendor_idx')
      .on(table.vendorId, table.createdAt)
      .where(sql`${table.vendorId} is not null`),
    index('text_messages_notice_idx')
      .on(table.userId, table.vendorId, table.createdAt)
      .where(sql`${table.userId} is not null`),
  ],
);
