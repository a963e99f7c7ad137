import { boolean, check, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { authUser } from './auth';
import { LANGUAGES } from '@shared/i18n/languages';
import { GENDERS } from '@shared/accounts/users';
import { oneOf } from '@server/db/one-of';

/** The customer or member a row belongs to (`user_id`, required): deleting the account deletes the row. */
export function cascadingUserId() {
  return text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}

/** SPEC.md `users`: the profile beside the auth account (id is the auth user's id). */
export const users = pgTable(
  'users',
  {
    id: text('id')
      .primaryKey()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    surname: text('surname').notNull().default(''),
    verified: boolean('verified').notNull().default(false),
    phone: text('phone'),
    city: text('city'),
    dateOfBirth: date('date_of_birth'),
    gender: text('gender', { enum: GENDERS }),
    /** The interface and e-mail language the person chose (null: never chose; e-mails go out in English). */
    language: text('language', { enum: LANGUAGES }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * The person closed the account, or an admin deleted it (accounts/close-account.ts): the row
     * stays, emptied of everything that names someone, so the vendors' stamps and rewards keep
     * their customer without a person behind it. A closed account is disabled too, for good.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('users_gender_check', oneOf(table.gender, GENDERS)),
    check('users_language_check', oneOf(table.language, LANGUAGES)),
    // Users Management lists the newest sign-ups first, a page at a time.
    index('users_created_idx').on(table.createdAt),
  ],
);
