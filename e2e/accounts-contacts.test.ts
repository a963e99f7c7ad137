import { describe, expect, inject, it } from 'vitest';
import { linkFrom, readOutbox, signInBrowser, signUpViaApi, uniqueEmail } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { freshMobile, waitForPhoneCode } from '../src/server/test/fake-text-providers';

describe.skipIf(!chromiumAvailable)('accounts: add a mobile number or an e-mail address on the profile', () => {
  const session = useBrowser({ width: 360, height: 780 });
  const providers = inject('textProviders');

  it('an e-mail customer adds and verifies a mobile number, then signs in with it', async () => {
    const { page } = session;
    const user = await signUpViaApi(session.baseUrl, { name: 'Kiran', surname: 'Aslam' });
    await signInBrowser(session.context, user.email);
    const number = freshMobile('0346');

    await page.goto('/complete-profile');
    const contacts = page.getByRole('region', { name: 'E-mail and mobile number' });
    await contacts.getByText(user.email).waitFor();
    expect(await contacts.getByText('Not verified').count()).toBe(1);
    await contacts.getByRole('button', { name: 'Add a mobile number' }).click();
    await contacts.getByRole('textbox', { name: 'Mobile number' }).fill(number.typed);
    await contacts.getByRole('button', { name: 'Send code' }).click();
    const firstCodeAt = Date.now();
    await contacts.getByText(`We sent a 6-digit code to ${number.typed} by WhatsApp.`).waitFor();
    await contacts.getByText('Never share this code with anyone, not even shop staff.', { exact: false }).waitFor();
    // The sixth digit sends it.
    await contacts
      .getByRole('textbox', { name: 'Code', exact: true })
      .fill(await waitForPhoneCode(providers, number.e164));
    await contacts.getByText(number.typed).waitFor();
    await expect.poll(() => contacts.getByText('Verified', { exact: true }).count()).toBe(1);
    expect(await contacts.getByRole('button', { name: 'Add a mobile number' }).count()).toBe(0);

    // Signed out, the number reaches the same account, once the number's 30 s between codes is over.
    await session.context.clearCookies();
    await page.waitForTimeout(Math.max(0, 31_000 - (Date.now() - firstCodeAt)));
    await page.goto('/auth');
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(number.typed);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(`We sent a 6-digit code to ${number.typed} by WhatsApp.`).waitFor();
    await page
      .getByRole('textbox', { name: 'Code' })
      .fill(await waitForPhoneCode(providers, number.e164, { after: 1 }));
    await page.waitForURL('**/user');
    const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string; email: string } };
    expect(me.user).toMatchObject({ id: user.id, email: user.email });
    expect(session.problems).toEqual([]);
  }, 120_000);

  it('a phone customer adds an e-mail address, confirms it from the e-mail, and sets a password', async () => {
    const { page } = session;
    const number = freshMobile('0346');
    await page.goto('/auth');
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(number.typed);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('textbox', { name: 'Code' }).fill(await waitForPhoneCode(providers, number.e164));
    await page.waitForURL('**/user');

    await page.goto('/complete-profile');
    const contacts = page.getByRole('region', { name: 'E-mail and mobile number' });
    await contacts.getByText(number.typed).waitFor();
    expect(await page.getByText('phone.chaska.invalid').count()).toBe(0);
    const address = uniqueEmail('phone.customer');
    await contacts.getByLabel('New e-mail address').fill(address);
    await contacts.getByRole('button', { name: 'Send confirmation link' }).click();
    await contacts.getByText('Waiting for your confirmation').waitFor();
    await contacts.getByText(address).waitFor();
    // Until the link is opened the account is still a phone account.
    const before = (await (await page.request.get('/api/me')).json()) as { user: { email: string } };
    expect(before.user.email).toContain('phone.chaska.invalid');

    const [confirmation] = await readOutbox(session.baseUrl, address, 'verification');
    await page.goto(linkFrom(confirmation!, '/verify-email'));
    await page.getByRole('heading', { name: 'E-mail address confirmed' }).waitFor();

    await page.goto('/complete-profile');
    await contacts.getByText(address).first().waitFor();
    expect(await contacts.getByText('Verified', { exact: true }).count()).toBe(2);
    await contacts.getByRole('button', { name: 'Send me a link to set a password' }).click();
    await contacts.getByText(/We sent a link to .* Open it within 1 hour to choose your password\./).waitFor();

    const [reset] = await readOutbox(session.baseUrl, address, 'password_reset');
    await page.goto(linkFrom(reset!, '/reset-password'));
    await page.getByLabel(/^New password/).fill('doodh-patti-7');
    await page.getByLabel('Confirm new password').fill('doodh-patti-7');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password has been changed. Please sign in with your new password.').waitFor();
    await page.getByLabel('Email address').fill(address);
    await page.getByLabel('Password').fill('doodh-patti-7');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL('**/user');
    const me = (await (await page.request.get('/api/me')).json()) as { user: { email: string; phoneNumber: string } };
    expect(me.user).toMatchObject({ email: address, phoneNumber: number.e164 });
    expect(session.problems).toEqual([]);
  });
});
