import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD, linkFrom, readOutbox, uniqueEmail } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { openVendor, postJson } from './support/stamp-vendor';

describe.skipIf(!chromiumAvailable)('staff: the invitation, its sign-up and the staff menu', () => {
  const session = useBrowser({ width: 1280, height: 800 });

  it('signs up with the invited address already filled in, and shows staff their own menu', async () => {
    const { page, baseUrl } = session;
    const vendor = await openVendor(baseUrl);
    const email = uniqueEmail('staff');
    await postJson(baseUrl, '/api/vendor/staff/invitations', vendor.owner.cookie, { email });
    await expect.poll(async () => (await readOutbox(baseUrl, email, 'staff_invite')).length).toBe(1);
    const [invitation] = await readOutbox(baseUrl, email, 'staff_invite');
    const link = new URL(linkFrom(invitation!, '/join-vendor'));

    // Signed out, the invitation leads to sign-up with the invited address in the form.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('link', { name: `New here? Create an account as ${email}` }).click();
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    await expect.poll(() => page.getByLabel('Email address').inputValue()).toBe(email);
    await page.getByLabel('First Name').fill('Bilal');
    await page.getByLabel('Last Name').fill('Ahmed');
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    // Back on the invitation, signed in as the invited address.
    await page.waitForURL('**/join-vendor**');
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.waitForURL('**/vendor/issue-stamp');

    // Staff see the counter's work, not the owner's business tools.
    const menu = page.getByRole('navigation').filter({ has: page.getByRole('link', { name: 'Issue Stamp' }) });
    await menu.getByRole('link', { name: 'Customers' }).waitFor();
    for (const ownerOnly of ['Campaigns', 'Automations', 'Billing', 'API & Webhooks'])
      expect(await menu.getByRole('link', { name: ownerOnly }).count()).toBe(0);

    // A page kept to the owner, opened by its address, says so instead of failing.
    await page.goto('/vendor/campaigns');
    await page.getByText('Only the shop owner can use Campaigns').waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(0);
  });
});
