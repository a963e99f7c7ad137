import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInBrowser, signUpViaApi, uniqueEmail } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { openVendor } from './support/stamp-vendor';
import { saveScreenshots } from './support/screenshots';

const PIN = '2580';

/** The counter link of the code the kiosk shows now: the one its last request fetched. */
function nextCounterLink(page: Page): Promise<string> {
  return page
    .waitForResponse((response) => /\/api\/vendor\/cards\/[^/]+\/counter-code$/.test(response.url()) && response.ok())
    .then(async (response) => ((await response.json()) as { code: { qrPayload: string } }).code.qrPayload);
}

describe.skipIf(!chromiumAvailable)('the counter tablet (kiosk mode)', () => {
  // A tablet on its side.
  const session = useBrowser({ width: 1280, height: 800 });

  it('the owner sets a PIN and starts it; a customer collects and the counter shows their progress; only the PIN leaves it', async () => {
    const vendor = await openVendor(session.baseUrl);
    const { page, context } = session;
    await signInBrowser(context, vendor.owner.email);
    await page.goto('/vendor/issue-stamp');

    // No PIN yet: the owner sets one before the kiosk starts.
    await page.getByRole('button', { name: 'Kiosk mode' }).click();
    const setPin = page.getByRole('dialog', { name: 'Set a kiosk PIN' });
    await setPin.getByLabel('PIN', { exact: true }).fill(PIN);
    await setPin.getByLabel('PIN again').fill('2581');
    await setPin.getByRole('button', { name: 'Save PIN and start' }).click();
    await setPin.getByText('The two PINs are not the same.').waitFor();
    await setPin.getByLabel('PIN again').fill(PIN);
    const shown = nextCounterLink(page);
    await setPin.getByRole('button', { name: 'Save PIN and start' }).click();
    await page.waitForURL(`/vendor/issue-stamp/kiosk?card=${vendor.cardId}`);
    const kiosk = page.getByRole('region', { name: 'Counter tablet' });
    await kiosk.getByRole('heading', { name: 'Scan to collect a stamp' }).waitFor();
    expect(await kiosk.getByText(vendor.businessName).count()).toBe(1);
    await kiosk.getByRole('img', { name: 'Counter QR code for Doodh Patti Club' }).waitFor();
    const firstLink = await shown;
    // No sidebar to wander off through.
    expect(await page.getByRole('link', { name: 'Customers' }).count()).toBe(0);

    // A customer scans the tablet's code with the phone's camera: the link collects as it opens.
    const customer = await signUpViaApi(session.baseUrl, { email: uniqueEmail('kiosk'), name: 'Bilal' });
    const phone = await session.newContext({ width: 360, height: 780, problems: [] });
    await signInBrowser(phone.context, customer.email);
    const nextCode = nextCounterLink(page);
    await phone.page.goto(firstLink);
    await phone.page.getByText('Stamp collected successfully!').waitFor();
    // The tablet confirms it live, by first name, and shows the next code at once.
    await kiosk.getByText('Bilal: 1 of 3').waitFor();
    expect(await kiosk.getByText('Stamp collected').count()).toBe(1);
    const secondLink = await nextCode;
    expect(secondLink).not.toBe(firstLink);
    await saveScreenshots(page, 'kiosk-stamp-confirmed', { fullPage: false });

    // A second visit moves the count on.
    await phone.page.goto(secondLink);
    await phone.page.getByText('Stamp collected successfully!').waitFor();
    await kiosk.getByText('Bilal: 2 of 3').waitFor();
    await phone.context.close();

    // A reload, the back button or a typed address keeps the kiosk.
    await page.reload();
    await kiosk.getByRole('heading', { name: 'Scan to collect a stamp' }).waitFor();
    await page.goBack();
    await page.waitForURL(/\/vendor\/issue-stamp\/kiosk\?card=/);
    await page.goto('/vendor/customers');
    await page.waitForURL(`/vendor/issue-stamp/kiosk?card=${vendor.cardId}`);
    await kiosk.getByRole('heading', { name: 'Scan to collect a stamp' }).waitFor();

    // A wrong PIN keeps the kiosk.
    await kiosk.getByRole('button', { name: 'Leave kiosk' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave kiosk mode' });
    await leave.getByLabel('PIN', { exact: true }).fill('1111');
    await leave.getByRole('button', { name: 'Leave', exact: true }).click();
    await leave.getByText('That PIN is not correct.').waitFor();
    await saveScreenshots(page, 'kiosk-leave-pin', { fullPage: false });
    expect(new URL(page.url()).pathname).toBe('/vendor/issue-stamp/kiosk');

    // The right one goes back to Issue Stamp, which then stays.
    await leave.getByLabel('PIN', { exact: true }).fill(PIN);
    await leave.getByRole('button', { name: 'Leave', exact: true }).click();
    await page.waitForURL('/vendor/issue-stamp');
    await page.getByRole('heading', { name: 'Issue Stamp' }).waitFor();
    await page.goto('/vendor/customers');
    await page.waitForURL('/vendor/customers');
    // A wrong PIN is answered 400, which the browser logs as a failed resource.
    expect(session.problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
    // Two browsers and a live stream: longer than one page's journey.
  }, 180_000);
});
