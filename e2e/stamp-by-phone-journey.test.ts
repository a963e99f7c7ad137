import { describe, expect, inject, it } from 'vitest';
import { signInBrowser } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { freshMobile, waitForMessage, waitForPhoneCode } from '../src/server/test/fake-text-providers';
import { openVendor } from './support/stamp-vendor';
import { saveScreenshots } from './support/screenshots';

describe.skipIf(!chromiumAvailable)('stamp by phone number: a customer without a smartphone', () => {
  const session = useBrowser({ width: 360, height: 780 });
  const providers = inject('textProviders');

  it('the owner allows it, staff find the customer by number and stamp, and the customer gets a receipt by SMS', async () => {
    const vendor = await openVendor(session.baseUrl);
    // A phone without WhatsApp: what goes by WhatsApp first fails, and goes again by SMS.
    const number = freshMobile('0341');
    // The customer signed up with the number once (on a relative's phone, say).
    await fetch(`${session.baseUrl}/api/accounts/phone/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: number.typed }),
    });
    const signedUp = await fetch(`${session.baseUrl}/api/accounts/phone/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        phoneNumber: number.typed,
        code: await waitForPhoneCode(providers, number.e164, { channel: 'sms' }),
      }),
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

    // WhatsApp's approved receipt template first, in English; it reported the message undelivered,
    // so the same words went by SMS.
    const whatsApp = await waitForMessage(
      providers,
      number.e164,
      (message) => message.template?.name === 'chaska_stamp_receipt',
    );
    expect(whatsApp.template).toEqual({
      name: 'chaska_stamp_receipt',
      language: 'en',
      parameters: [vendor.businessName, '1', '3'],
    });
    const receipt = await waitForMessage(
      providers,
      number.e164,
      (message) => message.channel === 'sms' && message.text.includes('of 3 stamps'),
      'receipt',
    );
    expect(receipt.text).toBe(`${vendor.businessName}: 1 of 3 stamps. Thank you for visiting!`);
    expect(session.problems).toEqual([]);
  });
});
