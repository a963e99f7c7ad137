import { describe, expect, inject, it } from 'vitest';
import { chromiumAvailable, useBrowser } from './support/browser';
import { waitForSmsCode } from '../src/server/test/fake-sms-gateway';

/** A mobile number no other journey uses: 0345 and seven random digits. */
function freshMobile() {
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return { typed: `0345 ${digits}`, e164: `+92345${digits}` };
}

describe.skipIf(!chromiumAvailable)('accounts: sign in with a mobile number and a code', () => {
  const session = useBrowser({ width: 360, height: 780 });
  const gateway = inject('smsGateway');

  it('a new number gets an account from the code sent by SMS, and lands on /user', async () => {
    const { page } = session;
    const number = freshMobile();
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Continue with your mobile number' }).waitFor();
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(number.typed);
    await page.getByRole('button', { name: 'Send code' }).click();

    await page.getByText(`We sent a 6-digit code to ${number.typed} by SMS.`).waitFor();
    expect(await page.getByText('Never share this code with anyone, not even shop staff.').count()).toBe(1);
    const codeField = page.getByRole('textbox', { name: 'Code' });
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');

    // A wrong code first (the sixth digit sends it): the field says so and nothing else changes.
    const code = await waitForSmsCode(gateway, number.e164);
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await page.getByText('That code is not right. Please check the message and try again.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');

    await codeField.fill(code);
    await page.waitForURL('**/user');
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    expect(await page.getByText(number.typed).count()).toBeGreaterThan(0);
    expect(await page.getByText('phone.chaska.invalid').count()).toBe(0);
    const me = (await (await page.request.get('/api/me')).json()) as { user: { phoneNumber: string } };
    expect(me.user.phoneNumber).toBe(number.e164);
    // The wrong code's 400 is the one error the browser logged.
    expect(session.problems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);
  });

  it('a number that is not a Pakistani mobile is named under its field, and no code is sent', async () => {
    const { page } = session;
    await page.goto('/auth');
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('042 35761234');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Please enter a Pakistani mobile number, for example 0300 1234567.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Code' }).count()).toBe(0);
  });
});
