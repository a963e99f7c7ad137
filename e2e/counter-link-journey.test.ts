import { describe, expect, inject, it } from 'vitest';
import { chromiumAvailable, useBrowser } from './support/browser';
import { freshMobile, waitForPhoneCode } from '../src/server/test/fake-text-providers';
import { openVendor, postJson } from './support/stamp-vendor';
import { saveScreenshots } from './support/screenshots';

describe.skipIf(!chromiumAvailable)('the counter link: from the camera to the stamp', () => {
  const session = useBrowser({ width: 360, height: 780 });
  const providers = inject('textProviders');

  it('a new customer opens the link, gives a mobile number and its code, and has the stamp; a returning one taps nothing', async () => {
    const vendor = await openVendor(session.baseUrl);
    const counterLink = async () =>
      (
        await postJson<{ code: { qrPayload: string } }>(
          session.baseUrl,
          `/api/vendor/cards/${vendor.cardId}/counter-code`,
          vendor.owner.cookie,
        )
      ).code.qrPayload;
    const link = await counterLink();
    expect(link).toMatch(new RegExp(`^${session.baseUrl}/c/CHK1\\.`));

    // New: the card and its reward, a number, the code from WhatsApp, the stamp.
    const { page } = session;
    const number = freshMobile('0333');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Doodh Patti Club' }).waitFor();
    expect(await page.getByText(vendor.businessName).count()).toBe(1);
    expect(await page.getByText('Collect 3 stamps for: Free Karak Chai').count()).toBe(1);
    await saveScreenshots(page, 'counter-link-new-customer');
    // The counter code is held for this phone: the counter's next scan needs the next code.
    const taken = await fetch(`${session.baseUrl}/api/stamps/hold`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: link }),
    });
    expect(taken.status).toBe(409);

    await page.getByRole('textbox', { name: 'Mobile number' }).fill(number.typed);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('textbox', { name: 'Code' }).fill(await waitForPhoneCode(providers, number.e164));
    await page.getByText('Stamp collected successfully!').waitFor();
    expect(await page.getByText('1 of 3').count()).toBeGreaterThan(0);

    // The first name, asked after the stamp.
    await saveScreenshots(page, 'counter-link-stamp-collected');
    await page.getByRole('textbox', { name: 'First name (optional)' }).fill('Bilal');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Thank you, Bilal!').waitFor();

    // Returning: the next link collects as the page opens, with no tap.
    await page.goto(await counterLink());
    await page.getByText('Stamp collected successfully!').waitFor();
    expect(await page.getByText('2 of 3').count()).toBeGreaterThan(0);
    expect(await page.getByRole('textbox', { name: 'First name (optional)' }).count()).toBe(0);

    // A link used before says so and changes nothing.
    await page.goto(link);
    await page
      .getByText(/already|used/i)
      .first()
      .waitFor();
    // A signed-out phone's first ask is answered 401 (then the code is held); a used link, 409.
    expect(session.problems.filter((problem) => !/status of (401|409)/.test(problem))).toEqual([]);
  });
});
