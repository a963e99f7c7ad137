import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { collectAtCounter, openVendor, postJson } from './support/stamp-vendor';

/** Presses Tab until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, most = 60): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** Whatever has the focus shows it: an outline or a ring a sighted keyboard user can follow. */
async function focusIsVisible(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const style = getComputedStyle(element);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  });
}

describe.skipIf(!chromiumAvailable)('the stamp journey with the keyboard alone', () => {
  const session = useBrowser({ width: 360, height: 800 });

  it('signs in, collects a stamp by typed code, sees it, and opens the reward, never touching a mouse', async () => {
    const { page, baseUrl } = session;
    const vendor = await openVendor(baseUrl);
    const customer = await signUpViaApi(baseUrl, { name: 'Kiran' });
    // Two visits already: the keyboard's stamp completes the card.
    await collectAtCounter(baseUrl, vendor, customer.cookie, 2);

    // Sign in.
    await page.goto('/auth');
    await tabTo(page, page.getByLabel('Email address'));
    await page.keyboard.type(customer.email);
    await tabTo(page, page.getByLabel('Password'));
    await page.keyboard.type(E2E_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/user');

    // Scan by typed code.
    const scan = page.getByRole('button', { name: 'Scan QR Code' });
    await tabTo(page, scan);
    expect(await focusIsVisible(scan)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Scan QR Code' });
    const typed = dialog.getByLabel(/No camera\? Type the code/);
    await tabTo(page, typed);
    await page.keyboard.type(await vendor.counterCode());
    await page.keyboard.press('Enter');

    // See the stamp and the reward it completed, then open the reward.
    await dialog.getByText('Congratulations! You earned a reward!').waitFor();
    const redeem = dialog.getByRole('link', { name: 'Redeem Reward' });
    await tabTo(page, redeem);
    expect(await focusIsVisible(redeem)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Redeem Reward' }).waitFor();
    const typedCode = (await page.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/).textContent())!;

    // The counter confirms it; the page says so without anyone clicking.
    await postJson(baseUrl, '/api/vendor/rewards/redeem', vendor.owner.cookie, { code: typedCode });
    await page.getByText('Reward redeemed!').waitFor();
    const back = page.getByRole('link', { name: 'Back to my cards' });
    await tabTo(page, back);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/user');
    expect(session.problems).toEqual([]);
  });
});
