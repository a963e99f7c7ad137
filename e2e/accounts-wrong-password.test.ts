import { describe, expect, it } from 'vitest';
import { signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';

describe.skipIf(!chromiumAvailable)('accounts: a wrong password', () => {
  const session = useBrowser();

  it('shows the mapped message in the "Authentication failed" box and stays signed out', async () => {
    const user = await signUpViaApi(session.baseUrl);
    const { page } = session;
    await page.goto('/auth');
    await page.getByText('Welcome back! Please sign in to continue').waitFor();
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password').fill('not-my-password');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    const box = page.getByRole('alert').filter({ hasText: 'Authentication failed' });
    await box.waitFor();
    expect(await box.innerText()).toContain('The email or password you entered is incorrect. Please try again.');
    // The form is usable again for the next try.
    expect(await page.getByRole('button', { name: 'Continue', exact: true }).isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth');
    const me = (await (await page.request.get('/api/me')).json()) as { user: unknown };
    expect(me.user).toBeNull();
    // The browser logs the 401 of the refused sign-in; nothing else may go wrong.
    expect(session.problems.filter((problem) => !problem.includes('401'))).toEqual([]);
  });
});
