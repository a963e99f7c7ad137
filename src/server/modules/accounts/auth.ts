import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { PASSWORD_MIN_LENGTH } from '../../../shared/users';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { authAccount, authSession, authUser, authVerification } from '../../db/schema';
import { ensureUserProfile } from './ensure-user-profile';

export const AUTH_BASE_PATH = '/api/auth';
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

export interface AuthHooks {
  onPasswordResetRequested(user: { id: string; email: string; name: string }, token: string): Promise<void>;
  onUserCreated(user: { id: string; email: string; name: string }): Promise<void>;
  /** The app clock: a profile's sign-up time is the app's "now", like every other record. */
  now(): Date;
}

/** Better Auth with e-mail and password, server sessions in cookies, and Google when configured. */
export function createAuth(config: Config, db: Database, hooks: AuthHooks) {
  const secure = config.publicUrl.startsWith('https://');
  return betterAuth({
    appName: 'Chaska',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.sessionSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUser,
        session: authSession,
        account: authAccount,
        verification: authVerification,
      },
    }),
    user: {
      additionalFields: {
        surname: { type: 'string', required: false, input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      // SPEC.md: the app can be used without verification.
      requireEmailVerification: false,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await hooks.onPasswordResetRequested(user, token);
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    account: { accountLinking: { enabled: true, trustedProviders: ['google'] } },
    // Limits are ours (per IP and per e-mail, shared by every server): see rate-limit-auth.ts.
    rateLimit: { enabled: false },
    // A failed Google sign-in (state lost, provider refused...) ends in the popup's own page,
    // which reports it to /auth, instead of Better Auth's bare error page.
    onAPIError: { errorURL: `${config.publicUrl}/auth/callback` },
    advanced: {
      cookiePrefix: 'chaska',
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            const surname = (user as { surname?: string | null }).surname ?? '';
            // E-mail sign-up starts unverified (SPEC.md); Google has already confirmed its address.
            await ensureUserProfile(db, { id: user.id, email: user.email, name: user.name, surname, verified: user.emailVerified }, hooks.now());
            await hooks.onUserCreated(user);
          },
        },
      },
    },
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                name: 'Google',
                discoveryUrl: `${config.google.issuer}/.well-known/openid-configuration`,
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                prompt: 'consent',
                accessType: 'offline',
                pkce: true,
                mapProfileToUser: (profile) => ({
                  name: String(profile.given_name ?? profile.name ?? ''),
                  surname: String(profile.family_name ?? ''),
                }),
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
