import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUser, emailPreferences, users } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { cookieFrom, signUpUser, uniqueEmail } from '@server/test/factories';
import { enrolTwoFactor, TEST_PASSWORD } from '@server/test/two-factor-factory';
import { grantConfiguredAdmins } from './grant-configured-admins';
import { startMockOpenIdServer, type MockOpenIdServer } from '@server/test/mock-openid-server';

/** Cookies as a browser keeps them across the redirects of one sign-in. */
function mergeCookies(jar: Map<string, string>, response: LightMyRequestResponse): void {
  for (const cookie of response.cookies) {
    if (cookie.value === '' || cookie.maxAge === 0) jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

describe('Google sign-in against a real OpenID Connect server', () => {
  let provider: MockOpenIdServer;
  const settings: Record<string, string> = {
    GOOGLE_CLIENT_ID: 'chaska-test-client',
    GOOGLE_CLIENT_SECRET: 'chaska-test-secret',
  };
  // Registered before useTestApp's own beforeAll, so the app discovers the provider at start.
  beforeAll(async () => {
    provider = await startMockOpenIdServer();
    settings.GOOGLE_ISSUER = provider.issuer;
  });
  afterAll(async () => {
    await provider?.stop();
  });
  const context = useTestApp(settings);

  /** Walks the popup's redirects: our start route, the provider, our callback. */
  async function signInWithGoogle() {
    const jar = new Map<string, string>();
    const start = await context.app.inject({ method: 'GET', url: '/api/accounts/google/start' });
    expect(start.statusCode).toBe(302);
    expect(start.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    mergeCookies(jar, start);
    const authorizeUrl = new URL(String(start.headers.location));
    expect(authorizeUrl.origin).toBe(provider.issuer);
    expect(authorizeUrl.searchParams.get('code_challenge')).toBeTruthy();

    const authorized = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(authorized.status).toBe(302);
    const back = new URL(authorized.headers.get('location') ?? '');
    expect(back.pathname).toBe('/api/auth/callback/google');

    const callback = await context.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: cookieHeader(jar) },
    });
    mergeCookies(jar, callback);
    return { callback, cookie: cookieHeader(jar) };
  }

  it('creates the account with the users row, names from the ID token and default preferences', async () => {
    const email = uniqueEmail('google');
    provider.queueLogin({
      identity: { sub: 'google-sub-1', email, email_verified: true, given_name: 'Zainab', family_name: 'Siddiqui' },
    });
    const { callback, cookie } = await signInWithGoogle();
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/auth/callback');
    expect(callback.headers['cross-origin-opener-policy']).toBe('unsafe-none');

    const me = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({
      email,
      name: 'Zainab',
      surname: 'Siddiqui',
      verified: true,
      roles: ['customer'],
    });
    const [row] = await context.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ name: 'Zainab', surname: 'Siddiqui', verified: true });
    const preferences = await context.database.db
      .select()
      .from(emailPreferences)
      .where(eq(emailPreferences.userId, row!.id));
    expect(preferences).toHaveLength(1);
  });

  it('signs the same Google account into the same user the next time', async () => {
    const email = uniqueEmail('again');
    const identity = { sub: 'google-sub-2', email, email_verified: true, given_name: 'Omar', family_name: 'Farooq' };
    provider.queueLogin({ identity });
    const first = await signInWithGoogle();
    provider.queueLogin({ identity });
    const second = await signInWithGoogle();
    const firstMe = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: first.cookie } });
    const secondMe = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: second.cookie } });
    expect(secondMe.json().user.id).toBe(firstMe.json().user.id);
    expect(await context.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('links Google to an existing account whose e-mail is confirmed', async () => {
    const existing = await signUpUser(context.app, { name: 'Hira', surname: 'Qureshi' });
    await context.database.db.update(authUser).set({ emailVerified: true }).where(eq(authUser.id, existing.id));
    provider.queueLogin({
      identity: {
        sub: 'google-sub-3',
        email: existing.email,
        email_verified: true,
        given_name: 'Hira',
        family_name: 'Q',
      },
    });
    const { cookie } = await signInWithGoogle();
    const me = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ id: existing.id, surname: 'Qureshi' });
  });

  it('does not link an unconfirmed e-mail account (its password could belong to someone else)', async () => {
    const existing = await signUpUser(context.app);
    provider.queueLogin({
      identity: { sub: 'google-sub-4', email: existing.email, email_verified: true, given_name: 'X', family_name: 'Y' },
    });
    const { callback, cookie } = await signInWithGoogle();
    expect(callback.headers.location).toBe('/auth/callback?error=account_not_linked');
    const me = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user).toBeNull();
  });

  it('sends a provider error back to /auth/callback without a session', async () => {
    provider.queueLogin({ error: 'access_denied', errorDescription: 'The user said no' });
    const { callback, cookie } = await signInWithGoogle();
    expect(callback.statusCode).toBe(302);
    const location = new URL(String(callback.headers.location), 'http://localhost:3000');
    expect(location.pathname).toBe('/auth/callback');
    expect(location.searchParams.get('error')).toBe('access_denied');
    const me = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user).toBeNull();
  });

  it('sends a lost state to /auth/callback rather than a bare error page', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/auth/callback/google?code=abc&state=forged',
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location), 'http://localhost:3000');
    expect(location.pathname).toBe('/auth/callback');
    expect(location.searchParams.get('error')).toBeTruthy();
  });

  it('makes an ADMIN_EMAILS address admin at once: Google has verified it', async () => {
    const email = uniqueEmail('google-admin');
    await grantConfiguredAdmins(context.database.db, [email]);
    provider.queueLogin({
      identity: { sub: 'google-sub-7', email, email_verified: true, given_name: 'Admin', family_name: 'ByGoogle' },
    });
    const { cookie } = await signInWithGoogle();
    const me = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ email, verified: true, isAdmin: true });
  });

  it('refuses a disabled account: no session, the reason reported to /auth/callback', async () => {
    const email = uniqueEmail('disabled');
    const identity = { sub: 'google-sub-5', email, email_verified: true, given_name: 'Dua', family_name: 'Rana' };
    provider.queueLogin({ identity });
    await signInWithGoogle();
    await context.database.db.update(users).set({ disabledAt: context.clock.now() }).where(eq(users.email, email));
    provider.queueLogin({ identity });
    const { callback, cookie } = await signInWithGoogle();
    const location = new URL(String(callback.headers.location), 'http://localhost:3000');
    expect(location.pathname).toBe('/auth/callback');
    expect(location.searchParams.get('error')).toBe('account_disabled');
    expect(cookie).not.toContain('session_token');
  });

  it('does not let Google skip the code of an account with two-factor on', async () => {
    const user = await signUpUser(context.app, { password: TEST_PASSWORD });
    await context.database.db.update(authUser).set({ emailVerified: true }).where(eq(authUser.id, user.id));
    await enrolTwoFactor(context.app, user);
    provider.queueLogin({
      identity: {
        sub: 'google-sub-6',
        email: user.email,
        email_verified: true,
        given_name: 'Two',
        family_name: 'Factor',
      },
    });
    const { callback, cookie } = await signInWithGoogle();
    const location = new URL(String(callback.headers.location), 'http://localhost:3000');
    expect(location.searchParams.get('error')).toBe('two_factor_password_sign_in');
    expect(cookie).not.toContain('session_token');
  });

  it('exposes only the callback: every other Better Auth path answers 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/callback/github'],
      ['POST', '/api/auth/callback/google'],
      ['POST', '/api/auth/sign-in/social'],
      ['POST', '/api/auth/sign-in/oauth2'],
      ['GET', '/api/auth/oauth2/callback/google'],
      ['POST', '/api/auth/sign-in/email'],
      ['GET', '/api/auth/get-session'],
    ] as const) {
      const response = await context.app.inject({
        method,
        url,
        payload: method === 'POST' ? { provider: 'google' } : undefined,
      });
      expect(`${method} ${url} ${response.statusCode}`).toBe(`${method} ${url} 404`);
    }
  });

  it('reports Google as available in /api/me', async () => {
    const me = await context.app.inject({ method: 'GET', url: '/api/me' });
    expect(me.json().features.google).toBe(true);
    expect(me.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});

describe('Google sign-in without credentials', () => {
  const context = useTestApp();

  it('sends the popup to /auth/callback with google_not_configured', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/accounts/google/start' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth/callback?error=google_not_configured');
    const session = cookieFrom(response);
    expect(session).not.toContain('session_token');
  });
});
