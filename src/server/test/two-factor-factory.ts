import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Executor } from '@server/db/client';
import { emailMessages } from '@server/db/schema';
import { grantAdmin, signUpUser, type SignedInUser } from './factories';
import { secretOf } from './totp';

export const TEST_PASSWORD = 'chai-and-paratha';

/** The cookies a browser holds after this response: new values replace old ones of that name. */
export function withCookies(cookie: string, response: LightMyRequestResponse): string {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  for (const set of response.cookies) {
    if (set.value === '' || set.maxAge === 0) jar.delete(set.name);
    else jar.set(set.name, set.value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** The token of the newest e-mail of that type to that address, read from the outbox. */
export async function tokenFromOutbox(db: Executor, to: string, type: string): Promise<string> {
  const rows = await db.select().from(emailMessages).where(eq(emailMessages.toEmail, to.toLowerCase()));
  const message = rows.filter((row) => row.emailType === type).at(-1);
  const token = /token=([A-Za-z0-9_-]+)/.exec(message?.text ?? '')?.[1];
  if (!token) throw new Error(`No ${type} link for ${to}`);
  return token;
}

/** Opens the verification link of the sign-up e-mail, as the person would. */
export async function verifyEmailOf(app: FastifyInstance, db: Executor, email: string): Promise<void> {
  const token = await tokenFromOutbox(db, email, 'verification');
  const response = await app.inject({ method: 'POST', url: '/api/accounts/verify-email', payload: { token } });
  if (response.statusCode !== 200) throw new Error(`verification failed: ${response.body}`);
}

/** A customer who signed up and opened their verification link (as a vendor applicant must have). */
export async function signUpVerifiedUser(
  app: FastifyInstance,
  db: Executor,
  overrides: Parameters<typeof signUpUser>[1] = {},
): Promise<SignedInUser> {
  const user = await signUpUser(app, overrides);
  await verifyEmailOf(app, db, user.email);
  return user;
}

/** The code the authenticator app shows now, computed by the same library that checks it. */
export async function appCodeFor(app: FastifyInstance, otpauthUri: string): Promise<string> {
  const { code } = await app.deps.auth.api.generateTOTP({ body: { secret: secretOf(otpauthUri).toString('utf8') } });
  return code;
}

export interface TwoFactorUser extends SignedInUser {
  otpauthUri: string;
  backupCodes: string[];
}

/** Enrols an authenticator app through the API; the session is renewed, so use the returned cookie. */
export async function enrolTwoFactor(
  app: FastifyInstance,
  user: SignedInUser,
  password = TEST_PASSWORD,
  /** Tests of the per-IP limits enrol from addresses of their own. */
  from: { remoteAddress?: string } = {},
): Promise<TwoFactorUser> {
  const enable = await app.inject({
    method: 'POST',
    url: '/api/accounts/two-factor/enable',
    headers: { cookie: user.cookie },
    payload: { password },
    ...from,
  });
  if (enable.statusCode !== 200) throw new Error(`enable failed: ${enable.statusCode} ${enable.body}`);
  const { otpauthUri, backupCodes } = enable.json() as { otpauthUri: string; backupCodes: string[] };
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/accounts/two-factor/confirm',
    headers: { cookie: user.cookie },
    payload: { code: await appCodeFor(app, otpauthUri) },
    ...from,
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.statusCode} ${confirm.body}`);
  return { ...user, cookie: withCookies(user.cookie, confirm), otpauthUri, backupCodes };
}

/**
 * A platform admin as production has one: signed up, address verified by its link, granted
 * through admin_users (as ADMIN_EMAILS does), two-factor enrolled.
 */
export async function signUpAdmin(
  app: FastifyInstance,
  db: Executor,
  overrides: Parameters<typeof signUpUser>[1] = {},
): Promise<TwoFactorUser> {
  const admin = await signUpUser(app, { name: 'Platform', surname: 'Admin', password: TEST_PASSWORD, ...overrides });
  await verifyEmailOf(app, db, admin.email);
  await grantAdmin(db, admin.email);
  return enrolTwoFactor(app, admin, overrides.password ?? TEST_PASSWORD);
}
