import { bigserial, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '@shared/i18n/languages';
import { SUPPORT_AUTHORS, SUPPORT_REQUESTER_ROLES, SUPPORT_STATUSES } from '@shared/platform/support';
import { oneOf } from '@server/db/one-of';
import { users } from './users';
import { indexWhereSet } from './index-where-set';

/**
 * A question a customer or vendor wrote from /support, and its thread. open (waiting for the
 * admin) → answered (the admin wrote last) → open again when the requester writes; closed by
 * either side, reopened by a new message.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requesterRole: text('requester_role', { enum: SUPPORT_REQUESTER_ROLES }).notNull(),
    /** The language the requester wrote in: the admin's saved reply is offered in it. */
    language: text('language', { enum: LANGUAGES }).notNull(),
    subject: text('subject').notNull(),
    status: text('status', { enum: SUPPORT_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('support_conversations_role_check', oneOf(table.requesterRole, SUPPORT_REQUESTER_ROLES)),
    check('support_conversations_language_check', oneOf(table.language, LANGUAGES)),
    check('support_conversations_status_check', oneOf(table.status, SUPPORT_STATUSES)),
    // The requester's own list, and the admin's inbox by status, newest first.
    index('support_conversations_requester_idx').on(table.requesterId, table.lastMessageAt),
    index('support_conversations_status_idx').on(table.status, table.lastMessageAt),
  ],
);

/** One message of a conversation, by its requester or by an admin. Never edited. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    author: text('author', { enum: SUPPORT_AUTHORS }).notNull(),
    /** The admin who answered; null for the requester's own messages, or once that admin is gone. */
    adminUserId: text('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('support_messages_author_check', oneOf(table.author, SUPPORT_AUTHORS)),
    index('support_messages_conversation_idx').on(table.conversationId, table.createdAt),
    indexWhereSet('support_messages_admin_idx', table.adminUserId),
  ],
);

/** The admin's saved replies, each in English and Urdu. */
export const supportReplyTemplates = pgTable('support_reply_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  bodyEn: text('body_en').notNull(),
  bodyUr: text('body_ur').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
