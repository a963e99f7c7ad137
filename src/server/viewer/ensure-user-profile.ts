import type { Language } from '@shared/i18n/languages';
import type { Executor } from '@server/db/client';
import { emailPreferences, users } from '@server/db/schema';

/**
 * SPEC.md: sign-up writes the `users` row {id, email, name, surname, verified=false} and the
 * default e-mail preferences. Idempotent, so a retry or a session without a profile heals itself.
 * A sign-up gives the language of the page it came from, so the account's first e-mails (welcome,
 * verification) are written in it; a healed profile has none until its reader chooses.
 */
export async function ensureUserProfile(
  db: Executor,
  user: { id: string; email: string; name: string; surname: string; verified?: boolean; language?: Language },
  now: Date,
): Promise<void> {
  await db
    .insert(users)
    .values({
      id: user.id,
      email: user.email.toLowerCase(),
      name: user.name,
      surname: user.surname,
      verified: user.verified ?? false,
      language: user.language ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  await db.insert(emailPreferences).values({ userId: user.id }).onConflictDoNothing();
}
