import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshots } from './support/screenshots';
import { applyAsVendor, signInBrowserAsAdmin } from './support/vendor-applicants';

describe.skipIf(!chromiumAvailable)('admin: approve a pending vendor', () => {
  const session = useBrowser();

  it('approves an application on the dashboard, and the vendor appears on the landing page', async () => {
    const businessName = `Gujranwala Grill ${randomBytes(2).toString('hex')}`;
    const applicant = await applyAsVendor(session.baseUrl, { businessName, city: 'Gujranwala' });
    await signInBrowserAsAdmin(session.context);
    const { page } = session;

    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('heading', { name: 'Pending Applications' }).waitFor();
    await page.getByRole('button', { name: `Approve ${businessName}` }).click();
    await page.getByText('Vendor approved successfully!').waitFor();
    await expect.poll(() => page.getByRole('button', { name: `Approve ${businessName}` }).count()).toBe(0);
    // Recent Activity names it, in English and, for an admin reading Urdu, in Urdu.
    await page.getByText(`Vendor ${businessName} approved`).waitFor();
    await page.getByRole('button', { name: 'اردو' }).first().click();
    try {
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ur');
      await page.getByText(`وینڈر ${businessName} منظور ہو گیا`).waitFor();
      await saveScreenshots(page, 'admin-dashboard-ur');
    } finally {
      // The switch is saved on the account, and this admin is every admin journey's: back to English.
      await page.getByRole('button', { name: 'English' }).first().click();
      const savedLanguage = () =>
        page.evaluate(
          async () => ((await (await fetch('/api/me')).json()) as { user: { language: string } }).user.language,
        );
      await expect.poll(savedLanguage).toBe('en');
    }

    // A visitor now finds the vendor among the featured vendors of its city.
    const visitor = await session.newContext();
    try {
      await visitor.page.goto('/');
      await visitor.page.getByRole('button', { name: 'Gujranwala' }).click();
      await visitor.page.getByRole('heading', { name: businessName }).waitFor();
      await visitor.page.getByRole('heading', { name: businessName }).click();
      await visitor.page.waitForURL(`**/vendors/${applicant.slug}`);
    } finally {
      await visitor.context.close();
    }
    expect(session.problems).toEqual([]);
  });
});
