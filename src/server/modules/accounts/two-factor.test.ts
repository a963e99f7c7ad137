import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authSession } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { appCodeFor, enrolTwoFactor, TEST_PASSWORD, verifyEmailOf, withCookies } from '@server/test/two-factor-factory';
import { grantConfiguredAdmins } from './grant-configured-admins';
import { signInWithPassword } from './account-test-helpers';

const ADMIN_ADDRESS = 'owner@chaska-admin.example.pk';

describe('two-factor sign-in with an authenticator app', () => {
  const context = useTestApp({ ADMIN_EMAILS: ADMIN_ADDRESS });

  function signIn(email: string, password = TEST_PASSWORD) {
    return signInWithPassword(context.app, email, password);
  }

  /** The sign-in's second step: a code, with the cookie the password step left, if any. */
  function signInCode(code: string, cookie?: string) {
    const headers = cookie === undefined ? {} : { cookie };
    return context.app.inject({ method: 'POST', url: '/api/accounts/sign-in/two-factor', headers, payload: { code } });
  }

  function twoFactorSetting(step: 'enable' | 'confirm' | 'disable', cookie: string, payload: object) {
    return context.app.inject({
      method: 'POST',
      url: `/api/accounts/two-factor/${step}`,
      headers: { cookie },
      payload,
    });
  }

  it('enrols in two steps: the password, then a first code from the app', async () => {
    const user = await signUpUser(context.app, { password: TEST_PASSWORD });
    const wrongPassword = await twoFactorSetting('enable', user.cookie, { password: 'not-it' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.fields).toEqual({ password: 'The password is not right.' });

    const enable = await twoFactorSetting('enable', user.cookie, { password: TEST_PASSWORD });
    expect(enable.statusCode).toBe(200);
    const enrolment = enable.json();
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/Chaska:/);
    expect(new URL(enrolment.otpauthUri).searchParams.get('secret')).toBe(enrolment.secret);
    expect(enrolment.backupCodes).toHaveLength(10);
    expect(enable.headers['cache-control']).toBe('no-store');

    // Not on until a code proves the app holds the secret: sign-in still needs the password only.
    const before = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
    expect(before.json().user.twoFactorEnabled).toBe(false);
    const wrongCode = await twoFactorSetting('confirm', user.cookie, { code: '000000' });
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json().error.code).toBe('invalid_code');

    const confirm = await twoFactorSetting('confirm', user.cookie, {
      code: await appCodeFor(context.app, enrolment.otpauthUri),
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().user.twoFactorEnabled).toBe(true);
  });

  it('asks for the code after the password, and signs in with it or with a backup code once', async () => {
    const user = await enrolTwoFactor(context.app, await signUpUser(context.app, { password: TEST_PASSWORD }));
    const passwordStep = await signIn(user.email);
    expect(passwordStep.statusCode).toBe(200);
    expect(passwordStep.json()).toMatchObject({ user: null, twoFactorRequired: true });
    expect(
      passwordStep.cookies.find((cookie) => cookie.name === 'chaska.session_token' && cookie.value !== ''),
    ).toBeUndefined();
    const pending = withCookies('', passwordStep);
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: pending } })).json().user,
    ).toBeNull();

    const wrong = await signInCode('123456', pending);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(
      'That code is not right. Please check your authenticator app and try again.',
    );
    const right = await signInCode(await appCodeFor(context.app, user.otpauthUri), pending);
    expect(right.statusCode).toBe(200);
    expect(right.json().user).toMatchObject({ email: user.email, twoFactorEnabled: true });
    const session = withCookies(pending, right);
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: session } })).json().user.email,
    ).toBe(user.email);

    const backupCode = user.backupCodes[0]!;
    const viaBackup = async () => {
      const step = await signIn(user.email);
      return signInCode(backupCode, withCookies('', step));
    };
    expect((await viaBackup()).statusCode).toBe(200);
    expect((await viaBackup()).statusCode).toBe(401);
  });

  it('refuses the code step without a password step first', async () => {
    const response = await signInCode('123456');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('two_factor_expired');
    const empty = await signInCode('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.code).toBe(
      'Please enter the 6-digit code from your authenticator app, or a backup code.',
    );
  });

  it('signs out every other session once two-factor is on', async () => {
    const user = await signUpUser(context.app, { password: TEST_PASSWORD });
    const otherDevice = withCookies('', await signIn(user.email));
    const enrolled = await enrolTwoFactor(context.app, user);
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: otherDevice } })).json().user,
    ).toBeNull();
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: enrolled.cookie } })).json().user
        .email,
    ).toBe(user.email);
    expect(await context.database.db.select().from(authSession).where(eq(authSession.userId, user.id))).toHaveLength(1);
  });

  it('turns off with the password only', async () => {
    const user = await enrolTwoFactor(context.app, await signUpUser(context.app, { password: TEST_PASSWORD }));
    const wrong = await twoFactorSetting('disable', user.cookie, { password: 'guess' });
    expect(wrong.statusCode).toBe(400);
    const off = await twoFactorSetting('disable', user.cookie, { password: TEST_PASSWORD });
    expect(off.statusCode).toBe(200);
    expect(off.json().user.twoFactorEnabled).toBe(false);
    const signInAgain = await signIn(user.email);
    expect(signInAgain.json()).toMatchObject({ twoFactorRequired: false, user: { email: user.email } });
  });

  describe('admins', () => {
    it('an ADMIN_EMAILS address is not admin until verified, and the admin API wants two-factor first', async () => {
      await grantConfiguredAdmins(context.database.db, context.config.adminEmails);
      const claimant = await signUpUser(context.app, { email: ADMIN_ADDRESS, password: TEST_PASSWORD });
      const asClaimant = await context.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { cookie: claimant.cookie },
      });
      expect(asClaimant.json().user).toMatchObject({ isAdmin: false, roles: ['customer'] });
      const stats = await context.app.inject({
        method: 'GET',
        url: '/api/admin/stats',
        headers: { cookie: claimant.cookie },
      });
      expect(stats.statusCode).toBe(403);
      expect(stats.json().error.code).toBe('forbidden');

      await verifyEmailOf(context.app, context.database.db, claimant.email);
      const verified = await context.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { cookie: claimant.cookie },
      });
      expect(verified.json().user).toMatchObject({ isAdmin: true, twoFactorEnabled: false });
      const withoutCode = await context.app.inject({
        method: 'GET',
        url: '/api/admin/stats',
        headers: { cookie: claimant.cookie },
      });
      expect(withoutCode.statusCode).toBe(403);
      expect(withoutCode.json().error).toEqual({
        code: 'two_factor_required',
        message: 'Administrators must turn on two-factor sign-in before using the admin area.',
      });

      const admin = await enrolTwoFactor(context.app, claimant);
      const withCode = await context.app.inject({
        method: 'GET',
        url: '/api/admin/stats',
        headers: { cookie: admin.cookie },
      });
      expect(withCode.statusCode).toBe(200);
    });
  });
});
