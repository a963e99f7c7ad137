import { describe, expect, it } from 'vitest';
import { readOutbox, signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';

describe.skipIf(!chromiumAvailable)('accounts: complete the profile', () => {
  const session = useBrowser({ width: 360, height: 800 });

  it('checks every field, saves, goes to /user and shows the saved values when reopened', async () => {
    const user = await signUpViaApi(session.baseUrl, { name: 'Sana', surname: 'Malik' });
    await signInBrowser(session.context, user.email);
    const { page } = session;

    await page.goto('/complete-profile');
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Sana');
    expect(await page.getByLabel('Email address').inputValue()).toBe(user.email);
    expect(await page.getByLabel('Email address').getAttribute('readonly')).not.toBeNull();

    // The yellow notice while the address is unconfirmed, with a working resend.
    await page.getByText('Please confirm your e-mail address').waitFor();
    const before = (await readOutbox(session.baseUrl, user.email, 'verification')).length;
    await page.getByRole('button', { name: 'Resend verification e-mail' }).click();
    await page.getByText(`We have sent a new link to ${user.email}.`).waitFor();
    expect((await readOutbox(session.baseUrl, user.email, 'verification')).length).toBe(before + 1);

    // Every field is required, with a message beside it.
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Please enter a valid phone number, for example +92 300 1234567.').waitFor();
    expect(await page.getByText('Please choose a city from the list.').count()).toBe(1);
    expect(await page.getByText('Please enter a valid date of birth.').count()).toBe(1);
    expect(await page.getByText('Please choose a gender.').count()).toBe(1);

    await page.getByLabel('Phone').fill('+92 321 7654321');
    await page.getByLabel('City').selectOption('Multan');
    await page.getByLabel('Date of birth').fill('1994-08-14');
    await page.getByLabel('Gender').selectOption({ label: 'Prefer not to say' });
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved').waitFor();
    await page.waitForURL('**/user');

    await page.goto('/complete-profile');
    await page.getByLabel('Phone').waitFor();
    expect(await page.getByLabel('Phone').inputValue()).toBe('+92 321 7654321');
    expect(await page.getByLabel('City').inputValue()).toBe('Multan');
    expect(await page.getByLabel('Date of birth').inputValue()).toBe('1994-08-14');
    expect(await page.getByLabel('Gender').inputValue()).toBe('prefer_not_to_say');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(session.problems).toEqual([]);
  });
});
