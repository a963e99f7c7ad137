import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ProfileInput, ProfileResponse } from '@shared/accounts/accounts';
import { contactStateOf } from '@shared/accounts/contacts';
import type { Language } from '@shared/i18n/languages';
import type { Gender } from '@shared/accounts/users';
import type { Database } from '@server/db/client';
import { accountLinks, authAccount, authUser, users } from '@server/db/schema';
import { notFound } from '@server/errors';

/** The address a phone account asked for, while its link is still good (add-email.ts). */
const pendingEmailOf = (userId: string, now: Date) =>
  sql<string | null>`(select ${accountLinks.email} from ${accountLinks} where ${and(
    eq(accountLinks.userId, userId),
    isNotNull(accountLinks.email),
    isNull(accountLinks.usedAt),
    gt(accountLinks.expiresAt, now),
  )} order by ${desc(accountLinks.createdAt)} limit 1)`;

export async function getProfile(db: Database, userId: string, now: Date): Promise<ProfileResponse> {
  const [row] = await db
    .select({
      user: users,
      emailConfirmed: authUser.emailVerified,
      phoneNumber: authUser.phoneNumber,
      pendingEmail: pendingEmailOf(userId, now),
      hasPassword: sql<boolean>`exists (select 1 from ${authAccount} where ${and(
        eq(authAccount.userId, userId),
        eq(authAccount.providerId, 'credential'),
        isNotNull(authAccount.password),
      )})`,
    })
    .from(users)
    .innerJoin(authUser, eq(authUser.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('Profile not found.');
  const contacts = contactStateOf({ email: row.user.email, verified: row.user.verified, phoneNumber: row.phoneNumber });
  return {
    email: row.user.email,
    emailConfirmed: row.emailConfirmed || row.user.verified,
    contacts: { ...contacts, pendingEmail: row.pendingEmail, hasPassword: row.hasPassword },
    name: row.user.name,
    surname: row.user.surname,
    phone: row.user.phone,
    city: row.user.city,
    dateOfBirth: row.user.dateOfBirth,
    gender: (row.user.gender as Gender | null) ?? null,
  };
}

/** Saves the profile for real (SPEC.md's "always reports success" was a workaround). */
export async function updateProfile(
  db: Database,
  userId: string,
  input: ProfileInput,
  now: Date,
): Promise<ProfileResponse> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...input, updatedAt: now })
      .where(eq(users.id, userId));
    await tx
      .update(authUser)
      .set({ name: input.name, surname: input.surname, updatedAt: now })
      .where(eq(authUser.id, userId));
  });
  return getProfile(db, userId, now);
}

/** The first name alone: what a phone sign-up at the counter is asked after its first stamp. */
export async function saveFirstName(db: Database, userId: string, name: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ name, updatedAt: now }).where(eq(users.id, userId));
    await tx.update(authUser).set({ name, updatedAt: now }).where(eq(authUser.id, userId));
  });
}

/** The header's language switch: the interface and e-mails of this person from now on. */
export async function saveLanguage(db: Database, userId: string, language: Language, now: Date): Promise<void> {
  await db.update(users).set({ language, updatedAt: now }).where(eq(users.id, userId));
}
