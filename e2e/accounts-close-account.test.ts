import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD, signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';

describe.skipIf(!chromiumAvailable)('accounts: download my data, then close the account', () => {
  const session = useBrowser();

  it('downloads the data, closes the account with the password, is signed out and cannot sign in again', async () => {
    const user = await signUpViaApi(session.baseUrl);
    await signInBrowser(session.context, user.email);
    const { page } = session;

    await page.goto('/user');
    await page.getByRole('link', { name: 'My account' }).click();
    await page.waitForURL('**/account/security');
    await page.getByRole('heading', { name: 'Your data' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^chaska-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { profile: { email: string } };
    expect(data.profile.email).toBe(user.email);

    await page.getByRole('button', { name: 'Close account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close your account?' });
    await dialog.getByText('Shops keep the count of the stamps you collected').waitFor();
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await dialog.getByText('The password is not right.').waitFor();
    await dialog.getByLabel('Your password').fill(E2E_PASSWORD);
    await dialog.getByRole('button', { name: 'Close my account' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    const me = (await (await page.request.get('/api/me')).json()) as { user: unknown };
    expect(me.user).toBeNull();

    await page.goto('/auth');
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const box = page.getByRole('alert').filter({ hasText: 'Authentication failed' });
    await box.waitFor();
    expect(await box.innerText()).toContain('The email or password you entered is incorrect. Please try again.');
    expect(new URL(page.url()).pathname).toBe('/auth');
    // The wrong password in the dialog (400) and the refused sign-in (401) are logged; nothing else may go wrong.
    expect(session.problems.filter((problem) => !problem.includes('400') && !problem.includes('401'))).toEqual([]);
  });
});
