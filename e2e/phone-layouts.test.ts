import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { approveVendor, signInBrowser } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { applyAsVendor, signInBrowserAsAdmin } from './support/vendor-applicants';

describe.skipIf(!chromiumAvailable)('layouts on a 360 px phone', () => {
  const session = useBrowser({ width: 360, height: 780 });

  it('shows each vendor as a card of named values, with no sideways swipe, and keeps the table for screen readers', async () => {
    const businessName = `Phone Paratha ${randomBytes(2).toString('hex')}`;
    const vendor = await applyAsVendor(session.baseUrl, { businessName });
    await approveVendor(session.baseUrl, vendor.vendorId);

    await signInBrowserAsAdmin(session.context);
    const { page } = session;
    await page.goto('/admin/vendors');
    await page.getByLabel('Search').fill(businessName);
    const table = page.getByRole('table', { name: 'All vendors' });
    const row = table.getByRole('row').filter({ hasText: businessName });
    await row.waitFor();

    const region = page.getByRole('region', { name: 'All vendors' });
    const overflow = await region.evaluate((box) => box.scrollWidth - box.clientWidth);
    expect(overflow).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Every value is named by its column on screen, and the action buttons are reachable.
    const planCell = row.getByRole('cell').nth(2);
    expect(await planCell.evaluate((cell) => getComputedStyle(cell, '::before').content)).toContain('Plan');
    await expect.poll(() => row.getByRole('button', { name: `Suspend ${businessName}` }).isVisible()).toBe(true);
    expect(await table.getByRole('columnheader', { name: 'Status' }).count()).toBe(1);

    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await row.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'admin-vendors', { fullPage: false });
    expect(session.problems).toEqual([]);
  });

  it('shows every tab of the counter screen whole, Confirm reward included', async () => {
    const vendor = await applyAsVendor(session.baseUrl, {
      businessName: `Tab Tikka ${randomBytes(2).toString('hex')}`,
    });
    await approveVendor(session.baseUrl, vendor.vendorId);
    await signInBrowser(session.context, vendor.owner.email);
    const { page } = session;
    await page.goto('/vendor/issue-stamp');
    const tabs = page.getByRole('tablist', { name: 'Ways to stamp' });
    await tabs.waitFor();
    for (const name of ['Counter code', 'Scan customer', 'Confirm reward']) {
      const tab = tabs.getByRole('tab', { name });
      const cut = await tab.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const list = element.parentElement!.getBoundingClientRect();
        return box.left < list.left || box.right > list.right || element.scrollWidth > element.clientWidth;
      });
      expect(cut, `${name} is cut off`).toBe(false);
    }
    await tabs.getByRole('tab', { name: 'Confirm reward' }).click();
    await page.getByRole('heading', { name: 'Confirm a reward' }).waitFor();
    await saveScreenshot(page, 'counter-tabs', { fullPage: false });
    expect(session.problems).toEqual([]);
  });
});
