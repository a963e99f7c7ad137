import { describe, expect, it } from 'vitest';
import { signInBrowser } from './support/api';
import { createApprovedVendorOwner } from './support/billing-vendor';
import { chromiumAvailable, useBrowser } from './support/browser';

describe.skipIf(!chromiumAvailable)('billing: upgrade to standard through the sandbox checkout', () => {
  const session = useBrowser();

  it('pays on the hosted page, returns through the success page and sees Standard, Active and the payment', async () => {
    const owner = await createApprovedVendorOwner(session.baseUrl);
    await signInBrowser(session.context, owner.email);
    const { page } = session;

    await page.goto('/vendor/billing');
    const current = page.getByRole('region', { name: 'Current Subscription' });
    await current.getByText('Starter', { exact: true }).waitFor();
    expect(await current.getByText('Inactive').count()).toBe(1);
    await page.getByText('No Payment History').waitFor();
    // The sandbox provider is in use: both the billing page and its checkout say so.
    await page.getByText('Test payments: no money moves').waitFor();

    await page.getByRole('button', { name: 'Upgrade to Standard' }).click();
    await page.waitForURL('**/sandbox-pay/checkout/cs_test_*');
    await page.getByRole('heading', { name: 'Standard plan' }).waitFor();
    await page.getByRole('note').getByText('Test payments: no money moves').waitFor();
    await page.getByRole('button', { name: /^Pay Rs/ }).click();

    await page.waitForURL('**/payment/success?session_id=cs_test_*');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to Billing Dashboard' }).count()).toBe(1);

    // The success page moves on to billing by itself after 3 seconds.
    await page.waitForURL('**/vendor/billing?success=true', { timeout: 10_000 });
    await current.getByText('Standard', { exact: true }).waitFor();
    expect(await current.getByText('Active', { exact: true }).count()).toBe(1);
    await page.getByText('Your Standard subscription is active.').waitFor();
    expect(await page.getByRole('button', { name: 'Standard: Current Plan' }).isDisabled()).toBe(true);

    const history = page.getByRole('region', { name: 'Payment History' });
    await history.getByText('Standard plan, monthly subscription').waitFor();
    expect(await history.getByText('Paid', { exact: true }).count()).toBe(1);
    await page.getByRole('region', { name: 'Billing Information' }).getByText('Visa ending in 4242').waitFor();
    expect(session.problems).toEqual([]);
  });
});
