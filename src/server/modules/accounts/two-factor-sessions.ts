import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { authAccount, authSession } from '@server/db/schema';

/** Two-factor is turned on and off with the password; an account made through Google has none. */
export async function hasPassword(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: authAccount.id })
    .from(authAccount)
    .where(
      and(eq(authAccount.userId, userId), eq(authAccount.providerId, 'credential'), isNotNull(authAccount.password)),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Once two-factor is on, sessions opened with the password alone (another phone, a stolen
 * cookie) end; the one Better Auth just made for this browser, the newest, stays.
 */
export async function keepOnlyNewestSession(db: Executor, userId: string): Promise<void> {
  const [newest] = await db
    .select({ id: authSession.id })
    .from(authSession)
    .where(eq(authSession.userId, userId))
    .orderBy(desc(authSession.createdAt))
    .limit(1);
  if (!newest) return;
  await db.delete(authSession).where(and(eq(authSession.userId, userId), ne(authSession.id, newest.id)));
}
