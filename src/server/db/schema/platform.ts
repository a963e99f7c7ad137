import { bigserial, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { MESSAGE_LANGUAGES } from '@shared/i18n/roman-urdu';
import { oneOf } from '@server/db/one-of';

/** Who did what, when, on what. Written by every admin and vendor action. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: text('actor_user_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    vendorId: text('vendor_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_vendor_idx').on(table.vendorId, table.createdAt),
  ],
);

/** Admin overrides of UI texts, one per text key and language (decision 047). */
export const textOverrides = pgTable(
  'text_overrides',
  {
    key: text('key').notNull(),
    language: text('language', { enum: MESSAGE_LANGUAGES }).notNull(),
    value: text('value').notNull(),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.language] }),
    check('text_overrides_language_check', oneOf(table.language, MESSAGE_LANGUAGES)),
  ],
);

/** Admin-set title and description per public path. */
export const seoPages = pgTable('seo_pages', {
  path: text('path').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters shared by every app server (sign-in, sign-up, reset, scans). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [index('rate_limits_window_idx').on(table.windowStart)],
);
