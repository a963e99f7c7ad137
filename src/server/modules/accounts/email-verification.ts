import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { accountLinks, authUser, users } from '@server/db/schema';
import { badRequest } from '@server/errors';
import { serverText } from '@server/lib/texts';
import type { Auth } from './auth';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

/** Codes let the pages pick the right picture and next step for each case. */
const linkUsed = (message: string) => badRequest(message, 'link_used');
const linkExpired = (message: string) => badRequest(message, 'link_expired');
const linkInvalid = (message: string) => badRequest(message, 'link_invalid');

/** Only a hash is stored: a copy of the table does not hold working links. */
function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export async function createVerificationToken(db: Database, userId: string, now: Date): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.insert(accountLinks).values({
    tokenHash: hashOf(token),
    purpose: 'verify_email',
    userId,
    expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS),
    createdAt: now,
  });
  return token;
}

/** Single use, valid 24 hours; marks both the auth account and the SPEC `users` row verified. */
export async function verifyEmailToken(db: Database, token: string, now: Date): Promise<{ userId: string }> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(accountLinks)
      .where(and(eq(accountLinks.tokenHash, hashOf(token)), eq(accountLinks.purpose, 'verify_email')))
      .for('update');
    if (!link) throw linkInvalid(serverText('account:link.verifyInvalid'));
    if (link.usedAt) throw linkUsed(serverText('account:link.verifyUsed'));
    if (link.expiresAt <= now) throw linkExpired(serverText('account:link.verifyExpired'));
    await tx.update(accountLinks).set({ usedAt: now }).where(eq(accountLinks.tokenHash, link.tokenHash));
    await tx.update(authUser).set({ emailVerified: true, updatedAt: now }).where(eq(authUser.id, link.userId));
    await tx.update(users).set({ verified: true, updatedAt: now }).where(eq(users.id, link.userId));
    return { userId: link.userId };
  });
}

/**
 * Checks a reset link before the password form is used, to tell expired from used. Better Auth
 * issues and consumes reset tokens; the links already used are remembered here.
 */
export async function checkResetToken(
  auth: Auth,
  db: Database,
  token: string,
  now: Date,
): Promise<{ userId: string; expiresAt: Date }> {
  const [used] = await db
    .select({ tokenHash: accountLinks.tokenHash })
    .from(accountLinks)
    .where(and(eq(accountLinks.tokenHash, hashOf(token)), eq(accountLinks.purpose, 'password_reset')));
  if (used) throw linkUsed(serverText('account:link.resetUsed'));
  const context = await auth.$context;
  const found = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!found) throw linkInvalid(serverText('account:link.resetInvalid'));
  if (found.expiresAt <= now) throw linkExpired(serverText('account:link.resetExpired'));
  return { userId: found.value, expiresAt: found.expiresAt };
}

export async function rememberUsedResetToken(
  db: Database,
  token: string,
  link: { userId: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db
    .insert(accountLinks)
    .values({
      tokenHash: hashOf(token),
      purpose: 'password_reset',
      userId: link.userId,
      expiresAt: link.expiresAt,
      usedAt: now,
      createdAt: now,
    })
    .onConflictDoNothing();
}
