import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { phoneNumber } from 'better-auth/plugins/phone-number';
import { AsyncLocalStorage } from 'node:async_hooks';
import { phoneAccountEmail } from '@shared/accounts/phone';
import type { Language } from '@shared/i18n/languages';
import { NAME_MAX_LENGTH } from '@shared/accounts/accounts';
import { testPasswordHashing } from './test-password-hashing';
import { BRAND } from '@shared/brand';
import { PASSWORD_MIN_LENGTH } from '@shared/accounts/users';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import { authAccount, authSession, authTwoFactor, authUser, authVerification } from '@server/db/schema';
import { ensureUserProfile } from '@server/viewer/ensure-user-profile';
import { currentTextLanguage } from '@server/lib/texts';
import { assertMayStartSession } from './session-gate';

/** How long too many wrong two-factor codes in a row close an account's code step. */
export const TWO_FACTOR_LOCK_SECONDS = 15 * 60;

export const AUTH_BASE_PATH = '/api/auth';
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

/** The number our route has just proven with its code (phone-codes.ts), for Better Auth's check below. */
const provenPhoneNumber = new AsyncLocalStorage<string>();

/**
 * Runs `work` (a call of Better Auth's phone-number verify) with `phoneNumber` proven: our route
 * has spent its code already, by our rules (keyed hash, app clock, tries). Better Auth then only
 * finds, creates or updates the account and starts the session.
 */
export function withProvenPhoneNumber<T>(phoneNumber: string, work: () => Promise<T>): Promise<T> {
  return provenPhoneNumber.run(phoneNumber, work);
}

/**
 * The language an e-mail sign-up chose (the page's, or the language cookie's), or null when it
 * chose none (an API client): then the account keeps none, and the first browser it signs in
 * from gives it its own. Other sign-ups (Google, a phone code) speak the request's language.
 */
const signUpLanguage = new AsyncLocalStorage<{ chosen: Language | null }>();

/** What a new account's profile records as its language (see signUpLanguage). */
function languageOfSignUp(): Language | undefined {
  const signUp = signUpLanguage.getStore();
  return signUp ? (signUp.chosen ?? undefined) : currentTextLanguage();
}

export function withSignUpLanguage<T>(chosen: Language | null, work: () => Promise<T>): Promise<T> {
  return signUpLanguage.run({ chosen }, work);
}

export interface AuthHooks {
  onPasswordResetRequested(user: { id: string; email: string; name: string }, token: string): Promise<void>;
  onUserCreated(user: { id: string; email: string; name: string }): Promise<void>;
  /** The app clock: a profile's sign-up time is the app's "now", like every other record. */
  now(): Date;
}

/**
 * Better Auth with e-mail and password, authenticator-app two-factor, server sessions in cookies,
 * and Google when configured. Its HTTP handler is not exposed (only Google's callback is, see
 * auth-handler-routes.ts): our /api/accounts routes call it in-process with our rules and limits.
 */
export function createAuth(config: Config, db: Database, hooks: AuthHooks) {
  const secure = config.publicUrl.startsWith('https://');
  return betterAuth({
    appName: 'Chaska',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.sessionSecret,
    trustedOrigins: [config.publicUrl],
    // Its warnings ("Invalid password"...) are answers we already give; silent with LOG_LEVEL=silent.
    logger: { disabled: config.logLevel === 'silent' },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUser,
        session: authSession,
        account: authAccount,
        verification: authVerification,
        twoFactor: authTwoFactor,
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
      ...(config.env === 'test' ? { password: testPasswordHashing } : {}),
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    account: { accountLinking: { enabled: true, trustedProviders: ['google'] } },
    // Limits are ours (per IP and per e-mail, shared by every server): see rate-limit-auth.ts.
    // Better Auth's own would only see in-process calls, all from one address.
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
      session: {
        create: {
          before: async (session, context) => {
            await assertMayStartSession(db, session.userId, context?.path);
          },
        },
      },
      user: {
        create: {
          after: async (user) => {
            const { surname, phoneNumberVerified } = user as { surname?: string | null; phoneNumberVerified?: boolean };
            // E-mail sign-up starts unverified (SPEC.md); Google has already confirmed its address,
            // and a phone sign-up its number. The account speaks the sign-up's language (the
            // request's, or the page's when our route sends it: inTextLanguage around the call)
            // before the welcome below and the verification after it are written.
            await ensureUserProfile(
              db,
              {
                id: user.id,
                email: user.email,
                name: user.name,
                surname: surname ?? '',
                verified: user.emailVerified || phoneNumberVerified === true,
                language: languageOfSignUp(),
              },
              hooks.now(),
            );
            await hooks.onUserCreated(user);
          },
        },
      },
    },
    plugins: [
      twoFactor({
        issuer: BRAND.name,
        // The pending sign-in (password accepted, code not yet) lasts 10 minutes.
        twoFactorCookieMaxAge: 10 * 60,
        // After 10 wrong codes in a row, the account's code step is closed for a while.
        accountLockout: { maxFailedAttempts: 10, durationSeconds: TWO_FACTOR_LOCK_SECONDS },
      }),
      phoneNumber({
        // Codes are sent and checked by our routes (phone-routes.ts), never by Better Auth's.
        sendOTP: () => {
          throw new Error('Phone codes are sent by POST /api/accounts/phone/code');
        },
        verifyOTP: ({ phoneNumber: number }) => provenPhoneNumber.getStore() === number,
        // A new number is a new account, with a placeholder address that never receives mail.
        signUpOnVerification: { getTempEmail: phoneAccountEmail, getTempName: () => '' },
      }),
      ...googleSignIn(config),
    ],
  });
}

/** Google through OpenID Connect discovery, when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
function googleSignIn(config: Config) {
  if (!config.google) return [];
  return [
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
          // Within the lengths our own sign-up allows (src/shared/accounts.ts).
          mapProfileToUser: (profile) => ({
            name: String(profile.given_name ?? profile.name ?? '').slice(0, NAME_MAX_LENGTH),
            surname: String(profile.family_name ?? '').slice(0, NAME_MAX_LENGTH),
          }),
        },
      ],
    }),
  ];
}

export type Auth = ReturnType<typeof createAuth>;
