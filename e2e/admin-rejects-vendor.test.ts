import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readOutbox, signInBrowser } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { applyAsVendor, signInBrowserAsAdmin } from './support/vendor-applicants';

describe.skipIf(!chromiumAvailable)('admin: reject a pending vendor with a reason', () => {
  const session = useBrowser();

  it('rejects from Vendors Management after a review, and the applicant sees the reason on /vendor', async () => {
    const businessName = `Rejected Rolls ${randomBytes(2).toString('hex')}`;
    const reason = 'We could not verify the shop address. Please apply again with a photo of the storefront.';
    const applicant = await applyAsVendor(session.baseUrl, { businessName });
    await signInBrowserAsAdmin(session.context);
    const { page } = session;

    await page.goto('/admin/vendors');
    await page.getByRole('heading', { name: 'Vendors Management' }).waitFor();
    // Review shows every field of the application, with Reject at hand.
    const row = page.locator('li', { hasText: businessName });
    await row.getByRole('button', { name: 'Review' }).click();
    const review = page.getByRole('dialog', { name: businessName });
    await review.getByText('7 Circular Road').waitFor();
    await review.getByText(applicant.owner.email).waitFor();
    await review.getByRole('button', { name: 'Reject' }).click();

    const confirm = page.getByRole('dialog', { name: `Reject ${businessName}?` });
    await confirm.getByLabel('Reason (optional)').fill(reason);
    await confirm.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('Vendor rejected successfully!').waitFor();
    await expect.poll(() => page.locator('li', { hasText: businessName }).count()).toBe(0);

    // The applicant signs in and reads the reason where their vendor area would be.
    const applicantBrowser = await session.newContext();
    try {
      await signInBrowser(applicantBrowser.context, applicant.owner.email);
      await applicantBrowser.page.goto('/vendor');
      await applicantBrowser.page.getByText('Your application was not approved').waitFor();
      await applicantBrowser.page.getByText(`Reason: ${reason}`).waitFor();
    } finally {
      await applicantBrowser.context.close();
    }
    const [email] = await readOutbox(session.baseUrl, applicant.owner.email, 'vendor_rejected');
    expect(email?.text).toContain(`Reason: ${reason}`);
    expect(session.problems).toEqual([]);
  });
});
