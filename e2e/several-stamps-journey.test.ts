import { describe, expect, it } from 'vitest';
import { signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { openVendor, REWARD_VALUE } from './support/stamp-vendor';
import { saveScreenshots } from './support/screenshots';

describe.skipIf(!chromiumAvailable)('several stamps for one order: a family of four orders four teas', () => {
  const session = useBrowser({ width: 360, height: 800 });

  it('the owner allows several, staff pick 4 on the counter code, and the customer collects 4 stamps at once', async () => {
    const { page, baseUrl } = session;
    const vendor = await openVendor(baseUrl);
    // A ten-stamp card, so the four stamps of the order all count on this round.
    const edited = await fetch(`${baseUrl}/api/vendor/cards/${vendor.cardId}`, {
      method: 'PUT',
      headers: { cookie: vendor.owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Doodh Patti Club',
        cardType: 'free',
        stampsRequired: 10,
        rewardTitle: 'Free Karak Chai',
        rewardValue: REWARD_VALUE,
        minStampIntervalMinutes: 60,
      }),
    });
    expect(edited.status).toBe(200);
    const customer = await signUpViaApi(baseUrl, { name: 'Bilal' });

    await signInBrowser(session.context, vendor.owner.email);
    // The owner allows up to five stamps for one order in the shop profile.
    await page.goto('/vendor/profile');
    await page.getByLabel('Stamps for one order').selectOption('5');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile saved. Your public page shows the new details.').waitFor();

    // At the counter, staff choose 4 stamps for the order: the screen says so and shows its code.
    await page.goto('/vendor/issue-stamp');
    await page.getByText('Scan to collect a stamp').waitFor();
    await page.getByLabel('Stamps for this order').selectOption('4');
    await page.getByText('Scan to collect 4 stamps').waitFor();
    const typedCode = page.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await typedCode.waitFor();
    const code = (await typedCode.textContent())!;
    await saveScreenshots(page, 'issue-stamp-several');

    // The customer, on their own phone, types the code: four stamps, one visit.
    const phone = await session.newContext({ width: 360, height: 800 });
    await signInBrowser(phone.context, customer.email);
    await phone.page.goto('/user');
    await phone.page.getByRole('heading', { name: 'Welcome, Bilal' }).waitFor();
    await phone.page.getByRole('button', { name: 'Scan QR Code' }).click();
    const dialog = phone.page.getByRole('dialog', { name: 'Scan QR Code' });
    await dialog.getByLabel(/No camera\? Type the code/).fill(code);
    await dialog.getByRole('button', { name: 'Collect stamp' }).click();
    await dialog.getByText('4 stamps collected!').waitFor();
    expect(await dialog.getByText('Doodh Patti Club at').textContent()).toContain('4 of 10 stamps');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await phone.page.getByRole('article').filter({ hasText: 'Doodh Patti Club' }).getByText('4 / 10 stamps').waitFor();

    // The counter hears the code was used and goes back to one stamp for the next customer.
    await page.getByText('Stamp collected. Here is a new code.').waitFor();
    await page.getByText('Scan to collect a stamp').waitFor();
    expect(await page.getByLabel('Stamps for this order').inputValue()).toBe('1');

    // The owner's activity tells the order as one visit of four stamps.
    await page.goto('/vendor');
    await page.getByText(/Bilal .*collected 4 stamps on Doodh Patti Club/).waitFor();
    expect(session.problems).toEqual([]);
  });
});
