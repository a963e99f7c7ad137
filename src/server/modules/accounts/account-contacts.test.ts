import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isPhoneAccountEmail } from '@shared/accounts/phone';
import { authUser, emailMessages, users } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { cookieFrom, signUpUser, uniqueEmail } from '@server/test/factories';
import { verifyEmailOf } from '@server/test/two-factor-factory';

describe('an account adds and verifies its contacts (issue 45)', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  const sender = () => context.texts;
  let nextNumber = 2_000_000;
  const freshNumber = () => `0302 ${String((nextNumber += 7919) % 10_000_000).padStart(7, '0')}`;

  function post(url: string, payload: object, cookie?: string) {
    return context.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
  }
  const profileOf = async (cookie: string) =>
    (await context.app.inject({ method: 'GET', url: '/api/accounts/profile', headers: { cookie } })).json();
  const meOf = async (cookie: string) =>
    (await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;

  /** A new customer who signed up with a mobile number and a code: their session cookie and number. */
  async function phoneCustomer() {
    const typed = freshNumber();
    const sent = await post('/api/accounts/phone/code', { phoneNumber: typed });
    expect(sent.statusCode).toBe(200);
    const code = sender().sent.at(-1)!.code;
    const signedIn = await post('/api/accounts/phone/sign-in', { phoneNumber: typed, code });
    expect(signedIn.statusCode).toBe(200);
    context.clock.advance(31_000);
    return {
      cookie: cookieFrom(signedIn),
      phoneNumber: sent.json().phoneNumber as string,
      id: signedIn.json().user.id,
    };
  }

  async function linkTo(address: string) {
    const rows = await db().select().from(emailMessages).where(eq(emailMessages.toEmail, address));
    const message = rows.filter((row) => row.emailType === 'verification').at(-1);
    return /token=([A-Za-z0-9_-]+)/.exec(message?.text ?? '')?.[1];
  }

  it('the profile lists an e-mail account contacts: the address unverified, then verified; no number', async () => {
    const person = await signUpUser(context.app);
    expect((await profileOf(person.cookie)).contacts).toEqual({
      email: person.email,
      emailVerified: false,
      pendingEmail: null,
      phoneNumber: null,
      phoneVerified: false,
      hasPassword: true,
    });
    await verifyEmailOf(context.app, db(), person.email);
    expect((await profileOf(person.cookie)).contacts).toMatchObject({ email: person.email, emailVerified: true });
  });

  it('an e-mail account adds a number by code; the profile shows it verified', async () => {
    const person = await signUpUser(context.app);
    const typed = freshNumber();
    const sent = await post('/api/accounts/phone/code', { phoneNumber: typed, purpose: 'add_phone' }, person.cookie);
    expect(sent.statusCode).toBe(200);
    const added = await post(
      '/api/accounts/phone/add',
      { phoneNumber: typed, code: sender().sent.at(-1)!.code },
      person.cookie,
    );
    expect(added.statusCode, added.body).toBe(200);
    expect((await profileOf(person.cookie)).contacts).toMatchObject({
      email: person.email,
      emailVerified: false,
      phoneNumber: sent.json().phoneNumber,
      phoneVerified: true,
    });
    // The number proves the number, not the address: the account's address stays unconfirmed.
    const [row] = await db().select().from(users).where(eq(users.id, person.id));
    expect(row!.verified).toBe(false);
  });

  it('adding a number names the field for a bad number or code, and changes nothing', async () => {
    const person = await signUpUser(context.app);
    const badNumber = await post(
      '/api/accounts/phone/add',
      { phoneNumber: '042 35761234', code: '123456' },
      person.cookie,
    );
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().error.fields.phoneNumber).toBe(
      'Please enter a Pakistani mobile number, for example 0300 1234567.',
    );
    const badCode = await post('/api/accounts/phone/add', { phoneNumber: freshNumber(), code: '12' }, person.cookie);
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error.fields.code).toBeTruthy();
    const noCode = await post('/api/accounts/phone/add', { phoneNumber: freshNumber(), code: '123456' }, person.cookie);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.code).toBe('code_invalid');
    expect((await meOf(person.cookie)).phoneNumber).toBeNull();
  });

  it('a phone account has no address; it adds one that counts only once its link is opened', async () => {
    const customer = await phoneCustomer();
    expect((await profileOf(customer.cookie)).contacts).toEqual({
      email: null,
      emailVerified: false,
      pendingEmail: null,
      phoneNumber: customer.phoneNumber,
      phoneVerified: true,
      hasPassword: false,
    });

    const address = uniqueEmail('phone.owner');
    const added = await post('/api/accounts/email', { email: ` ${address.toUpperCase()} ` }, customer.cookie);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().contacts).toMatchObject({ email: null, pendingEmail: address, phoneVerified: true });
    // Until the link is opened the account stays a phone account.
    expect(isPhoneAccountEmail((await meOf(customer.cookie)).email)).toBe(true);
    const token = await linkTo(address);
    expect(token).toBeTruthy();

    const verified = await post('/api/accounts/verify-email', { token: token! });
    expect(verified.statusCode, verified.body).toBe(200);
    const me = await meOf(customer.cookie);
    expect(me).toMatchObject({ email: address, phoneNumber: customer.phoneNumber, verified: true });
    expect((await profileOf(customer.cookie)).contacts).toEqual({
      email: address,
      emailVerified: true,
      pendingEmail: null,
      phoneNumber: customer.phoneNumber,
      phoneVerified: true,
      hasPassword: false,
    });
    const [account] = await db().select().from(authUser).where(eq(authUser.id, customer.id));
    expect(account).toMatchObject({ email: address, emailVerified: true });

    // Then a password through the reset link: the address signs in too.
    expect((await post('/api/accounts/password-reset/request', { email: address })).statusCode).toBe(200);
    await context.app.deps.accounts.idle();
    const rows = await db().select().from(emailMessages).where(eq(emailMessages.toEmail, address));
    const reset = /token=([A-Za-z0-9_-]+)/.exec(rows.find((row) => row.emailType === 'password_reset')!.text)![1]!;
    const set = await post('/api/accounts/password-reset/complete', { token: reset, password: 'doodh-patti-7' });
    expect(set.statusCode, set.body).toBe(200);
    const byEmail = await post('/api/accounts/sign-in', { email: address, password: 'doodh-patti-7' });
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(byEmail.json().user.id).toBe(customer.id);
    expect((await profileOf(cookieFrom(byEmail))).contacts.hasPassword).toBe(true);
  });

  it('refuses an address another account has, at the request and at the link, and changes nothing', async () => {
    const someone = await signUpUser(context.app);
    const customer = await phoneCustomer();
    const taken = await post('/api/accounts/email', { email: someone.email }, customer.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'email_taken',
      message: 'This e-mail address already belongs to another Chaska account.',
      fields: { email: 'This e-mail address already belongs to another Chaska account.' },
    });
    expect((await profileOf(customer.cookie)).contacts.pendingEmail).toBeNull();

    // Free when asked, taken by a sign-up before the link was opened.
    const address = uniqueEmail('raced');
    expect((await post('/api/accounts/email', { email: address }, customer.cookie)).statusCode).toBe(200);
    const token = (await linkTo(address))!;
    await signUpUser(context.app, { email: address });
    const late = await post('/api/accounts/verify-email', { token });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('email_taken');
    expect(isPhoneAccountEmail((await meOf(customer.cookie)).email)).toBe(true);
  });

  it('a newer address ends the earlier link', async () => {
    const customer = await phoneCustomer();
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    expect((await post('/api/accounts/email', { email: first }, customer.cookie)).statusCode).toBe(200);
    const firstToken = (await linkTo(first))!;
    expect((await post('/api/accounts/email', { email: second }, customer.cookie)).statusCode).toBe(200);
    expect((await profileOf(customer.cookie)).contacts.pendingEmail).toBe(second);
    const old = await post('/api/accounts/verify-email', { token: firstToken });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.code).toBe('link_invalid');
    expect((await post('/api/accounts/verify-email', { token: (await linkTo(second))! })).statusCode).toBe(200);
    expect((await meOf(customer.cookie)).email).toBe(second);
  });

  it('refuses an e-mail account, a signed-out caller and bad input, naming the field', async () => {
    const person = await signUpUser(context.app);
    const present = await post('/api/accounts/email', { email: uniqueEmail() }, person.cookie);
    expect(present.statusCode).toBe(409);
    expect(present.json().error).toMatchObject({
      code: 'email_present',
      message: 'Your account already has an e-mail address.',
    });
    expect((await post('/api/accounts/email', { email: uniqueEmail() })).statusCode).toBe(401);

    const customer = await phoneCustomer();
    for (const [email, message] of [
      ['', 'Please enter your e-mail address.'],
      ['chai@', 'Please enter a valid email address.'],
      ['923001234567@phone.chaska.invalid', 'Please enter a valid email address.'],
    ] as const) {
      const response = await post('/api/accounts/email', { email }, customer.cookie);
      expect([email, response.statusCode]).toEqual([email, 400]);
      expect(response.json().error.fields.email).toBe(message);
    }
    const missing = await post('/api/accounts/email', {}, customer.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.email).toBe('Please enter your e-mail address.');
    expect((await profileOf(customer.cookie)).contacts.pendingEmail).toBeNull();
  });

  it('answers in Urdu for an Urdu reader', async () => {
    const someone = await signUpUser(context.app);
    const customer = await phoneCustomer();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/accounts/email',
      payload: { email: someone.email },
      headers: { cookie: customer.cookie, 'accept-language': 'ur' },
    });
    expect(response.json().error.message).toBe('یہ ای میل ایڈریس پہلے ہی کسی اور Chaska اکاؤنٹ کا ہے۔');
  });
});
