import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { secretOf, totpCode } from '../src/server/test/totp';
import { adminCookie, E2E_PASSWORD, linkFrom, readOutbox, signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';

/** Reads the key the set-up screen shows (for typing into an app) and computes the app's code. */
async function codeFromShownKey(page: Page): Promise<string> {
  const key = (await page.getByTestId('two-factor-secret').textContent())!.replace(/\s/g, '');
  return totpCode(secretOf(`otpauth://totp/x?secret=${key}`), new Date());
}

/** Turn on, scan (here: read the key), keep the backup codes, confirm with a first code. */
async function enrolOnScreen(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  await page.getByLabel('Your password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('img', { name: 'QR code to add your account to an authenticator app' }).waitFor();
  expect(await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').count()).toBe(10);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download backup codes' }).click();
  expect((await download).suggestedFilename()).toBe('chaska-backup-codes.txt');
  await page.getByLabel('Authentication code').fill(await codeFromShownKey(page));
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  await page.getByText('Two-factor sign-in is on. Next time you sign in, have your authenticator app ready.').waitFor();
}

describe.skipIf(!chromiumAvailable)('accounts: two-factor sign-in', () => {
  const session = useBrowser();

  it('a customer turns it on from the profile page, then signs in with password and code', async () => {
    const user = await signUpViaApi(session.baseUrl, { name: 'Maham' });
    await signInBrowser(session.context, user.email);
    const { page } = session;
    await page.goto('/complete-profile');
    await page.getByRole('heading', { name: 'Two-Factor Authentication' }).waitFor();
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await page.getByLabel('Your password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('two-factor-secret').waitFor();
    const key = (await page.getByTestId('two-factor-secret').textContent())!.replace(/\s/g, '');
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await page.getByText('That code is not right. Please check your authenticator app and try again.').waitFor();
    await page.getByLabel('Authentication code').fill(totpCode(secretOf(`otpauth://totp/x?secret=${key}`), new Date()));
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await page.getByText('Two-factor sign-in is on.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/auth');
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    expect(((await (await page.request.get('/api/me')).json()) as { user: unknown }).user).toBeNull();
    await page.getByLabel('Authentication code').fill(totpCode(secretOf(`otpauth://totp/x?secret=${key}`), new Date()));
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL('**/user');
    expect(session.problems.filter((problem) => !problem.includes('401'))).toEqual([]);
  });

  it('an admin without it is sent to set it up before the admin area opens', async () => {
    const colleague = await signUpViaApi(session.baseUrl, { name: 'Zara', surname: 'Admin' });
    const [verification] = await readOutbox(session.baseUrl, colleague.email, 'verification');
    await fetch(`${session.baseUrl}/api/accounts/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: new URL(linkFrom(verification!, '/verify-email')).searchParams.get('token') }),
    });
    const grant = await fetch(`${session.baseUrl}/api/admin/users/${colleague.id}/admin`, {
      method: 'POST',
      headers: { cookie: await adminCookie(session.baseUrl) },
    });
    expect(grant.status).toBe(200);

    await signInBrowser(session.context, colleague.email);
    const { page } = session;
    const refused = await page.request.get('/api/admin/stats');
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('two_factor_required');

    await page.goto('/admin/vendors');
    await page.waitForURL(
      (url) => url.pathname === '/account/security' && url.searchParams.get('next') === '/admin/vendors',
    );
    await page.getByText('Two-factor sign-in is required for administrators').waitFor();
    await enrolOnScreen(page);
    await page.getByRole('link', { name: 'Go to the admin area' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/vendors');
    await page.getByRole('heading', { name: 'Vendors Management' }).first().waitFor();
    expect(session.problems.filter((problem) => !problem.includes('403'))).toEqual([]);
  });
});
