import { describe, expect, it } from 'vitest';
import { signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';

describe.skipIf(!chromiumAvailable)('email preferences: toggle and save', () => {
  const session = useBrowser();

  it('saves the toggles and the frequency, and a reload shows the saved values', async () => {
    const user = await signUpViaApi(session.baseUrl);
    await signInBrowser(session.context, user.email);
    const { page } = session;
    await page.goto('/email-preferences');

    const marketing = page.getByRole('switch', { name: 'Marketing emails', exact: true });
    const stamps = page.getByRole('switch', { name: 'Stamp notifications', exact: true });
    const security = page.getByRole('switch', { name: 'Security alerts', exact: true });
    await marketing.waitFor();
    // SPEC.md section 9 defaults.
    expect(await marketing.getAttribute('aria-checked')).toBe('false');
    expect(await stamps.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('radio', { name: 'Immediate' }).getAttribute('aria-checked')).toBe('true');
    // Security alerts are shown on and locked.
    expect(await security.getAttribute('aria-checked')).toBe('true');
    expect(await security.isDisabled()).toBe(true);

    await marketing.click();
    await stamps.click();
    await page.getByRole('radio', { name: 'Weekly' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Email preferences updated successfully!').waitFor();

    await page.reload();
    await marketing.waitFor();
    expect(await marketing.getAttribute('aria-checked')).toBe('true');
    expect(await stamps.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByRole('radio', { name: 'Weekly' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByText('every Monday at 9:00 am, Pakistan time').count()).toBe(1);

    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await page.waitForURL('**/user');
    expect(session.problems).toEqual([]);
  });

  it('sends a signed-out visitor to sign in first', async () => {
    await session.page.goto('/email-preferences');
    await session.page.waitForURL('**/auth?next=%2Femail-preferences');
  });
});
