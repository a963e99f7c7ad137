import { describe, expect, it } from 'vitest';
import { signInBrowser } from './support/api';
import { createApprovedVendorOwner } from './support/billing-vendor';
import { chromiumAvailable, useBrowser } from './support/browser';

describe.skipIf(!chromiumAvailable)('billing: cancel at the sandbox checkout', () => {
  const session = useBrowser();

  it('returns through the cancel page and nothing changes', async () => {
    const owner = await createApprovedVendorOwner(session.baseUrl, 'Kulfi Corner');
    await signInBrowser(session.context, owner.email);
    const { page } = session;

    await page.goto('/vendor/billing');
    const current = page.getByRole('region', { name: 'Current Subscription' });
    await current.getByText('Starter', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.waitForURL('**/sandbox-pay/checkout/cs_test_*');
    await page.getByRole('heading', { name: 'Premium plan' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.waitForURL('**/payment/cancel');
    await page.getByRole('heading', { name: 'Payment Cancelled' }).waitFor();
    await page.getByText('No charges were made.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Back to Billing' }).click();

    await page.waitForURL('**/vendor/billing?canceled=true');
    await page.getByText('Checkout cancelled').waitFor();
    await current.getByText('Starter', { exact: true }).waitFor();
    expect(await current.getByText('Inactive').count()).toBe(1);
    await page.getByText('No Payment History').waitFor();
    expect(await page.getByRole('button', { name: 'Upgrade to Premium' }).isEnabled()).toBe(true);
    expect(session.problems).toEqual([]);
  });
});
