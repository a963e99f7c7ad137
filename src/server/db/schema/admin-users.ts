import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The one admin check: an e-mail (stored lower-case) with role admin. */
export const adminUsers = pgTable(
  'admin_users',
  {
    email: text('email').primaryKey(),
    role: text('role').notNull().default('admin'),
    grantedBy: text('granted_by').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('admin_users_role_check', sql`${table.role} in ('admin')`),
    check('admin_users_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);
