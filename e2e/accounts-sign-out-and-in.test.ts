import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD, signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';

describe.skipIf(!chromiumAvailable)('accounts: sign out and back in', () => {
  const session = useBrowser();

  it('signs out to the home page, then signs in again and returns where the guard sent us from', async () => {
    const user = await signUpViaApi(session.baseUrl);
    await signInBrowser(session.context, user.email);
    const { page } = session;

    await page.goto('/complete-profile');
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    const me = (await (await page.request.get('/api/me')).json()) as { user: unknown };
    expect(me.user).toBeNull();

    // The guard sends a signed-out visitor to /auth and brings them back afterwards.
    await page.goto('/complete-profile');
    await page.waitForURL('**/auth?next=%2Fcomplete-profile');
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL('**/complete-profile');
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor();
    expect(session.problems).toEqual([]);
  });

  it('goes to /user after signing in from /auth itself', async () => {
    const user = await signUpViaApi(session.baseUrl);
    const { page } = session;
    await page.goto('/auth');
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL('**/user');
    expect(session.problems).toEqual([]);
  });

  it('keeps a password typed before the page is interactive out of the address, and signs in once it is', async () => {
    const user = await signUpViaApi(session.baseUrl);
    const { page } = session;
    const addresses: string[] = [];
    page.on('request', (request) => addresses.push(request.url()));
    // A slow phone: the server's page is painted, its script arrives two seconds later.
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await page.goto('/auth', { waitUntil: 'commit' });
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    const submit = page.getByRole('button', { name: 'Continue', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Password').press('Enter');

    // Once the script has taken the page over, the typed fields are still there and sign in.
    await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
    await submit.click();
    await page.waitForURL('**/user');
    // No address carries the typed password (a plain-HTML GET of the form would put it in the query).
    expect(
      addresses.filter(
        (address) => address.includes(encodeURIComponent(E2E_PASSWORD)) || /[?&]password=/.test(address),
      ),
    ).toEqual([]);
    expect(session.problems).toEqual([]);
  });
});
