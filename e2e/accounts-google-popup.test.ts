import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { queueMockLogin, type MockLogin } from '../src/server/test/mock-openid-server';
import { uniqueEmail } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';

/** The journeys talk to the real OpenID Connect server that global-setup starts for Google. */
const queueGoogleLogin = (login: MockLogin) => queueMockLogin(inject('googleIssuer'), login);

describe.skipIf(!chromiumAvailable)('accounts: Google sign-in through the popup', () => {
  const session = useBrowser();

  it('signs in through the 500x600 popup and lands on /user with the names Google sent', async () => {
    const email = uniqueEmail('google');
    await queueGoogleLogin({
      consentPage: true,
      identity: {
        sub: `google-${randomBytes(6).toString('hex')}`,
        email,
        email_verified: true,
        given_name: 'Zainab',
        family_name: 'Siddiqui',
      },
    });
    const { page } = session;
    await page.goto('/auth');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Continue with Google' }).click(),
    ]);
    await page.getByRole('button', { name: 'Loading...' }).waitFor();
    expect(await page.getByRole('button', { name: 'Continue', exact: true }).isDisabled()).toBe(true);

    // Google's consent screen, on the provider's own origin.
    await popup.getByRole('link', { name: 'Allow' }).waitFor();
    expect(await popup.evaluate(() => ({ width: window.outerWidth, height: window.outerHeight }))).toMatchObject({
      width: 500,
    });
    const closed = popup.waitForEvent('close');
    await popup.getByRole('link', { name: 'Allow' }).click();
    await closed;

    await page.waitForURL('**/user');
    const me = (await (await page.request.get('/api/me')).json()) as { user: Record<string, unknown> };
    expect(me.user).toMatchObject({ email, name: 'Zainab', surname: 'Siddiqui', verified: true });
    expect(session.problems).toEqual([]);
  });

  it('says "Authentication was cancelled" when the popup is closed first', async () => {
    await queueGoogleLogin({
      consentPage: true,
      identity: { sub: `google-${randomBytes(6).toString('hex')}`, email: uniqueEmail('closer') },
    });
    const { page } = session;
    await page.goto('/auth?mode=sign-up');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Continue with Google' }).click(),
    ]);
    await popup.getByRole('link', { name: 'Allow' }).waitFor();
    await popup.close();

    const box = page.getByRole('alert').filter({ hasText: 'Sign up failed' });
    await box.waitFor();
    expect(await box.innerText()).toContain('Authentication was cancelled');
    expect(await page.getByRole('button', { name: 'Continue with Google' }).isEnabled()).toBe(true);
    const me = (await (await page.request.get('/api/me')).json()) as { user: unknown };
    expect(me.user).toBeNull();
  });

  it('shows the provider error and closes the popup', async () => {
    await queueGoogleLogin({ error: 'server_error', errorDescription: 'Something broke at the provider' });
    const { page } = session;
    await page.goto('/auth');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Continue with Google' }).click(),
    ]);
    await popup.waitForEvent('close');
    const box = page.getByRole('alert').filter({ hasText: 'Authentication failed' });
    await box.waitFor();
    expect(await box.innerText()).toContain('OAuth authentication failed');
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('explains a blocked popup', async () => {
    const { page } = session;
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const box = page.getByRole('alert').filter({ hasText: 'Authentication failed' });
    await box.waitFor();
    expect(await box.innerText()).toContain('Popup blocked. Please allow popups and try again.');
  });
});
