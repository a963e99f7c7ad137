import { describe, expect, it } from 'vitest';
import { readOutbox, signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { collectAtCounter, openVendor, REWARD_VALUE } from './support/stamp-vendor';
import { saveScreenshots } from './support/screenshots';

describe.skipIf(!chromiumAvailable)('a fraud alert: too many stamps in a day, reversed by the owner', () => {
  const session = useBrowser({ width: 360, height: 800 });

  it('the owner sees the alert with its stamps, reverses them, and the customer’s card goes back', async () => {
    const { page, baseUrl } = session;
    const vendor = await openVendor(baseUrl);
    const edited = await fetch(`${baseUrl}/api/vendor/cards/${vendor.cardId}`, {
      method: 'PUT',
      headers: { cookie: vendor.owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Doodh Patti Club',
        cardType: 'free',
        stampsRequired: 10,
        rewardTitle: 'Free Karak Chai',
        rewardValue: REWARD_VALUE,
        minStampIntervalMinutes: 0,
      }),
    });
    expect(edited.status).toBe(200);
    // Four stamps in one day at one shop: one more than the rule lets pass quietly.
    const customer = await signUpViaApi(baseUrl, { name: 'Bilal' });
    await collectAtCounter(baseUrl, vendor, customer.cookie, 4);

    // The owner hears of it by e-mail…
    await expect
      .poll(async () => (await readOutbox(baseUrl, vendor.owner.email, 'security')).map((email) => email.subject))
      .toContain(`Unusual stamps at ${vendor.businessName}`);

    // …and sees it on the dashboard, with the four stamps behind it.
    await signInBrowser(session.context, vendor.owner.email);
    await page.goto('/vendor');
    const alerts = page.getByRole('region', { name: 'Stamp alerts' });
    const alert = alerts.getByRole('listitem').filter({ hasText: /Bilal collected 4 stamps here on/ });
    await alert.waitFor();
    expect(await alert.getByRole('list', { name: 'The stamps behind this alert' }).getByRole('listitem').count()).toBe(
      4,
    );
    await saveScreenshots(page, 'fraud-alert');

    await alert.getByRole('button', { name: 'Reverse these stamps' }).click();
    await alert.getByText(/Reverse 4 stamps\?/).waitFor();
    await alert.getByRole('button', { name: 'Yes, reverse them' }).click();
    await alert.getByText('4 stamps reversed.').waitFor();
    await alert.getByText('Reversed', { exact: true }).waitFor();
    expect(await alert.getByRole('button').count()).toBe(0);
    await saveScreenshots(page, 'fraud-alert-reversed');

    // The analytics keep the stamps as issued and say how many of them were taken back.
    await page.goto('/vendor/analytics');
    await page.getByText('4 of them reversed').waitFor();
    await page.waitForLoadState('networkidle');
    await saveScreenshots(page, 'fraud-analytics-reversed');

    // The same panel in Urdu.
    await page.goto('/vendor?lang=ur');
    await page
      .getByRole('region', { name: 'اسٹیمپ الرٹ' })
      .getByText('واپس لیا گیا', { exact: true })
      .first()
      .waitFor();
    await saveScreenshots(page, 'fraud-alert-ur');

    // The customer's card goes back to where it was, and says why.
    const phone = await session.newContext({ width: 360, height: 800 });
    await signInBrowser(phone.context, customer.email);
    await phone.page.goto('/user');
    const card = phone.page.getByRole('article').filter({ hasText: 'Doodh Patti Club' });
    await card.getByText('0 / 10 stamps').waitFor();
    await card.getByText(new RegExp(`${vendor.businessName} reversed 4 stamps on this card on`)).waitFor();
    await saveScreenshots(phone.page, 'fraud-reversal-customer');
    expect(session.problems).toEqual([]);
  });
});
