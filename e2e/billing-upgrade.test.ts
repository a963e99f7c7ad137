import { describe, expect, it } from 'vitest';
import { signInBrowser } from './support/api';
import { createApprovedVendorOwner } from './support/billing-vendor';
import { chromiumAvailable, useBrowser } from './support/browser';
import type { Page } from 'playwright-core';
import { formatPKR } from '../src/shared/number-format';
import { formatLongDate } from '../src/shared/pakistan-time';
import { unusedCredit } from '../src/shared/billing/proration';

/** The end of the paid month, as the billing API says it. */
async function paidUntil(page: Page): Promise<Date> {
  const billing = (await (await page.request.get('/api/billing')).json()) as {
    subscription: { nextBillingDate: string };
  };
  return new Date(billing.subscription.nextBillingDate);
}

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
    // Without a subscription the owner has Starter's limits for free: the page says so.
    await current.getByText('Starter · free · nothing due').waitFor();
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
    const standardEnd = formatLongDate(await paidUntil(page));
    await current.getByText(`Standard · paid until ${standardEnd} · next charge Rs 5,000 on ${standardEnd}`).waitFor();
    expect(session.problems).toEqual([]);
  });

  it('moves up to Premium the same month: the unused Standard days come off, on the page and the receipt', async () => {
    const owner = await createApprovedVendorOwner(session.baseUrl, 'Bundu Khan Express');
    await signInBrowser(session.context, owner.email);
    const { page } = session;
    const current = page.getByRole('region', { name: 'Current Subscription' });
    const history = page.getByRole('region', { name: 'Payment History' });

    await page.goto('/vendor/billing');
    await page.getByRole('button', { name: 'Upgrade to Standard' }).click();
    await page.getByRole('button', { name: /^Pay Rs/ }).click();
    await page.waitForURL('**/vendor/billing?success=true', { timeout: 10_000 });
    await current.getByText('Standard', { exact: true }).waitFor();

    // The credit is the rule's (proration.ts) for the Standard month just paid, at this moment.
    const credit = unusedCredit({ planId: 'standard', price: 5000, end: await paidUntil(page) }, new Date());
    expect(credit).not.toBeNull();
    const due = 10000 - credit!.amount;
    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.waitForURL('**/sandbox-pay/checkout/cs_test_*');
    await page.getByText('Credit for unused Standard').waitFor();
    expect(await page.getByText(`−${formatPKR(credit!.amount)}`).count()).toBe(1);
    await page.getByRole('button', { name: `Pay ${formatPKR(due)}` }).click();

    await page.waitForURL('**/vendor/billing?success=true', { timeout: 10_000 });
    await current.getByText('Premium', { exact: true }).waitFor();
    const premiumEnd = formatLongDate(await paidUntil(page));
    await current.getByText(`Premium · paid until ${premiumEnd} · next charge Rs 10,000 on ${premiumEnd}`).waitFor();

    // The payment's lines, as on its receipt: Premium's month, the credit for Standard, the total paid.
    const row = history.getByRole('row').filter({ hasText: 'Premium plan, monthly subscription' });
    await row.waitFor();
    expect(await row.getByText(new RegExp(`^Premium \\(.+ – ${premiumEnd}\\)$`)).count()).toBe(1);
    expect(await row.getByText('Rs 10,000', { exact: true }).count()).toBe(1);
    expect(await row.getByText('Credit for unused Standard', { exact: true }).count()).toBe(1);
    expect(await row.getByText(`−${formatPKR(credit!.amount)}`, { exact: true }).count()).toBe(1);
    expect(await row.getByText(formatPKR(due), { exact: true }).count()).toBe(1);
    const receipt = await page.request.get(
      (await row.getByRole('link', { name: /Download receipt/ }).getAttribute('href')) ?? '',
    );
    expect(receipt.headers()['content-type']).toBe('application/pdf');
    expect(session.problems).toEqual([]);
  });
});
