import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createVendor, signUpUser, uniqueEmail, type SignedInUser } from '@server/test/factories';
import {
  appCodeFor,
  enrolTwoFactor,
  TEST_PASSWORD,
  tokenFromOutbox,
  withCookies,
  type TwoFactorUser,
} from '@server/test/two-factor-factory';
import { signInWithPassword } from './account-test-helpers';

const LIMIT = 3;

/** Every method and path Better Auth's router answers, as a visitor could call them under /api/auth. */
function betterAuthRoutes(api: object): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  for (const endpoint of Object.values(api) as Array<{ path?: unknown; options?: { method?: unknown } }>) {
    if (typeof endpoint?.path !== 'string') continue;
    const declared = endpoint.options?.method;
    const methods = (Array.isArray(declared) ? declared : [declared]).filter(
      (method): method is string => typeof method === 'string',
    );
    for (const method of methods.flatMap((method) => (method === '*' ? ['GET', 'POST'] : [method]))) {
      routes.push({ method, url: `/api/auth${endpoint.path.replace(/:[A-Za-z]+/g, 'google')}` });
    }
  }
  return routes;
}

describe('Better Auth is not reachable over HTTP', () => {
  const context = useTestApp();

  it('answers 404 on every Better Auth path (Google is off here, so its callback too)', async () => {
    const routes = betterAuthRoutes(context.app.deps.auth.api);
    expect(routes.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/api/auth/sign-in/email',
        '/api/auth/sign-up/email',
        '/api/auth/request-password-reset',
        '/api/auth/get-session',
      ]),
    );
    expect(routes.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/api/auth/two-factor/verify-totp', '/api/auth/two-factor/enable']),
    );
    const user = await signUpUser(context.app);
    const opened: string[] = [];
    for (const route of [
      ...routes,
      { method: 'GET', url: '/api/auth/ok' },
      { method: 'POST', url: '/api/auth/anything/else' },
    ]) {
      const response = await context.app.inject({
        method: route.method as InjectOptions['method'],
        url: route.url,
        headers: { cookie: user.cookie, origin: 'http://localhost:3000' },
        ...(route.method === 'GET'
          ? {}
          : { payload: { email: user.email, password: 'chai-and-paratha', name: 'X', token: 'x', code: '123456' } }),
      });
      if (response.statusCode !== 404) opened.push(`${route.method} ${route.url} -> ${response.statusCode}`);
    }
    expect(opened).toEqual([]);
  });

  it('never sends the session token in an answer body, and keeps auth answers out of caches', async () => {
    const email = uniqueEmail('token');
    const signUp = await context.app.inject({
      method: 'POST',
      url: '/api/accounts/sign-up',
      payload: { name: 'Token', surname: 'Check', email, password: TEST_PASSWORD },
    });
    const token = signUp.cookies.find((cookie) => cookie.name === 'chaska.session_token')!.value.split('.')[0]!;
    expect(token.length).toBeGreaterThan(10);
    const signIn = await signInWithPassword(context.app, email, TEST_PASSWORD);
    const cookie = withCookies('', signIn);
    const signInToken = signIn.cookies.find((c) => c.name === 'chaska.session_token')!.value.split('.')[0]!;
    const me = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    const profile = await context.app.inject({ method: 'GET', url: '/api/accounts/profile', headers: { cookie } });
    const getSession = await context.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(getSession.statusCode).toBe(404);
    for (const response of [signUp, signIn, me, profile, getSession]) {
      expect(response.body).not.toContain(token);
      expect(response.body).not.toContain(signInToken);
    }
    for (const response of [signUp, signIn, me, profile]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('every sign-in door is rate limited per IP and per e-mail', () => {
  const context = useTestApp({ RATE_LIMIT_MAX: String(LIMIT) });
  let ipCounter = 0;
  /** A fresh address for each attempt, so a limit per e-mail is not a limit per IP in disguise. */
  const freshIp = () => `198.51.100.${(ipCounter += 1)}`;

  async function attempts(count: number, request: (attempt: number) => InjectOptions): Promise<number[]> {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < count; attempt += 1)
      statuses.push((await context.app.inject(request(attempt))).statusCode);
    return statuses;
  }
  /** Sign-ups for the set-up, each from its own address so they do not use up a limit under test. */
  const newUser = () => signUpUser(context.app, { password: TEST_PASSWORD }, { remoteAddress: freshIp() });
  const refusedAfterLimit = (statuses: number[]) => {
    expect(statuses.slice(0, LIMIT)).not.toContain(429);
    expect(statuses.slice(LIMIT)).toEqual(statuses.slice(LIMIT).map(() => 429));
  };

  describe('sign-in', () => {
    it('stops a password guesser per e-mail, and the right password is refused while limited', async () => {
      const user = await newUser();
      const statuses = await attempts(LIMIT + 2, () => ({
        method: 'POST',
        url: '/api/accounts/sign-in',
        remoteAddress: freshIp(),
        payload: { email: user.email, password: 'not-the-password' },
      }));
      refusedAfterLimit(statuses);
      const right = await signInWithPassword(context.app, user.email, TEST_PASSWORD, { remoteAddress: freshIp() });
      expect(right.statusCode).toBe(429);
      // Says when to try again: the e-mail's window is 15 minutes.
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expect(right.cookies.find((cookie) => cookie.name === 'chaska.session_token')).toBeUndefined();
    });

    it('stops a password sprayer per IP; a made-up X-Forwarded-For changes nothing', async () => {
      const ip = freshIp();
      const statuses = await attempts(LIMIT + 2, (attempt) => ({
        method: 'POST',
        url: '/api/accounts/sign-in',
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` },
        payload: { email: uniqueEmail('spray'), password: 'password1' },
      }));
      refusedAfterLimit(statuses);
    });
  });

  describe('sign-up', () => {
    it('stops an account factory per IP, spoofed X-Forwarded-For or not', async () => {
      const ip = freshIp();
      const statuses = await attempts(LIMIT + 2, (attempt) => ({
        method: 'POST',
        url: '/api/accounts/sign-up',
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` },
        payload: { name: 'Bot', surname: 'Farm', email: uniqueEmail('farm'), password: TEST_PASSWORD },
      }));
      refusedAfterLimit(statuses);
    });

    it('limits per e-mail', async () => {
      const email = uniqueEmail('again');
      const statuses = await attempts(LIMIT + 1, () => ({
        method: 'POST',
        url: '/api/accounts/sign-up',
        remoteAddress: freshIp(),
        payload: { name: 'Same', surname: 'Person', email, password: TEST_PASSWORD },
      }));
      refusedAfterLimit(statuses);
    });

    it('refuses a name longer than the shared rule allows and a missing surname', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/sign-up',
        remoteAddress: freshIp(),
        payload: { name: 'x'.repeat(100_000), email: uniqueEmail('long'), password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toMatchObject({
        name: 'First name is too long.',
        surname: 'Last name is required.',
      });
    });
  });

  describe('password reset', () => {
    it('limits reset e-mails per address and per IP', async () => {
      const user = await newUser();
      refusedAfterLimit(
        await attempts(LIMIT + 2, () => ({
          method: 'POST',
          url: '/api/accounts/password-reset/request',
          remoteAddress: freshIp(),
          payload: { email: user.email },
        })),
      );
      await context.app.deps.accounts.idle();
      const ip = freshIp();
      refusedAfterLimit(
        await attempts(LIMIT + 1, (attempt) => ({
          method: 'POST',
          url: '/api/accounts/password-reset/request',
          remoteAddress: ip,
          headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` },
          payload: { email: uniqueEmail('reset') },
        })),
      );
    });

    it('limits completing a reset per IP, and a real link is refused while limited', async () => {
      const user = await newUser();
      await context.app.inject({
        method: 'POST',
        url: '/api/accounts/password-reset/request',
        remoteAddress: freshIp(),
        payload: { email: user.email },
      });
      await context.app.deps.accounts.idle();
      const token = await tokenFromOutbox(context.database.db, user.email, 'password_reset');
      const ip = freshIp();
      refusedAfterLimit(
        await attempts(LIMIT + 1, (attempt) => ({
          method: 'POST',
          url: '/api/accounts/password-reset/complete',
          remoteAddress: ip,
          headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` },
          payload: { token: `guessed-token-${attempt}`, password: 'new-password' },
        })),
      );
      const real = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/password-reset/complete',
        remoteAddress: ip,
        payload: { token, password: 'new-password' },
      });
      expect(real.statusCode).toBe(429);
    });
  });

  describe('verification e-mail resend', () => {
    it('limits per account and per IP', async () => {
      const user = await newUser();
      refusedAfterLimit(
        await attempts(LIMIT + 1, () => ({
          method: 'POST',
          url: '/api/accounts/verification/resend',
          remoteAddress: freshIp(),
          headers: { cookie: user.cookie },
        })),
      );
      const ip = freshIp();
      const others: SignedInUser[] = [];
      for (let index = 0; index <= LIMIT; index += 1) others.push(await newUser());
      refusedAfterLimit(
        await attempts(LIMIT + 1, (attempt) => ({
          method: 'POST',
          url: '/api/accounts/verification/resend',
          remoteAddress: ip,
          headers: { cookie: others[attempt]!.cookie },
        })),
      );
    });
  });

  describe('two-factor', () => {
    let enrolled: TwoFactorUser;
    beforeAll(async () => {
      enrolled = await enrolTwoFactor(context.app, await newUser(), TEST_PASSWORD, { remoteAddress: freshIp() });
    });

    async function passwordStep(ip: string): Promise<string> {
      const response = await signInWithPassword(context.app, enrolled.email, TEST_PASSWORD, { remoteAddress: ip });
      expect(response.json()).toMatchObject({ user: null, twoFactorRequired: true });
      return withCookies('', response);
    }

    it("counts the code step against the pending sign-in's account, whatever other cookies come with it", async () => {
      const victim = await enrolTwoFactor(context.app, await newUser(), TEST_PASSWORD, { remoteAddress: freshIp() });
      const pendingOf = (cookie: string) => cookie.split('; ').find((pair) => pair.startsWith('chaska.two_factor='))!;
      const victimPending = pendingOf(
        withCookies(
          '',
          await signInWithPassword(context.app, victim.email, TEST_PASSWORD, { remoteAddress: freshIp() }),
        ),
      );
      expect(victimPending).toBeDefined();
      // Each guess carries the cookies of another account's password step, with the victim's pending sign-in.
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= LIMIT; attempt += 1) {
        const own = await enrolTwoFactor(context.app, await newUser(), TEST_PASSWORD, { remoteAddress: freshIp() });
        const ownStep = withCookies(
          '',
          await signInWithPassword(context.app, own.email, TEST_PASSWORD, { remoteAddress: freshIp() }),
        );
        const response = await context.app.inject({
          method: 'POST',
          url: '/api/accounts/sign-in/two-factor',
          remoteAddress: freshIp(),
          headers: { cookie: ownStep.replace(pendingOf(ownStep), victimPending) },
          payload: { code: '000000' },
        });
        statuses.push(response.statusCode);
      }
      refusedAfterLimit(statuses);
    });

    it('limits the code step per account; the right code is refused while limited', async () => {
      const cookie = await passwordStep(freshIp());
      // Every guess from a new address: only the count per e-mail can stop this.
      const statuses = await attempts(LIMIT + 1, () => ({
        method: 'POST',
        url: '/api/accounts/sign-in/two-factor',
        remoteAddress: freshIp(),
        headers: { cookie },
        payload: { code: '000000' },
      }));
      refusedAfterLimit(statuses);
      const right = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/sign-in/two-factor',
        remoteAddress: freshIp(),
        headers: { cookie },
        payload: { code: await appCodeFor(context.app, enrolled.otpauthUri) },
      });
      expect(right.statusCode).toBe(429);
      expect(right.cookies.find((c) => c.name === 'chaska.session_token')).toBeUndefined();
    });

    it('limits the code step per IP across accounts, a made-up X-Forwarded-For or not', async () => {
      const ip = freshIp();
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= LIMIT; attempt += 1) {
        const someone = await enrolTwoFactor(context.app, await newUser(), TEST_PASSWORD, { remoteAddress: freshIp() });
        const passed = await signInWithPassword(context.app, someone.email, TEST_PASSWORD, {
          remoteAddress: freshIp(),
        });
        const response = await context.app.inject({
          method: 'POST',
          url: '/api/accounts/sign-in/two-factor',
          remoteAddress: ip,
          headers: { cookie: withCookies('', passed), 'x-forwarded-for': `203.0.113.${attempt + 1}` },
          payload: { code: '000000' },
        });
        statuses.push(response.statusCode);
      }
      refusedAfterLimit(statuses);
    });

    it('limits the password check of enrolment, and the first code, per account', async () => {
      const user = await newUser();
      refusedAfterLimit(
        await attempts(LIMIT + 1, () => ({
          method: 'POST',
          url: '/api/accounts/two-factor/enable',
          remoteAddress: freshIp(),
          headers: { cookie: user.cookie },
          payload: { password: 'a-guess' },
        })),
      );
      const other = await newUser();
      const started = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/two-factor/enable',
        remoteAddress: freshIp(),
        headers: { cookie: other.cookie },
        payload: { password: TEST_PASSWORD },
      });
      expect(started.statusCode).toBe(200);
      refusedAfterLimit(
        await attempts(LIMIT + 1, (attempt) => ({
          method: 'POST',
          url: '/api/accounts/two-factor/confirm',
          remoteAddress: freshIp(),
          headers: { cookie: other.cookie },
          payload: { code: String(100000 + attempt) },
        })),
      );
    });
  });

  describe('change password (vendor profile)', () => {
    it('limits the current-password check per account; the right password is refused while limited', async () => {
      const member = await newUser();
      await createVendor(context.database.db, { ownerUserId: member.id });
      const change = (currentPassword: string): InjectOptions => ({
        method: 'POST',
        url: '/api/vendor/account/password',
        remoteAddress: freshIp(),
        headers: { cookie: member.cookie },
        payload: { currentPassword, newPassword: 'a-new-password' },
      });
      const statuses = await attempts(LIMIT + 2, () => change('a-guess'));
      expect(statuses.slice(0, LIMIT)).toEqual(statuses.slice(0, LIMIT).map(() => 400));
      refusedAfterLimit(statuses);
      expect((await context.app.inject(change(TEST_PASSWORD))).statusCode).toBe(429);
    });
  });
});

