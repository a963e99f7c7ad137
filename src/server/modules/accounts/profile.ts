import { eq } from 'drizzle-orm';
import type { ProfileInput, ProfileResponse } from '@shared/accounts/accounts';
import type { Language } from '@shared/i18n/languages';
import type { Gender } from '@shared/accounts/users';
import type { Database } from '@server/db/client';
import { authUser, users } from '@server/db/schema';
import { notFound } from '@server/errors';

export async function getProfile(db: Database, userId: string): Promise<ProfileResponse> {
  const [row] = await db
    .select({ user: users, emailConfirmed: authUser.emailVerified })
    .from(users)
    .innerJoin(authUser, eq(authUser.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('Profile not found.');
  return {
    email: row.user.email,
    emailConfirmed: row.emailConfirmed || row.user.verified,
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
  return getProfile(db, userId);
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
