import { describe, expect, it } from 'vitest';
import { linkFrom, readOutbox, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';

describe.skipIf(!chromiumAvailable)('accounts: reset a password through the e-mailed link', () => {
  const session = useBrowser();

  it('asks for a link on the sign-in tab, sets a new password from the outbox link, and signs in with it', async () => {
    const user = await signUpViaApi(session.baseUrl);
    const { page } = session;

    await page.goto('/auth');
    await page.getByLabel('Email address').fill(user.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    // The address typed on the sign-in tab comes along.
    expect(await page.getByLabel('Email address').inputValue()).toBe(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('we have sent a link to reset your password').waitFor();

    const [email] = await readOutbox(session.baseUrl, user.email, 'password_reset');
    expect(email).toBeDefined();
    const link = linkFrom(email!, '/reset-password');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();

    await page.getByLabel(/^New password/).fill('fresh-password-1');
    await page.getByLabel('Confirm new password').fill('something-else');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('The two passwords do not match.').waitFor();
    await page.getByLabel('Confirm new password').fill('fresh-password-1');
    await page.getByRole('button', { name: 'Save new password' }).click();

    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByText('Your password has been changed. Please sign in with your new password.').waitFor();
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password').fill('fresh-password-1');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL('**/user');

    // The link works once only.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Link already used' }).waitFor();
    expect(await page.getByText('This reset link has already been used. Please request a new one.').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Request a new link' }).count()).toBe(1);
    // The check of the used link answers 400, which the browser logs.
    expect(session.problems.filter((problem) => !problem.includes('400'))).toEqual([]);
  });

  it('explains a link without a token', async () => {
    await session.page.goto('/reset-password');
    await session.page.getByRole('heading', { name: 'Link not valid' }).waitFor();
    await session.page.getByRole('link', { name: 'Request a new link' }).click();
    await session.page.getByRole('heading', { name: 'Reset your password' }).waitFor();
  });
});
