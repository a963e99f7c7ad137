import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { authVerification, emailMessages } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { DEFAULT_TEST_NOW } from '@server/test/test-clock';
import { VERIFICATION_TTL_MS } from './email-verification';
import { signInWithPassword } from './account-test-helpers';

/** The pages pick their picture and next step from these codes, so each case must be told apart. */
describe('verification and reset links: expired, used and unknown', () => {
  const context = useTestApp();
  // Each test moves the clock past an expiry; the next starts from the usual instant again.
  afterEach(() => context.clock.set(DEFAULT_TEST_NOW));

  async function tokenFrom(to: string, type: string): Promise<string> {
    await context.app.deps.accounts.idle();
    const rows = await context.database.db.select().from(emailMessages).where(eq(emailMessages.toEmail, to));
    const message = rows.filter((row) => row.emailType === type).at(-1);
    return /token=([A-Za-z0-9_-]+)/.exec(message?.text ?? '')?.[1] ?? '';
  }

  /** Moves the app's clock just past the moment the reset link stops working. */
  async function passExpiryOfResetLink(token: string) {
    const [row] = await context.database.db
      .select()
      .from(authVerification)
      .where(eq(authVerification.identifier, `reset-password:${token}`));
    context.clock.set(new Date(row!.expiresAt.getTime() + 1000));
  }

  it('tells an expired verification link apart and leaves the account unverified', async () => {
    const user = await signUpUser(context.app);
    const token = await tokenFrom(user.email, 'verification');
    context.clock.advance(VERIFICATION_TTL_MS);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/accounts/verify-email',
      payload: { token },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'link_expired',
      message: 'This verification link has expired. Please ask for a new one.',
    });
    const me = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
    expect(me.json().user.verified).toBe(false);
  });

  it('answers link_used for a second click and link_invalid for a made-up token', async () => {
    const user = await signUpUser(context.app);
    const token = await tokenFrom(user.email, 'verification');
    expect(
      (await context.app.inject({ method: 'POST', url: '/api/accounts/verify-email', payload: { token } })).statusCode,
    ).toBe(200);
    const again = await context.app.inject({ method: 'POST', url: '/api/accounts/verify-email', payload: { token } });
    expect(again.json().error.code).toBe('link_used');
    const unknown = await context.app.inject({
      method: 'POST',
      url: '/api/accounts/verify-email',
      payload: { token: 'not-a-real-token' },
    });
    expect(unknown.json().error.code).toBe('link_invalid');
  });

  it('tells an expired reset link apart and keeps the old password', async () => {
    const user = await signUpUser(context.app, { password: 'old-password' });
    await context.app.inject({
      method: 'POST',
      url: '/api/accounts/password-reset/request',
      payload: { email: user.email },
    });
    const token = await tokenFrom(user.email, 'password_reset');
    await passExpiryOfResetLink(token);
    const check = await context.app.inject({ method: 'GET', url: `/api/accounts/password-reset/check?token=${token}` });
    expect(check.json().error).toEqual({
      code: 'link_expired',
      message: 'This reset link has expired. Please request a new one.',
    });
    const complete = await context.app.inject({
      method: 'POST',
      url: '/api/accounts/password-reset/complete',
      payload: { token, password: 'new-password' },
    });
    expect(complete.json().error.code).toBe('link_expired');
    const signIn = await signInWithPassword(context.app, user.email, 'old-password');
    expect(signIn.statusCode).toBe(200);
  });

  it('answers link_used after a reset and link_invalid for a made-up reset token', async () => {
    const user = await signUpUser(context.app);
    await context.app.inject({
      method: 'POST',
      url: '/api/accounts/password-reset/request',
      payload: { email: user.email },
    });
    const token = await tokenFrom(user.email, 'password_reset');
    await context.app.inject({
      method: 'POST',
      url: '/api/accounts/password-reset/complete',
      payload: { token, password: 'brand-new-password' },
    });
    const check = await context.app.inject({ method: 'GET', url: `/api/accounts/password-reset/check?token=${token}` });
    expect(check.json().error.code).toBe('link_used');
    const unknown = await context.app.inject({ method: 'GET', url: '/api/accounts/password-reset/check?token=nope' });
    expect(unknown.json().error.code).toBe('link_invalid');
  });
});
