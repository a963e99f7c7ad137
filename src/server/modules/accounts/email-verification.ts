import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authUser, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Auth } from './auth';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a used link is remembered, so a second click says "already used" rather than "invalid". */
const USED_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

/** Codes let the pages pick the right picture and next step for each case. */
const linkUsed = (message: string) => new AppError(400, 'link_used', message);
const linkExpired = (message: string) => new AppError(400, 'link_expired', message);
const linkInvalid = (message: string) => new AppError(400, 'link_invalid', message);

export async function createVerificationToken(auth: Auth, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const context = await auth.$context;
  await context.internalAdapter.createVerificationValue({
    identifier: `verify-email:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
  });
  return token;
}

/** Single use, valid 24 hours; marks both the auth account and the SPEC `users` row verified. */
export async function verifyEmailToken(auth: Auth, db: Database, token: string): Promise<{ userId: string }> {
  const context = await auth.$context;
  const identifier = `verify-email:${token}`;
  const found = await context.internalAdapter.findVerificationValue(identifier);
  if (!found) {
    const used = await context.internalAdapter.findVerificationValue(`verify-email-used:${token}`);
    throw used
      ? linkUsed('This verification link has already been used. Your e-mail address is confirmed.')
      : linkInvalid('This verification link is not valid.');
  }
  if (found.expiresAt < new Date()) {
    throw linkExpired('This verification link has expired. Please ask for a new one.');
  }
  const consumed = await context.internalAdapter.consumeVerificationValue(identifier);
  if (!consumed) throw linkUsed('This verification link has already been used. Your e-mail address is confirmed.');
  const userId = found.value;
  await db.transaction(async (tx) => {
    await tx.update(authUser).set({ emailVerified: true, updatedAt: new Date() }).where(eq(authUser.id, userId));
    await tx.update(users).set({ verified: true, updatedAt: new Date() }).where(eq(users.id, userId));
  });
  await context.internalAdapter.createVerificationValue({
    identifier: `verify-email-used:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + USED_MEMORY_MS),
  });
  return { userId };
}

/** Checks a reset link before the password form is used, to tell expired from used. */
export async function checkResetToken(auth: Auth, token: string): Promise<void> {
  const context = await auth.$context;
  const found = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!found) {
    const used = await context.internalAdapter.findVerificationValue(`reset-password-used:${token}`);
    throw used
      ? linkUsed('This reset link has already been used. Please request a new one.')
      : linkInvalid('This reset link is not valid. Please request a new one.');
  }
  if (found.expiresAt < new Date()) throw linkExpired('This reset link has expired. Please request a new one.');
}

export async function rememberUsedResetToken(auth: Auth, token: string): Promise<void> {
  const context = await auth.$context;
  await context.internalAdapter.createVerificationValue({
    identifier: `reset-password-used:${token}`,
    value: 'used',
    expiresAt: new Date(Date.now() + USED_MEMORY_MS),
  });
}
