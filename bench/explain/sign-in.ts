import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { authTwoFactor, authUser } from '../../src/server/db/schema';
import { enrolTwoFactor } from '../../src/server/test/two-factor-factory';

/** Signs in through the real API, as the browser does, and returns the session cookie. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/accounts/sign-in', payload: { email, password } });
  if (response.statusCode !== 200) {
    throw new Error(
      `Sign-in as ${email} failed (${response.statusCode}): ${response.body}. Pass the seeded password with --password.`,
    );
  }
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/**
 * Admins need two-factor sign-in. The bench keeps no authenticator between runs, so the bench
 * admin's is cleared and enrolled afresh through the real API on each run.
 */
export async function signInAdmin(app: FastifyInstance, email: string, password: string): Promise<string> {
  const db = app.deps.database.db;
  const accounts = await db
    .update(authUser)
    .set({ twoFactorEnabled: false })
    .where(eq(authUser.email, email))
    .returning({ id: authUser.id });
  if (accounts.length > 0)
    await db.delete(authTwoFactor).where(
      inArray(
        authTwoFactor.userId,
        accounts.map((account) => account.id),
      ),
    );
  const cookie = await signIn(app, email, password);
  return (await enrolTwoFactor(app, { id: accounts[0]?.id ?? '', email, cookie }, password)).cookie;
}
