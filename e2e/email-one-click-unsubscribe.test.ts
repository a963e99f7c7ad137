import { describe, expect, it } from 'vitest';
import { linkFrom, readOutbox, signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';

describe.skipIf(!chromiumAvailable)('one-click unsubscribe from an e-mail, signed out', () => {
  const session = useBrowser();

  it('unsubscribes from the welcome e-mail link and the preferences page shows it after sign-in', async () => {
    const user = await signUpViaApi(session.baseUrl);
    await expect.poll(async () => (await readOutbox(session.baseUrl, user.email, 'welcome')).length).toBe(1);
    const [welcome] = await readOutbox(session.baseUrl, user.email, 'welcome');
    const link = linkFrom(welcome!, '/unsubscribe?');
    expect(welcome!.headers['List-Unsubscribe']).toBe(`<${link}>`);
    expect(welcome!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // A fresh context: no session cookie, as when the link is opened from a mail app.
    const { context, page } = await session.newContext();
    try {
      await page.goto(link);
      await page.getByRole('heading', { name: 'You have been unsubscribed from all Chaska e-mails' }).waitFor();
      expect(await page.getByRole('link', { name: 'Back to Chaska' }).getAttribute('href')).toBe('/');
      await page.getByRole('link', { name: 'Manage email preferences' }).waitFor();

      // Still signed out: the preferences link asks for a sign-in first and comes back.
      await page.getByRole('link', { name: 'Manage email preferences' }).click();
      await page.waitForURL('**/auth?next=%2Femail-preferences');
      await page.getByLabel('Email address').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.getByText('You are unsubscribed from all emails').waitFor();
      expect(new URL(page.url()).pathname).toBe('/email-preferences');
      expect(await page.getByRole('button', { name: 'Resubscribe' }).isEnabled()).toBe(true);
    } finally {
      await context.close();
    }
    expect(session.problems).toEqual([]);
  });

  it('says so when the link is forged, and changes nothing', async () => {
    const user = await signUpViaApi(session.baseUrl);
    const { page } = session;
    await page.goto(`/unsubscribe?u=${encodeURIComponent(user.id)}&t=forged-signature`);
    await page.getByRole('heading', { name: 'This unsubscribe link is not valid' }).waitFor();
    await page.getByRole('link', { name: 'Back to Chaska' }).waitFor();

    await signInBrowser(session.context, user.email);
    await page.goto('/email-preferences');
    await page.getByRole('button', { name: 'Unsubscribe from All Emails' }).waitFor();
    expect(await page.getByText('You are unsubscribed from all emails').count()).toBe(0);
    // The refused API call is the only console error the page may show.
    expect(session.problems.filter((problem) => !problem.includes('400'))).toEqual([]);
  });
});