describe('a disabled account can authenticate nowhere', () => {
  const context = useTestApp();

  async function disable(userId: string) {
    await context.database.db.update(users).set({ disabledAt: context.clock.now() }).where(eq(users.id, userId));
  }

  it('is refused by password, loses its open sessions, and cannot finish a two-factor sign-in', async () => {
    const plain = await signUpUser(context.app, { password: TEST_PASSWORD });
    await disable(plain.id);
    const byPassword = await signInWithPassword(context.app, plain.email, TEST_PASSWORD);
    expect(byPassword.statusCode).toBe(400);
    expect(byPassword.json().error).toEqual({
      code: 'account_disabled',
      message: 'This account has been disabled. Please contact support.',
    });
    expect(
      byPassword.cookies.find((cookie) => cookie.name === 'chaska.session_token' && cookie.value !== ''),
    ).toBeUndefined();
    const withOldSession = await context.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: plain.cookie },
    });
    expect(withOldSession.json().user).toBeNull();
    const profile = await context.app.inject({
      method: 'GET',
      url: '/api/accounts/profile',
      headers: { cookie: plain.cookie },
    });
    expect(profile.statusCode).toBe(401);

    const enrolled = await enrolTwoFactor(context.app, await signUpUser(context.app, { password: TEST_PASSWORD }));
    const passwordStep = await signInWithPassword(context.app, enrolled.email, TEST_PASSWORD);
    expect(passwordStep.json().twoFactorRequired).toBe(true);
    await disable(enrolled.id);
    const codeStep = await context.app.inject({
      method: 'POST',
      url: '/api/accounts/sign-in/two-factor',
      headers: { cookie: withCookies('', passwordStep) },
      payload: { code: await appCodeFor(context.app, enrolled.otpauthUri) },
    });
    expect(codeStep.statusCode).toBe(400);
    expect(codeStep.json().error.code).toBe('account_disabled');
    expect(
      codeStep.cookies.find((cookie) => cookie.name === 'chaska.session_token' && cookie.value !== ''),
    ).toBeUndefined();
    const enrolledMe = await context.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: enrolled.cookie },
    });
    expect(enrolledMe.json().user).toBeNull();
  });

  it('cannot set a new password and sign in with it', async () => {
    const user = await signUpUser(context.app, { password: TEST_PASSWORD });
    await context.app.inject({
      method: 'POST',
      url: '/api/accounts/password-reset/request',
      payload: { email: user.email },
    });
    await context.app.deps.accounts.idle();
    const token = await tokenFromOutbox(context.database.db, user.email, 'password_reset');
    await disable(user.id);
    await context.app.inject({
      method: 'POST',
      url: '/api/accounts/password-reset/complete',
      payload: { token, password: 'brand-new-one' },
    });
    const signIn = await signInWithPassword(context.app, user.email, 'brand-new-one');
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().error.code).toBe('account_disabled');
  });
});

describe('X-Forwarded-For from a configured proxy', () => {
  const context = useTestApp({ RATE_LIMIT_MAX: String(LIMIT), TRUST_PROXY: '10.0.0.0/8' });

  it('counts each client behind the proxy on its own, and ignores the header from anyone else', async () => {
    const throughProxy = [];
    for (let attempt = 0; attempt <= LIMIT + 1; attempt += 1) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/sign-in',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` },
        payload: { email: uniqueEmail('behind-proxy'), password: 'password1' },
      });
      throughProxy.push(response.statusCode);
    }
    expect(throughProxy).toEqual(throughProxy.map(() => 401));

    const direct = [];
    for (let attempt = 0; attempt <= LIMIT; attempt += 1) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/sign-in',
        remoteAddress: '192.0.2.50',
        headers: { 'x-forwarded-for': `203.0.113.${attempt + 100}` },
        payload: { email: uniqueEmail('direct'), password: 'password1' },
      });
      direct.push(response.statusCode);
    }
    expect(direct).toEqual([401, 401, 401, 429]);
  });
});
