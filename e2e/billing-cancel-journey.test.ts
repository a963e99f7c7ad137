import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signInBrowser } from './support/api';
import { createApprovedVendorOwner } from './support/billing-vendor';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshot, saveScreenshots } from './support/screenshots';

/**
 * The server runs on the real clock here (the e2e harness has no clock control), so the journey
 * checks the cancel state, Resume and the receipt; the lapse at the period end is covered by the
 * API tests on a TestClock (billing-cancel.test.ts).
 */
describe.skipIf(!chromiumAvailable)('billing: cancel at period end, resume, receipt', () => {
  const session = useBrowser();

  it('subscribes through the sandbox, cancels with the end date, resumes, downloads the receipt and schedules a downgrade', async () => {
    const owner = await createApprovedVendorOwner(session.baseUrl, 'Chaska Receipts Cafe');
    await signInBrowser(session.context, owner.email);
    const { page } = session;

    await page.goto('/vendor/billing');
    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.waitForURL('**/sandbox-pay/checkout/cs_test_*');
    await page.getByRole('button', { name: /^Pay Rs/ }).click();
    await page.waitForURL('**/vendor/billing?success=true', { timeout: 15_000 });

    const current = page.getByRole('region', { name: 'Current Subscription' });
    await current.getByText('Premium', { exact: true }).waitFor();
    await current.getByText('Active', { exact: true }).waitFor();
    const nextBilling = (await current.locator('dt:has-text("Next billing date") + dd').textContent())?.trim() ?? '';
    expect(nextBilling).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your Premium subscription?' });
    await dialog
      .getByText(`Your Premium plan stays active until ${nextBilling}, and you will not be charged again.`, {
        exact: false,
      })
      .waitFor();
    if (process.env.E2E_SCREENSHOTS) {
      await page.waitForTimeout(500); // the dialog's fade-in, for the picture only
      await saveScreenshot(page, 'billing-cancel-dialog', { fullPage: false });
    }
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await dialog.waitFor({ state: 'detached' });

    await current.getByText(`Premium · Cancels on ${nextBilling}`).waitFor();
    expect(await current.locator('dt:has-text("Next billing date") + dd').textContent()).toBe('N/A');
    await page.getByRole('button', { name: 'Resume subscription' }).waitFor();

    const history = page.getByRole('region', { name: 'Payment History' });
    const receiptLink = history.getByRole('link', { name: /^Download receipt CHK-\d{6} \(PDF\)$/ });
    await receiptLink.waitFor();
    await saveScreenshots(page, 'billing-cancel-state');

    const [download] = await Promise.all([page.waitForEvent('download'), receiptLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^chaska-receipt-CHK-\d{6}\.pdf$/);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');

    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();
    expect(await current.getByText(/Cancels on/).count()).toBe(0);
    expect(await current.locator('dt:has-text("Next billing date") + dd').textContent()).toBe(nextBilling);

    // Downgrade: the dialog says when and which cards pause (none here), then the page says when it moves.
    await page.getByRole('button', { name: 'Downgrade to Standard' }).click();
    const downgrade = page.getByRole('dialog', { name: 'Downgrade to Standard?' });
    await downgrade.getByText(`You keep Premium until ${nextBilling}.`, { exact: false }).waitFor();
    await downgrade.getByText('All your active cards fit the Standard plan.').waitFor();
    await downgrade.getByRole('button', { name: 'Downgrade to Standard' }).click();
    await downgrade.waitFor({ state: 'detached' });
    await current.getByText(`Premium · Moves to Standard on ${nextBilling}`).waitFor();
    await page.getByRole('button', { name: 'Keep Premium' }).click();
    await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();
    expect(await current.getByText(/Moves to/).count()).toBe(0);
    expect(session.problems).toEqual([]);
  });
});
