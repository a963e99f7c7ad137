import { eq } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import type { Executor } from '@server/db/client';
import { authUser, users } from '@server/db/schema';

export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled. Please contact support.';
export const TWO_FACTOR_NEEDS_PASSWORD_MESSAGE =
  'Your account uses two-factor sign-in. Please sign in with your e-mail, password and authentication code.';

/** Better Auth's endpoints that start a session on a first factor only: Google's return, a phone code. */
const FIRST_FACTOR_ONLY_ENDPOINTS = ['/callback/:id', '/phone-number/verify'];

/**
 * Runs before Better Auth stores any new session, whichever door asked for it (password, Google,
 * the two-factor step, a session refresh): a disabled account gets none, and an account with
 * two-factor on cannot skip its code by coming through Google or a phone code. The error reaches the caller as
 * Better Auth's error (our routes map it; Google's callback sends it to /auth/callback).
 */
export async function assertMayStartSession(
  db: Executor,
  userId: string,
  endpointPath: string | undefined,
): Promise<void> {
  const [account] = await db
    .select({ disabledAt: users.disabledAt, twoFactorEnabled: authUser.twoFactorEnabled })
    .from(authUser)
    .leftJoin(users, eq(users.id, authUser.id))
    .where(eq(authUser.id, userId))
    .limit(1);
  if (account?.disabledAt) {
    throw new APIError('FORBIDDEN', { code: 'account_disabled', message: ACCOUNT_DISABLED_MESSAGE });
  }
  if (account?.twoFactorEnabled && endpointPath !== undefined && FIRST_FACTOR_ONLY_ENDPOINTS.includes(endpointPath)) {
    throw new APIError('FORBIDDEN', {
      code: 'two_factor_password_sign_in',
      message: TWO_FACTOR_NEEDS_PASSWORD_MESSAGE,
    });
  }
}
