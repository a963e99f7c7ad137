import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { isPhoneAccountEmail } from '@shared/accounts/phone';
import type { Database, Executor } from '@server/db/client';
import { accountLinks, authUser, users } from '@server/db/schema';
import { badRequest, conflict, errorWithStatus, invalidFields, notFound } from '@server/errors';
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

/** A link confirming the account's address, or (`email`) the address a phone account adds. */
export async function createVerificationToken(
  db: Executor,
  userId: string,
  now: Date,
  email: string | null = null,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.insert(accountLinks).values({
    tokenHash: hashOf(token),
    purpose: 'verify_email',
    userId,
    email,
    expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS),
    createdAt: now,
  });
  return token;
}

/** Another account has the address (both Better Auth's account and the profile keep it). */
export async function emailTakenByOther(db: Executor, email: string, userId: string): Promise<boolean> {
  const [owner] = await db
    .select({ id: authUser.id })
    .from(authUser)
    .where(and(eq(authUser.email, email.toLowerCase()), ne(authUser.id, userId)))
    .limit(1);
  return Boolean(owner);
}

/** The address a phone account adds is refused when another account has it; the same words at both steps. */
export function emailTaken() {
  const message = serverText('account:email.taken');
  return errorWithStatus(409, 'email_taken', message, { email: message });
}

/**
 * A phone account adds an address (issue "Phone first"): a link to it, valid 24 hours, that puts
 * it in place of the placeholder once opened (verifyEmailToken). Until then the account stays a
 * phone account, so an address nobody proved never reaches the admin check or the sign-in. An
 * account that has an address, or an address another account has, is refused; a newer request
 * ends the earlier one's link.
 */
export async function startAddingEmail(
  db: Database,
  input: { userId: string; email: string; now: Date },
): Promise<{ token: string; email: string; name: string }> {
  const email = input.email.toLowerCase();
  if (isPhoneAccountEmail(email)) {
    const message = serverText('forms:email.invalid');
    throw invalidFields(message, { email: message }, 'email_invalid');
  }
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ email: authUser.email, name: authUser.name })
      .from(authUser)
      .where(eq(authUser.id, input.userId))
      .for('update');
    if (!account) throw notFound('Account not found.');
    if (!isPhoneAccountEmail(account.email)) throw conflict(serverText('account:email.alreadyHas'), 'email_present');
    if (await emailTakenByOther(tx, email, input.userId)) throw emailTaken();
    await tx
      .delete(accountLinks)
      .where(and(eq(accountLinks.userId, input.userId), isNotNull(accountLinks.email), isNull(accountLinks.usedAt)));
    const token = await createVerificationToken(tx, input.userId, input.now, email);
    return { token, email, name: account.name };
  });
}

/**
 * Single use, valid 24 hours; marks both the auth account and the SPEC `users` row verified. A
 * link carrying an address (a phone account adding one) also puts that address in place of the
 * placeholder, checked again here: another account may have taken it meanwhile.
 */
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
    const email = link.email ? await newAddressOf(tx, link.userId, link.email) : {};
    await tx.update(accountLinks).set({ usedAt: now }).where(eq(accountLinks.tokenHash, link.tokenHash));
    await tx
      .update(authUser)
      .set({ ...email, emailVerified: true, updatedAt: now })
      .where(eq(authUser.id, link.userId));
    await tx
      .update(users)
      .set({ ...email, verified: true, updatedAt: now })
      .where(eq(users.id, link.userId));
    return { userId: link.userId };
  });
}

/** The address a phone account's link adds, if the account still has its placeholder and nobody took it. */
async function newAddressOf(tx: Executor, userId: string, email: string): Promise<{ email?: string }> {
  // A row lock: two links of one account opened at once add one address.
  const [account] = await tx
    .select({ email: authUser.email })
    .from(authUser)
    .where(eq(authUser.id, userId))
    .for('update');
  if (!account || !isPhoneAccountEmail(account.email)) throw linkInvalid(serverText('account:link.verifyInvalid'));
  if (await emailTakenByOther(tx, email, userId)) throw emailTaken();
  return { email };
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
