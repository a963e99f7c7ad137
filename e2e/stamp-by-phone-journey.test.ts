import { describe, expect, inject, it } from 'vitest';
import { signInBrowser } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { waitForSmsCode } from '../src/server/test/fake-sms-gateway';
import { openVendor } from './support/stamp-vendor';
import { saveScreenshots } from './support/screenshots';

interface ReceivedSms {
  to: string;
  text: string;
}

describe.skipIf(!chromiumAvailable)('stamp by phone number: a customer without a smartphone', () => {
  const session = useBrowser({ width: 360, height: 780 });
  const gateway = inject('smsGateway');

  it('the owner allows it, staff find the customer by number and stamp, and the customer gets a receipt by SMS', async () => {
    const vendor = await openVendor(session.baseUrl);
    const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
    const number = { typed: `0321 ${digits}`, e164: `+92321${digits}` };
    // The customer signed up with the number once (on a relative's phone, say).
    await fetch(`${session.baseUrl}/api/accounts/phone/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: number.typed }),
    });
    const signedUp = await fetch(`${session.baseUrl}/api/accounts/phone/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: number.typed, code: await waitForSmsCode(gateway, number.e164) }),
    });
    expect(signedUp.status).toBe(200);

    const { page, context } = session;
    await signInBrowser(context, vendor.owner.email);
    // The owner turns it on in the shop profile.
    await page.goto('/vendor/profile');
    await page.getByLabel(/Let staff stamp customers by phone number/).check();
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile saved. Your public page shows the new details.').waitFor();

    await page.goto('/vendor/issue-stamp');
    await page.getByRole('tab', { name: 'By phone number' }).click();
    await page.getByRole('textbox', { name: 'Customer’s mobile number' }).fill(number.typed);
    await page.getByRole('button', { name: 'Find customer' }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'Doodh Patti Club' });
    await row.getByRole('button', { name: 'Give stamp' }).click();
    await page.getByText('Doodh Patti Club: 1 of 3 stamps. A receipt is on its way to the customer.').waitFor();
    expect(await row.getByText('1 of 3').count()).toBeGreaterThan(0);
    await saveScreenshots(page, 'issue-stamp-by-phone');

    const deadline = Date.now() + 15_000;
    let receipt: ReceivedSms | undefined;
    while (!receipt && Date.now() < deadline) {
      const messages = (await (
        await fetch(`${gateway}/messages?to=${encodeURIComponent(number.e164)}`)
      ).json()) as ReceivedSms[];
      receipt = messages.find((message) => message.text.includes('of 3 stamps'));
      if (!receipt) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(receipt?.text).toBe(`${vendor.businessName}: 1 of 3 stamps. Thank you for visiting!`);
    expect(session.problems).toEqual([]);
  });
});
