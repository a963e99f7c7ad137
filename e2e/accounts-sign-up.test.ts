import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD, signUpViaApi, uniqueEmail } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';

describe.skipIf(!chromiumAvailable)('accounts: sign up and land on /user', () => {
  const session = useBrowser();

  it('creates an account on the sign-up tab, shows the busy state and lands on /user signed in', async () => {
    const { page } = session;
    const email = uniqueEmail('signup');
    // Holds the sign-up request until the busy state has been checked, so the check never races it.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/accounts/sign-up', async (route) => {
      await held;
      await route.continue();
    });

    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    expect(await page.getByText('Create an account to get started').count()).toBe(1);
    expect(await page.getByText('Already have an account?').count()).toBe(1);

    await page.getByLabel('First Name').fill('Bilal');
    await page.getByLabel('Last Name').fill('Ahmed');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    expect(await page.getByLabel('Email address').getAttribute('type')).toBe('email');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    const busyButton = page.getByRole('button', { name: 'Creating account...' });
    await busyButton.waitFor();
    expect(await busyButton.isDisabled()).toBe(true);
    expect(await page.getByLabel('Email address').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Continue with Google' }).isDisabled()).toBe(true);
    expect(await page.getByRole('tab', { name: 'Sign in' }).isDisabled()).toBe(true);
    release();

    await page.waitForURL('**/user');
    const me = (await (await page.request.get('/api/me')).json()) as {
      user: { email: string; name: string; surname: string };
    };
    expect(me.user).toMatchObject({ email, name: 'Bilal', surname: 'Ahmed' });
    // A signed-in visitor of /auth goes straight to the dashboard.
    await page.goto('/auth');
    await page.waitForURL('**/user');
    expect(session.problems).toEqual([]);
  });

  it('says an address already has an account, in the "Sign up failed" box', async () => {
    const existing = await signUpViaApi(session.baseUrl);
    const { page } = session;
    await page.goto('/auth?mode=sign-up');
    await page.getByLabel('First Name').fill('Someone');
    await page.getByLabel('Last Name').fill('Else');
    await page.getByLabel('Email address').fill(existing.email);
    await page.getByLabel('Password').fill('another-password');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const box = page.getByRole('alert').filter({ hasText: 'Sign up failed' });
    await box.waitFor();
    expect(await box.innerText()).toContain('An account with this email already exists. Please sign in instead.');
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('asks for a password of 6 characters before sending anything', async () => {
    const { page } = session;
    let sent = false;
    await page.route('**/api/accounts/sign-up', async (route) => {
      sent = true;
      await route.continue();
    });
    await page.goto('/auth?mode=sign-up');
    await page.getByLabel('First Name').fill('Ali');
    await page.getByLabel('Last Name').fill('Raza');
    await page.getByLabel('Email address').fill(uniqueEmail());
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByText('Password should be at least 6 characters long.').waitFor();
    expect(sent).toBe(false);
  });

  it('opens the sign-up tab from a tap that comes before the page is interactive', async () => {
    const { page } = session;
    // A phone whose script has not arrived: the server's page is all there is.
    await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
    await page.goto('/auth?next=%2Fuser%2Fqr', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('mode') === 'sign-up');
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    // Where the visitor was going travels with the tap.
    expect(new URL(page.url()).searchParams.get('next')).toBe('/user/qr');
    await page.getByRole('tab', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.searchParams.get('mode') === 'sign-in');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });
});
