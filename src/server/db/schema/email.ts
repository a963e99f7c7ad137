import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { EMAIL_FREQUENCIES, EMAIL_LOG_STATUSES } from '@shared/notifications/email';
import { MESSAGE_LANGUAGES } from '@shared/i18n/roman-urdu';
import { oneOf } from '@server/db/one-of';
import { indexWhereSet } from './index-where-set';

export const emailPreferences = pgTable(
  'email_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    welcomeEmails: boolean('welcome_emails').notNull().default(true),
    stampNotifications: boolean('stamp_notifications').notNull().default(true),
    rewardNotifications: boolean('reward_notifications').notNull().default(true),
    dailyChaska: boolean('daily_chaska').notNull().default(true),
    hourlyChaska: boolean('hourly_chaska').notNull().default(false),
    vendorUpdates: boolean('vendor_updates').notNull().default(true),
    marketingEmails: boolean('marketing_emails').notNull().default(false),
    securityAlerts: boolean('security_alerts').notNull().default(true),
    // The same categories by Web Push (decision 043): each its own toggle beside the e-mail one.
    // Security alerts have none: they are always on.
    pushWelcomeEmails: boolean('push_welcome_emails').notNull().default(true),
    pushStampNotifications: boolean('push_stamp_notifications').notNull().default(true),
    pushRewardNotifications: boolean('push_reward_notifications').notNull().default(true),
    pushDailyChaska: boolean('push_daily_chaska').notNull().default(true),
    pushHourlyChaska: boolean('push_hourly_chaska').notNull().default(false),
    pushVendorUpdates: boolean('push_vendor_updates').notNull().default(true),
    pushMarketingEmails: boolean('push_marketing_emails').notNull().default(false),
    // And by WhatsApp and by SMS to the verified number (decision 081): each costs the vendor and
    // WhatsApp's rules ask for the customer's own yes, so every one starts off.
    whatsappWelcomeEmails: boolean('whatsapp_welcome_emails').notNull().default(false),
    whatsappStampNotifications: boolean('whatsapp_stamp_notifications').notNull().default(false),
    whatsappRewardNotifications: boolean('whatsapp_reward_notifications').notNull().default(false),
    whatsappDailyChaska: boolean('whatsapp_daily_chaska').notNull().default(false),
    whatsappHourlyChaska: boolean('whatsapp_hourly_chaska').notNull().default(false),
    whatsappVendorUpdates: boolean('whatsapp_vendor_updates').notNull().default(false),
    whatsappMarketingEmails: boolean('whatsapp_marketing_emails').notNull().default(false),
    smsWelcomeEmails: boolean('sms_welcome_emails').notNull().default(false),
    smsStampNotifications: boolean('sms_stamp_notifications').notNull().default(false),
    smsRewardNotifications: boolean('sms_reward_notifications').notNull().default(false),
    smsDailyChaska: boolean('sms_daily_chaska').notNull().default(false),
    smsHourlyChaska: boolean('sms_hourly_chaska').notNull().default(false),
    smsVendorUpdates: boolean('sms_vendor_updates').notNull().default(false),
    smsMarketingEmails: boolean('sms_marketing_emails').notNull().default(false),
    /** The language of WhatsApp messages and SMS (decision 082); null: the interface language. */
    phoneLanguage: text('phone_language', { enum: MESSAGE_LANGUAGES }),
    frequency: text('frequency', { enum: EMAIL_FREQUENCIES }).notNull().default('immediate'),
    unsubscribed: boolean('unsubscribed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('email_preferences_frequency_check', oneOf(table.frequency, EMAIL_FREQUENCIES)),
    check('email_preferences_phone_language_check', oneOf(table.phoneLanguage, MESSAGE_LANGUAGES)),
  ],
);

export const emailLogs = pgTable(
  'email_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientEmail: text('recipient_email').notNull(),
    subject: text('subject').notNull(),
    emailType: text('email_type').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: EMAIL_LOG_STATUSES }).notNull(),
    error: text('error'),
    messageId: uuid('message_id'),
  },
  (table) => [
    check('email_logs_status_check', oneOf(table.status, EMAIL_LOG_STATUSES)),
    index('email_logs_sent_idx').on(table.sentAt),
    index('email_logs_recipient_idx').on(table.recipientEmail, table.sentAt),
  ],
);

/**
 * The durable e-mail queue, and the outbox an admin reads when no SMTP is set.
 * Rows are claimed with FOR UPDATE SKIP LOCKED so several servers send each once.
 */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    emailType: text('email_type').notNull(),
    /**
     * queued → sending → sent | failed. A digest member waits as queued (with `digest` set) until
     * the digest job folds it into one e-mail (digested) or drops it because the recipient's
     * preferences changed meanwhile (skipped).
     */
    status: text('status').notNull().default('queued'),
    /** Daily or weekly digest this message waits for, if any. */
    digest: text('digest'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    transport: text('transport'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'email_messages_status_check',
      sql`${table.status} in ('queued', 'sending', 'sent', 'failed', 'digested', 'skipped')`,
    ),
    check('email_messages_digest_check', sql`${table.digest} is null or ${table.digest} in ('daily', 'weekly')`),
    index('email_messages_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('queued', 'sending')`),
    index('email_messages_to_idx').on(table.toEmail, table.createdAt),
    index('email_messages_created_idx').on(table.createdAt),
    // Deleting the row a foreign key points at finds its referencing rows by these (foreign-key-indexes.test.ts).
    indexWhereSet('email_messages_user_id_idx', table.userId),
  ],
);
