import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailMessages, emailPreferences, users } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { cookieFrom, grantAdmin, signUpUser, uniqueEmail } from '@server/test/factories';
import { verifyEmailOf } from '@server/test/two-factor-factory';
import { signInWithPassword } from './account-test-helpers';

describe('accounts API', () => {
  const context = useTestApp();

  async function latestEmail(to: string, type: string) {
    // Reset e-mails are written in the background (the answer must not wait for them).
    await context.app.deps.accounts.idle();
    const rows = await context.database.db.select().from(emailMessages).where(eq(emailMessages.toEmail, to));
    return rows.filter((row) => row.emailType === type).at(-1);
  }

  describe('sign-up', () => {
    it('creates the account, the users row, default preferences and a session', async () => {
      const email = uniqueEmail('new');
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/sign-up',
        payload: { name: 'Bilal', surname: 'Ahmed', email, password: 'secret123' },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.user).toMatchObject({
        email,
        name: 'Bilal',
        surname: 'Ahmed',
        verified: false,
        roles: ['customer'],
        isAdmin: false,
      });
      const session = response.cookies.find((cookie) => cookie.name === 'chaska.session_token');
      expect(session?.httpOnly).toBe(true);
      expect(session?.sameSite).toBe('Lax');

      const [row] = await context.database.db.select().from(users).where(eq(users.id, body.user.id));
      expect(row).toMatchObject({ email, name: 'Bilal', surname: 'Ahmed', verified: false });
      const [preferences] = await context.database.db
        .select()
        .from(emailPreferences)
        .where(eq(emailPreferences.userId, body.user.id));
      expect(preferences).toMatchObject({
        welcomeEmails: true,
        hourlyChaska: false,
        marketingEmails: false,
        frequency: 'immediate',
        unsubscribed: false,
      });

      const me = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieFrom(response) } });
      expect(me.json().user.email).toBe(email);
      expect(await latestEmail(email, 'welcome')).toBeDefined();
      expect((await latestEmail(email, 'verification'))?.text).toContain('/verify-email?token=');
    });

    it("writes the welcome and verification e-mails in the sign-up page's language", async () => {
      const fromUrduPage = uniqueEmail('urdu-page');
      const urdu = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/sign-up',
        headers: { cookie: 'chaska_lang=ur' },
        payload: { name: 'Sana', surname: 'Iqbal', email: fromUrduPage, password: 'secret123' },
      });
      expect(urdu.statusCode, urdu.body).toBe(200);
      expect(urdu.json().user.language).toBe('ur');
      expect((await latestEmail(fromUrduPage, 'welcome'))?.subject).toContain('میں خوش آمدید');
      expect((await latestEmail(fromUrduPage, 'verification'))?.subject).toContain('کی تصدیق کریں');

      // The page says Urdu though the browser's cookie still says English (switched in this tab).
      const saidByPage = uniqueEmail('said-by-page');
      const page = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/sign-up',
        headers: { cookie: 'chaska_lang=en' },
        payload: { name: 'Sana', surname: 'Iqbal', email: saidByPage, password: 'secret123', language: 'ur' },
      });
      expect(page.statusCode, page.body).toBe(200);
      expect((await latestEmail(saidByPage, 'welcome'))?.subject).toContain('میں خوش آمدید');
      expect((await latestEmail(saidByPage, 'verification'))?.subject).toContain('کی تصدیق کریں');

      const fromEnglishPage = uniqueEmail('english-page');
      await context.app.inject({
        method: 'POST',
        url: '/api/accounts/sign-up',
        payload: { name: 'Bilal', surname: 'Ahmed', email: fromEnglishPage, password: 'secret123' },
      });
      expect((await latestEmail(fromEnglishPage, 'welcome'))?.subject).toContain('Welcome');
    });

    it('refuses a password under 6 characters with SPEC.md message', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/sign-up',
        payload: { name: 'A', surname: 'B', email: uniqueEmail(), password: '12345' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain('Password should be at least 6 characters long.');
    });

    it('refuses a duplicate e-mail', async () => {
      const user = await signUpUser(context.app);
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/sign-up',
        payload: { name: 'A', surname: 'B', email: user.email.toUpperCase(), password: 'secret123' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe('User already registered');
    });

    it('requires every field', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/sign-up',
        payload: { email: uniqueEmail(), password: 'secret123' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toMatchObject({
        name: 'First name is required.',
        surname: 'Last name is required.',
      });
    });
  });

  describe('sign-in and sign-out', () => {
    it('signs in with the right password, unverified e-mail included', async () => {
      const user = await signUpUser(context.app, { password: 'correct-horse' });
      const response = await signInWithPassword(context.app, user.email, 'correct-horse');
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ email: user.email, verified: false });
    });

    it('answers a wrong password and an unknown e-mail alike', async () => {
      const user = await signUpUser(context.app);
      const wrong = await signInWithPassword(context.app, user.email, 'nope-nope');
      const unknown = await signInWithPassword(context.app, uniqueEmail('ghost'), 'nope-nope');
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json().error).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
      }
    });

    it('asks for an e-mail and a password', async () => {
      const response = await signInWithPassword(context.app, '', '');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(
        'You must provide either an email or phone number and a password.',
      );
    });

    it('signs out and the session stops working', async () => {
      const user = await signUpUser(context.app);
      const out = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/sign-out',
        headers: { cookie: user.cookie },
      });
      expect(out.statusCode).toBe(200);
      const me = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
      expect(me.json().user).toBeNull();
    });
  });

  describe('e-mail verification', () => {
    it('verifies once, then says the link was used', async () => {
      const user = await signUpUser(context.app);
      const message = await latestEmail(user.email, 'verification');
      const token = /token=([A-Za-z0-9_-]+)/.exec(message!.text)![1]!;
      const first = await context.app.inject({ method: 'POST', url: '/api/accounts/verify-email', payload: { token } });
      expect(first.statusCode).toBe(200);
      const me = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
      expect(me.json().user.verified).toBe(true);
      const second = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/verify-email',
        payload: { token },
      });
      expect(second.statusCode).toBe(400);
      expect(second.json().error.message).toContain('already been used');
    });

    it('refuses an unknown token', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/verify-email',
        payload: { token: 'made-up' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('This verification link is not valid.');
    });
  });

  describe('password reset', () => {
    it('resets through the e-mailed link once', async () => {
      const user = await signUpUser(context.app, { password: 'old-password' });
      const request = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/password-reset/request',
        payload: { email: user.email },
      });
      expect(request.statusCode).toBe(200);
      const message = await latestEmail(user.email, 'password_reset');
      const token = /token=([A-Za-z0-9_-]+)/.exec(message!.text)![1]!;
      const check = await context.app.inject({
        method: 'GET',
        url: `/api/accounts/password-reset/check?token=${token}`,
      });
      expect(check.statusCode).toBe(200);
      const complete = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/password-reset/complete',
        payload: { token, password: 'new-password' },
      });
      expect(complete.statusCode).toBe(200);
      const again = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/password-reset/complete',
        payload: { token, password: 'other-password' },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.message).toContain('already been used');
      const oldLogin = await signInWithPassword(context.app, user.email, 'old-password');
      expect(oldLogin.statusCode).toBe(401);
      const newLogin = await signInWithPassword(context.app, user.email, 'new-password');
      expect(newLogin.statusCode).toBe(200);
    });

    it('answers the same for an unknown address', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/password-reset/request',
        payload: { email: uniqueEmail('nobody') },
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('profile', () => {
    it('saves the profile and reads it back', async () => {
      const user = await signUpUser(context.app);
      const profile = {
        name: 'Sana',
        surname: 'Malik',
        phone: '+92 300 1234567',
        city: 'Karachi',
        dateOfBirth: '1995-03-14',
        gender: 'female',
      };
      const saved = await context.app.inject({
        method: 'PUT',
        url: '/api/accounts/profile',
        headers: { cookie: user.cookie },
        payload: profile,
      });
      expect(saved.statusCode).toBe(200);
      const read = await context.app.inject({
        method: 'GET',
        url: '/api/accounts/profile',
        headers: { cookie: user.cookie },
      });
      expect(read.json()).toMatchObject({ ...profile, email: user.email, emailConfirmed: false });
    });

    it('refuses a city outside the list and a missing gender', async () => {
      const user = await signUpUser(context.app);
      const response = await context.app.inject({
        method: 'PUT',
        url: '/api/accounts/profile',
        headers: { cookie: user.cookie },
        payload: { name: 'Sana', surname: 'Malik', phone: '+92 300 1234567', city: 'Dubai', dateOfBirth: '1995-03-14' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toMatchObject({
        city: 'Please choose a city from the list.',
        gender: 'Please choose a gender.',
      });
    });

    it('needs a session', async () => {
      const response = await context.app.inject({ method: 'GET', url: '/api/accounts/profile' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('roles', () => {
    it('reports admin from admin_users, case-insensitively, once the address is verified', async () => {
      const user = await signUpUser(context.app, { email: uniqueEmail('Boss') });
      await grantAdmin(context.database.db, user.email.toUpperCase());
      const unverified = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
      expect(unverified.json().user).toMatchObject({ isAdmin: false, roles: ['customer'] });
      await verifyEmailOf(context.app, context.database.db, user.email);
      const me = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
      expect(me.json().user.isAdmin).toBe(true);
      expect(me.json().user.roles).toContain('admin');
    });

    it('answers signed-out visitors with user null', async () => {
      const me = await context.app.inject({ method: 'GET', url: '/api/me' });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ user: null, features: { google: false } });
    });
  });
});

describe('auth rate limits', () => {
  const context = useTestApp({ RATE_LIMIT_MAX: '3' });

  it('limits sign-in attempts per e-mail with a clear message', async () => {
    const email = uniqueEmail('target');
    const statuses: number[] = [];
    let last;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      last = await signInWithPassword(context.app, email, 'wrong-one', { remoteAddress: `10.0.0.${attempt + 1}` });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(last!.json().error.message).toMatch(
      /^Too many attempts\. Please wait \d+ (seconds|minutes) and try again\.$/,
    );
  });

  it('limits per IP across e-mails', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/accounts/password-reset/request',
        payload: { email: uniqueEmail('spray') },
        remoteAddress: '192.0.2.77',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
