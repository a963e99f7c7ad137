import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isPhoneAccountEmail } from '@shared/accounts/phone';
import { authUser, emailMessages, phoneCodes, users } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { pakistaniMobile } from './phone-number';

describe('phone numbers', () => {
  it('reads the ways Pakistanis write one mobile number as one E.164 number', () => {
    for (const typed of ['0300 1234567', '03001234567', '+92 300 1234567', '92-300-1234567', '+92 (300) 123-4567'])
      expect([typed, pakistaniMobile(typed)]).toEqual([typed, '+923001234567']);
  });

  it('refuses a landline, a foreign mobile, a short number and garbage', () => {
    for (const typed of ['042 35761234', '+44 7911 123456', '0300 123', 'chai', '+92 300 1234567 8'])
      expect([typed, pakistaniMobile(typed)]).toEqual([typed, null]);
  });
});

describe('sign in with a phone number and a code', () => {
  const context = useTestApp();
  const sender = () => context.texts;
  let nextNumber = 1_000_000;
  /** A fresh mobile number for each test, so their limits do not meet. */
  const freshNumber = () => `0301 ${String((nextNumber += 7919) % 10_000_000).padStart(7, '0')}`;

  function post(url: string, payload: object, cookie?: string) {
    return context.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
  }

  async function codeFor(typed: string, extra: object = {}, cookie?: string) {
    const response = await post('/api/accounts/phone/code', { phoneNumber: typed, ...extra }, cookie);
    expect(response.statusCode).toBe(200);
    return { sent: response.json(), code: sender().sent.at(-1)!.code };
  }

  it('creates the account on the first code, signs the same person in on the next', async () => {
    const typed = freshNumber();
    const { sent, code } = await codeFor(typed, { language: 'ur' });
    expect(sent).toMatchObject({ channel: 'sms', resendAfterSeconds: 30 });
    expect(sent.phoneNumber).toMatch(/^\+92301[0-9]{7}$/);
    const message = sender().sent.at(-1)!;
    expect(message).toMatchObject({ to: sent.phoneNumber, language: 'ur' });
    expect(code).toMatch(/^[0-9]{6}$/);

    const first = await post('/api/accounts/phone/sign-in', { phoneNumber: typed, code, language: 'ur' });
    expect(first.statusCode).toBe(200);
    const user = first.json().user;
    expect(user).toMatchObject({ phoneNumber: sent.phoneNumber, name: '', verified: true, language: 'ur' });
    expect(isPhoneAccountEmail(user.email)).toBe(true);
    expect(first.cookies.find((cookie) => cookie.name === 'chaska.session_token')?.httpOnly).toBe(true);
    // Nothing is ever written to the placeholder address (no welcome, no verification).
    await context.app.deps.accounts.idle();
    await context.app.deps.email.idle();
    const mail = await context.database.db.select().from(emailMessages).where(eq(emailMessages.toEmail, user.email));
    expect(mail).toEqual([]);

    // The same number written another way, a minute later: the same account, no second one.
    context.clock.advance(60_000);
    const again = await codeFor(sent.phoneNumber.replace('+', ''));
    const second = await post('/api/accounts/phone/sign-in', { phoneNumber: sent.phoneNumber, code: again.code });
    expect(second.json().user.id).toBe(user.id);
    const accounts = await context.database.db
      .select()
      .from(authUser)
      .where(eq(authUser.phoneNumber, sent.phoneNumber));
    expect(accounts).toHaveLength(1);
  });

  it('keeps only a keyed hash of the code', async () => {
    const typed = freshNumber();
    const { sent, code } = await codeFor(typed);
    const [row] = await context.database.db
      .select()
      .from(phoneCodes)
      .where(eq(phoneCodes.phoneNumber, sent.phoneNumber));
    expect(row!.codeHash).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('a code is single use', async () => {
    const typed = freshNumber();
    const { code } = await codeFor(typed);
    expect((await post('/api/accounts/phone/sign-in', { phoneNumber: typed, code })).statusCode).toBe(200);
    const reused = await post('/api/accounts/phone/sign-in', { phoneNumber: typed, code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatchObject({ code: 'code_invalid', fields: { code: expect.any(String) } });
  });

  it('a code ends after five minutes, on the app clock', async () => {
    const typed = freshNumber();
    const { code } = await codeFor(typed);
    context.clock.advance(5 * 60_000);
    const late = await post('/api/accounts/phone/sign-in', { phoneNumber: typed, code });
    expect(late.json().error).toMatchObject({
      code: 'code_expired',
      message: 'This code has expired. Please ask for a new one.',
    });
  });

  it('five wrong tries end the code, the right one included', async () => {
    const typed = freshNumber();
    const { code } = await codeFor(typed);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await post('/api/accounts/phone/sign-in', { phoneNumber: typed, code: wrong });
      expect(response.json().error.code).toBe('code_wrong');
    }
    const fifth = await post('/api/accounts/phone/sign-in', { phoneNumber: typed, code: wrong });
    expect(fifth.json().error.code).toBe('code_used_up');
    const right = await post('/api/accounts/phone/sign-in', { phoneNumber: typed, code });
    expect(right.statusCode).toBe(400);
    expect(right.json().error.code).toBe('code_invalid');
  });

  it('a new code ends the one before it', async () => {
    const typed = freshNumber();
    const first = await codeFor(typed);
    context.clock.advance(31_000);
    const second = await codeFor(typed);
    if (first.code !== second.code) {
      const old = await post('/api/accounts/phone/sign-in', { phoneNumber: typed, code: first.code });
      expect(old.json().error.code).toBe('code_wrong');
    }
    expect((await post('/api/accounts/phone/sign-in', { phoneNumber: typed, code: second.code })).statusCode).toBe(200);
  });

  it('one code each 30 seconds and five an hour per number, however it is written', async () => {
    const typed = freshNumber();
    const { sent } = await codeFor(typed);
    const soon = await post('/api/accounts/phone/code', { phoneNumber: sent.phoneNumber });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error.message).toMatch(/seconds/);
    for (let send = 2; send <= 5; send += 1) {
      context.clock.advance(31_000);
      expect((await post('/api/accounts/phone/code', { phoneNumber: typed })).statusCode).toBe(200);
    }
    context.clock.advance(31_000);
    expect((await post('/api/accounts/phone/code', { phoneNumber: typed })).statusCode).toBe(429);
  });

  it('names the field for a number that is not a Pakistani mobile, and sends nothing', async () => {
    const before = sender().sent.length;
    for (const phoneNumber of ['042 35761234', '+44 7911 123456', 'chai', '']) {
      const response = await post('/api/accounts/phone/code', { phoneNumber });
      expect([phoneNumber, response.statusCode]).toEqual([phoneNumber, 400]);
      expect(response.json().error.fields.phoneNumber).toBe(
        'Please enter a Pakistani mobile number, for example 0300 1234567.',
      );
    }
    expect(sender().sent.length).toBe(before);
  });

  it('refuses a code that is not six digits, in the reader language', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/accounts/phone/sign-in',
      payload: { phoneNumber: freshNumber(), code: '12ab' },
      headers: { 'accept-language': 'ur' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.code).toBe('براہِ کرم ہمارا بھیجا ہوا 6 ہندسوں والا کوڈ درج کریں۔');
  });

  it('says so when the provider does not take the message', async () => {
    const typed = freshNumber();
    sender().failNext(1);
    const response = await post('/api/accounts/phone/code', { phoneNumber: typed });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe('phone_code_not_sent');
  });

  it('refuses a disabled account and one with two-factor on, before any session', async () => {
    const typed = freshNumber();
    const { code, sent } = await codeFor(typed);
    const signedIn = (await post('/api/accounts/phone/sign-in', { phoneNumber: typed, code })).json().user;
    await context.database.db.update(users).set({ disabledAt: context.clock.now() }).where(eq(users.id, signedIn.id));
    context.clock.advance(31_000);
    const disabled = await post('/api/accounts/phone/sign-in', {
      phoneNumber: typed,
      code: (await codeFor(typed)).code,
    });
    expect(disabled.json().error.code).toBe('account_disabled');
    expect(disabled.cookies.find((cookie) => cookie.name === 'chaska.session_token')).toBeUndefined();

    await context.database.db.update(users).set({ disabledAt: null }).where(eq(users.id, signedIn.id));
    await context.database.db
      .update(authUser)
      .set({ twoFactorEnabled: true })
      .where(eq(authUser.phoneNumber, sent.phoneNumber));
    context.clock.advance(31_000);
    const twoFactor = await post('/api/accounts/phone/sign-in', {
      phoneNumber: typed,
      code: (await codeFor(typed)).code,
    });
    expect(twoFactor.json().error.code).toBe('two_factor_password_sign_in');
  });

  it('an e-mail account adds a verified number; a number another account has is refused', async () => {
    const person = await signUpUser(context.app);
    const typed = freshNumber();
    const { code, sent } = await codeFor(typed, { purpose: 'add_phone' }, person.cookie);
    const added = await post('/api/accounts/phone/add', { phoneNumber: typed, code }, person.cookie);
    expect(added.statusCode).toBe(200);
    expect(added.json().user).toMatchObject({ email: person.email, phoneNumber: sent.phoneNumber });
    // Signing in with the number now reaches the e-mail account.
    context.clock.advance(31_000);
    const byPhone = await post('/api/accounts/phone/sign-in', {
      phoneNumber: typed,
      code: (await codeFor(typed)).code,
    });
    expect(byPhone.json().user.id).toBe(person.id);

    const other = await signUpUser(context.app);
    context.clock.advance(31_000);
    const taken = await post('/api/accounts/phone/code', { phoneNumber: typed, purpose: 'add_phone' }, other.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'phone_taken',
      message: 'This number already belongs to another Chaska account.',
    });
  });

  it('adding a number needs a session', async () => {
    const response = await post('/api/accounts/phone/code', { phoneNumber: freshNumber(), purpose: 'add_phone' });
    expect(response.statusCode).toBe(401);
    const add = await post('/api/accounts/phone/add', { phoneNumber: freshNumber(), code: '123456' });
    expect(add.statusCode).toBe(401);
  });

  it('says in /api/me that phone sign-in is on', async () => {
    const me = await context.app.inject({ method: 'GET', url: '/api/me' });
    expect(me.json().features.phoneSignIn).toBe(true);
    const signedIn = await signUpUser(context.app);
    const mine = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: signedIn.cookie } });
    expect(mine.json().user.phoneNumber).toBeNull();
  });

  it('a new phone account gives its first name after the stamp; an empty or missing one is refused', async () => {
    const typed = freshNumber();
    const { code } = await codeFor(typed);
    const signedIn = await post('/api/accounts/phone/sign-in', { phoneNumber: typed, code });
    const cookie = signedIn.headers['set-cookie'] as string | string[];
    const sessionCookie = (Array.isArray(cookie) ? cookie : [cookie]).map((line) => line.split(';')[0]).join('; ');
    const put = (payload: object, withCookie = true) =>
      context.app.inject({
        method: 'PUT',
        url: '/api/accounts/first-name',
        payload,
        headers: withCookie ? { cookie: sessionCookie } : {},
      });
    expect((await put({ name: 'Bilal' }, false)).statusCode).toBe(401);
    const empty = await put({ name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.name).toBe('First name is required.');
    const saved = await put({ name: ' Bilal ' });
    expect(saved.json().user.name).toBe('Bilal');
    const [row] = await context.database.db.select().from(users).where(eq(users.id, saved.json().user.id));
    expect(row!.name).toBe('Bilal');
  });
});
