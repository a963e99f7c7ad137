import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminCookie, readOutbox, signInBrowser } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshots } from './support/screenshots';
import { applyAsVendor, signInBrowserAsAdmin } from './support/vendor-applicants';

async function rejectAsAdmin(baseUrl: string, vendorId: string, reason: string): Promise<void> {
  const cookie = await adminCookie(baseUrl);
  const response = await fetch(`${baseUrl}/api/admin/vendors/${vendorId}/reject`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ reason }),
  });
  if (!response.ok) throw new Error(`reject failed: ${response.status} ${await response.text()}`);
}

describe.skipIf(!chromiumAvailable)('vendor application: apply again after a rejection', () => {
  const session = useBrowser();

  it('shows the reason, prefills the form, sends the new application to the admin queue with the earlier one beside it', async () => {
    const tag = randomBytes(2).toString('hex');
    const firstName = `Anarkali Tikka ${tag}`;
    const secondName = `Anarkali Tikka House ${tag}`;
    const reason = 'We could not verify the shop address. Please add the shop number.';
    const applicant = await applyAsVendor(session.baseUrl, { businessName: firstName });
    await rejectAsAdmin(session.baseUrl, applicant.vendorId, reason);

    // The rejected applicant opens the form: why it was not approved, and an offer to apply again.
    await signInBrowser(session.context, applicant.owner.email);
    const { page } = session;
    await page.goto('/vendor-signup');
    await page.getByText('Your previous application was not approved').waitFor();
    await page.getByText(`Reason: ${reason}`).waitFor();
    expect(await page.getByText('You have already applied').count()).toBe(0);
    await saveScreenshots(page, 'reapply-rejected');

    // The form comes back filled in with the earlier application.
    await page.getByRole('button', { name: 'Apply again' }).click();
    const businessName = page.getByLabel('Business name');
    await businessName.waitFor();
    expect(await businessName.inputValue()).toBe(firstName);
    expect(await page.getByLabel('Address').inputValue()).toBe('7 Circular Road');
    expect(await page.getByLabel('Area').inputValue()).toBe('Anarkali');
    expect(await page.getByLabel('Phone').inputValue()).toBe('+92 321 4567890');
    expect(await page.getByLabel('Owner email').inputValue()).toBe(applicant.owner.email);
    await saveScreenshots(page, 'reapply-form');

    await businessName.fill(secondName);
    await page.getByLabel('Address').fill('Shop 12, 7 Circular Road');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByRole('heading', { level: 1, name: 'What happens next' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/vendor-signup');
    await page
      .getByText(
        'Vendor application submitted successfully! We will review your application and get back to you within 24-48 hours.',
      )
      .waitFor();

    // Pending again: the vendor area says so, and the form's address says what happens next.
    await page.goto('/vendor');
    await page.getByText('Your application is pending review').waitFor();
    await page.goto('/vendor-signup');
    await page.getByRole('heading', { level: 1, name: 'What happens next' }).waitFor();
    await page.getByText(new RegExp(`We received the application for ${secondName} on`)).waitFor();
    expect(await readOutbox(session.baseUrl, applicant.owner.email, 'vendor_application')).toHaveLength(2);

    // The admin finds it in the queue like a new application, and reads the earlier one in Review.
    const admin = await session.newContext();
    try {
      await signInBrowserAsAdmin(admin.context);
      await admin.page.goto('/admin/vendors');
      await admin.page.getByRole('heading', { name: 'Vendors Management' }).waitFor();
      const row = admin.page.locator('li', { hasText: secondName });
      await row.getByText('Applied again after a rejection').waitFor();
      await row.getByRole('button', { name: 'Review' }).click();
      const review = admin.page.getByRole('dialog', { name: secondName });
      await review.getByText('Shop 12, 7 Circular Road').waitFor();
      await review.getByRole('heading', { name: 'Earlier applications (1)' }).waitFor();
      await review.getByText(`${firstName} · Anarkali, Lahore`).waitFor();
      await review.getByText(`Reason: ${reason}`).waitFor();
      await saveScreenshots(admin.page, 'reapply-admin-review', { fullPage: false });
    } finally {
      await admin.context.close();
    }
    expect(session.problems).toEqual([]);
  });
});
