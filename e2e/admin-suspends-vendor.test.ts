import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { approveVendor } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { applyAsVendor, signInBrowserAsAdmin } from './support/vendor-applicants';

describe.skipIf(!chromiumAvailable)('admin: suspend a vendor', () => {
  const session = useBrowser();

  it('suspends a vendor from Vendors Management, and its cards vanish from /vendor-clubs until it is unsuspended', async () => {
    const suffix = randomBytes(2).toString('hex');
    const businessName = `Suspended Samosa ${suffix}`;
    const cardName = `Samosa Club ${suffix}`;
    const vendor = await applyAsVendor(session.baseUrl, { businessName });
    await approveVendor(session.baseUrl, vendor.vendorId);
    const created = await fetch(`${session.baseUrl}/api/vendor/cards`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: vendor.owner.cookie },
      body: JSON.stringify({
        saveAs: 'active',
        card: {
          name: cardName,
          cardType: 'hot_shot',
          stampsRequired: 6,
          rewardTitle: 'Free samosa plate',
          rewardValue: 300,
        },
      }),
    });
    expect(created.status, await created.clone().text()).toBe(200);

    const visitor = await session.newContext();
    try {
      await visitor.page.goto('/vendor-clubs');
      await visitor.page.getByRole('heading', { name: cardName }).waitFor();

      await signInBrowserAsAdmin(session.context);
      const { page } = session;
      await page.goto('/admin/vendors');
      await page.getByLabel('Search').fill(businessName);
      await page.getByRole('button', { name: `Suspend ${businessName}` }).click();
      const confirm = page.getByRole('dialog', { name: `Suspend ${businessName}?` });
      await confirm.getByRole('button', { name: 'Suspend' }).click();
      await confirm.getByText('Please give a reason.').waitFor();
      await confirm.getByLabel('Reason').fill('Customers reported expired food.');
      await confirm.getByRole('button', { name: 'Suspend' }).click();
      await page.getByText(`${businessName} is suspended.`).waitFor();
      await page.getByRole('button', { name: `Unsuspend ${businessName}` }).waitFor();

      await visitor.page.reload();
      await visitor.page
        .getByRole('heading', { name: 'Vendor Clubs' })
        .or(visitor.page.locator('h1'))
        .first()
        .waitFor();
      await expect
        .poll(() => visitor.page.getByRole('heading', { name: cardName }).count(), { timeout: 10_000 })
        .toBe(0);
      const status = await visitor.context.request.get(`/api/marketplace/vendors/${vendor.slug}`);
      expect(status.status()).toBe(404);

      await page.getByRole('button', { name: `Unsuspend ${businessName}` }).click();
      await page
        .getByRole('dialog', { name: `Unsuspend ${businessName}?` })
        .getByRole('button', { name: 'Unsuspend' })
        .click();
      await page.getByText(`${businessName} is active again.`).waitFor();
      await visitor.page.reload();
      await visitor.page.getByRole('heading', { name: cardName }).waitFor();
    } finally {
      await visitor.context.close();
    }
    expect(session.problems).toEqual([]);
  });
});
