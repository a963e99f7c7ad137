import { describe, expect, it } from 'vitest';
import { signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';

const CONFIRMATION = 'Are you sure you want to unsubscribe from all emails? You can resubscribe anytime.';

describe.skipIf(!chromiumAvailable)('email preferences: unsubscribe from all and resubscribe', () => {
  const session = useBrowser();

  it('asks for confirmation, locks the page while unsubscribed, and resubscribes', async () => {
    const user = await signUpViaApi(session.baseUrl);
    await signInBrowser(session.context, user.email);
    const { page } = session;
    await page.goto('/email-preferences');
    const unsubscribe = page.getByRole('button', { name: 'Unsubscribe from All Emails' });
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await unsubscribe.waitFor();

    // Cancel changes nothing.
    await unsubscribe.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(CONFIRMATION, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByText('You are unsubscribed from all emails').count()).toBe(0);

    await unsubscribe.click();
    await dialog.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await page.getByText('Successfully unsubscribed from all emails').waitFor();
    await page.getByText('You are unsubscribed from all emails').waitFor();

    async function expectLocked(locked: boolean) {
      for (const toggle of await page.getByRole('switch').all()) {
        const name = await toggle.getAttribute('id');
        const isSecurity = (await toggle.evaluate((element) => element.closest('li')?.textContent ?? '')).includes(
          'Security alerts',
        );
        expect(await toggle.isDisabled(), `switch ${name}`).toBe(isSecurity ? true : locked);
      }
      for (const radio of await page.getByRole('radio').all()) expect(await radio.isDisabled()).toBe(locked);
      expect(await save.isDisabled()).toBe(locked);
      expect(await unsubscribe.isDisabled()).toBe(locked);
    }
    await expectLocked(true);
    // No e-mail at all means no security alert either: the row says so instead of "Always on".
    const security = page.getByRole('switch', { name: 'Security alerts', exact: true });
    expect(await security.getAttribute('aria-checked')).toBe('false');
    await page.getByText('Off while you are unsubscribed from all e-mails', { exact: false }).waitFor();
    expect(await page.getByText('Always on to keep your account safe', { exact: false }).count()).toBe(0);

    // It is stored: a reload shows the same state.
    await page.reload();
    await page.getByText('You are unsubscribed from all emails').waitFor();
    await expectLocked(true);

    await page.getByRole('button', { name: 'Resubscribe' }).click();
    await page.getByText('Successfully resubscribed to emails').waitFor();
    expect(await page.getByText('You are unsubscribed from all emails').count()).toBe(0);
    await expectLocked(false);
    expect(session.problems).toEqual([]);
  });
});
