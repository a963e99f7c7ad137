import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INVALID_UNSUBSCRIBE_LINK_MESSAGE } from '@shared/notifications/email';
import { emailMessages, emailPreferences } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser, type SignedInUser } from '@server/test/factories';
import { enqueueAndRunNow } from './email-test-helpers';
import { unsubscribeUrl } from './unsubscribe-link';

describe('one-click unsubscribe', () => {
  const context = useTestApp();

  async function welcomeOf(user: SignedInUser) {
    const [welcome] = await context.database.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.userId, user.id), eq(emailMessages.emailType, 'welcome')));
    return welcome!;
  }

  /** The link as a mail client reads it from the List-Unsubscribe header. */
  async function headerLinkOf(user: SignedInUser): Promise<URL> {
    const header = (await welcomeOf(user)).headers['List-Unsubscribe'];
    return new URL(/^<(.+)>$/.exec(header ?? '')![1]!);
  }

  async function isUnsubscribed(user: SignedInUser): Promise<boolean> {
    const [row] = await context.database.db.select().from(emailPreferences).where(eq(emailPreferences.userId, user.id));
    return row!.unsubscribed;
  }

  it('puts the List-Unsubscribe headers and the signed link on every non-security e-mail only', async () => {
    const user = await signUpUser(context.app);
    const welcome = await welcomeOf(user);
    const link = unsubscribeUrl(context.config.publicUrl, context.config.sessionSecret, user.id);
    expect(welcome.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(welcome.text).toContain(`Unsubscribe: ${link}`);
    expect(welcome.html).toContain('Unsubscribe</a>');
    const [verification] = await context.database.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.userId, user.id), eq(emailMessages.emailType, 'verification')));
    expect(verification!.headers).toEqual({});
    expect(verification!.text).not.toContain('Unsubscribe');
  });

  it('unsubscribes on the mail client’s RFC 8058 POST, signed out', async () => {
    const user = await signUpUser(context.app);
    const link = await headerLinkOf(user);
    const response = await context.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unsubscribed: true });
    expect(await isUnsubscribed(user)).toBe(true);
  });

  it('accepts the multipart form the RFC recommends', async () => {
    const user = await signUpUser(context.app);
    const link = await headerLinkOf(user);
    const boundary = '----chaska';
    const response = await context.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(200);
    expect(await isUnsubscribed(user)).toBe(true);
  });

  it('unsubscribes through the JSON call the /unsubscribe page makes, signed out', async () => {
    const user = await signUpUser(context.app);
    const link = await headerLinkOf(user);
    const payload = { u: link.searchParams.get('u'), t: link.searchParams.get('t') };
    const response = await context.app.inject({ method: 'POST', url: '/api/email/unsubscribe', payload });
    expect(response.statusCode).toBe(200);
    expect(await isUnsubscribed(user)).toBe(true);
    // A second click on the same link is fine.
    expect((await context.app.inject({ method: 'POST', url: '/api/email/unsubscribe', payload })).statusCode).toBe(200);
  });

  it('refuses a forged or borrowed signature and changes nothing', async () => {
    const victim = await signUpUser(context.app);
    const attacker = await signUpUser(context.app);
    const attackerLink = await headerLinkOf(attacker);
    const forgeries = [
      { u: victim.id, t: attackerLink.searchParams.get('t')! },
      { u: victim.id, t: 'not-a-signature' },
      { u: victim.id, t: attackerLink.searchParams.get('t')!.replace(/^./, (char) => (char === 'A' ? 'B' : 'A')) },
    ];
    for (const forged of forgeries) {
      const json = await context.app.inject({ method: 'POST', url: '/api/email/unsubscribe', payload: forged });
      expect(json.statusCode).toBe(400);
      expect(json.json().error.message).toBe(INVALID_UNSUBSCRIBE_LINK_MESSAGE);
      const oneClick = await context.app.inject({
        method: 'POST',
        url: `/unsubscribe?${new URLSearchParams(forged)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode).toBe(400);
    }
    expect(await isUnsubscribed(victim)).toBe(false);
  });

  it('refuses a link with a missing part', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/email/unsubscribe',
      payload: { u: 'someone' },
    });
    expect(response.statusCode).toBe(400);
    const oneClick = await context.app.inject({
      method: 'POST',
      url: '/unsubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(400);
  });

  it('stops notifications and alerts after unsubscribing, but still answers a password reset request', async () => {
    const user = await signUpUser(context.app);
    const link = await headerLinkOf(user);
    await context.app.inject({
      method: 'POST',
      url: '/api/email/unsubscribe',
      payload: { u: link.searchParams.get('u'), t: link.searchParams.get('t') },
    });
    const render = () => ({ subject: 'Hello', html: '<p>Hello</p>', text: 'Hello' });
    const send = (type: 'stamp' | 'security' | 'password_reset') =>
      enqueueAndRunNow({
        db: context.database.db,
        email: context.app.deps.email,
        message: { type, to: user.email, userId: user.id, render },
        now: context.clock.now(),
      });
    expect(await send('stamp')).toBe('skipped');
    expect(await send('security')).toBe('skipped');
    expect(await send('password_reset')).toBe('sent');
  });
});
