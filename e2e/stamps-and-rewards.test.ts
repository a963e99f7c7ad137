import { describe, expect, it } from 'vitest';
import { formatPKR } from '../src/shared/number-format';
import { signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { REWARD_VALUE, openVendor, postJson } from './support/stamp-vendor';

describe.skipIf(!chromiumAvailable)('a customer collects stamps and redeems a reward', () => {
  const session = useBrowser();

  it('types counter codes, sees a staff stamp arrive live, completes the card and redeems the reward', async () => {
    const { page, baseUrl } = session;
    const vendor = await openVendor(baseUrl);
    const customer = await signUpViaApi(baseUrl, { name: 'Mehwish' });
    await signInBrowser(session.context, customer.email);

    await page.goto('/user');
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Mehwish' }).isVisible()).toBe(true);
    // Demo mode: a new customer gets sample cards on the first visit.
    await page.getByText('Sample data ready!').waitFor();
    await expect.poll(() => page.getByText('Sample', { exact: true }).count()).toBeGreaterThan(0);

    // 1. The counter shows a code; the customer has no camera and types it.
    await page.getByRole('button', { name: 'Scan QR Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan QR Code' });
    const firstCode = await vendor.counterCode();
    await dialog.getByLabel(/No camera\? Type the code/).fill(firstCode);
    await dialog.getByRole('button', { name: 'Collect stamp' }).click();
    await dialog.getByText('Stamp collected successfully!').waitFor();
    expect(await dialog.getByText('Doodh Patti Club at').textContent()).toContain('1 of 3 stamps');
    await dialog.getByRole('button', { name: 'Done' }).click();
    // The code is used up: someone else with a photo of it gets nothing.
    const friend = await signUpViaApi(baseUrl, { name: 'Sana' });
    const shared = await fetch(`${baseUrl}/api/stamps/collect`, {
      method: 'POST',
      headers: { cookie: friend.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ code: firstCode }),
    });
    expect(shared.status).toBe(409);
    expect(((await shared.json()) as { error: { message: string } }).error.message).toBe(
      'This code has already been used. Ask the counter for a new one.',
    );
    const tile = page.getByRole('article').filter({ hasText: 'Doodh Patti Club' });
    await tile.getByText('1 / 3 stamps').waitFor();
    await tile.getByText('2 more stamps').waitFor();

    // 2. Staff scan the customer's My QR code on their own device: the dashboard updates live.
    const myCode = await (await session.context.request.post('/api/stamps/my-code')).json();
    await postJson(baseUrl, '/api/vendor/stamps', vendor.owner.cookie, {
      customerCode: myCode.typedCode,
      cardId: vendor.cardId,
    });
    await page.getByText(`New stamp at ${vendor.businessName}`).waitFor();
    await tile.getByText('2 / 3 stamps').waitFor();

    // 3. The last stamp completes the card.
    await page.getByRole('button', { name: 'Scan QR Code' }).click();
    await dialog.getByLabel(/No camera\? Type the code/).fill(await vendor.counterCode());
    await dialog.getByRole('button', { name: 'Collect stamp' }).click();
    await dialog.getByText('Congratulations! You earned a reward!').waitFor();
    await dialog.getByRole('link', { name: 'Redeem Reward' }).click();

    // 4. The live reward code; the staff confirm it and the page shows it redeemed.
    await page.getByRole('heading', { name: 'Redeem Reward' }).waitFor();
    await page.getByText('Free Karak Chai').waitFor();
    await page.getByText(`Live at ${vendor.businessName}`).waitFor();
    const typedCode = (await page.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/).textContent())!;
    const redeemed = await postJson<{ message: string }>(baseUrl, '/api/vendor/rewards/redeem', vendor.owner.cookie, {
      code: typedCode,
    });
    expect(redeemed.message).toBe('Reward redeemed!');
    await page.getByText('Reward redeemed!').waitFor();

    // 5. Back on the dashboard the card has started over and the reward counts.
    await page.getByRole('link', { name: 'Back to my cards' }).click();
    await tile.getByText('0 / 3 stamps').waitFor();
    await tile.getByText('3 more stamps').waitFor();
    const rewardsTile = page.locator('dl').filter({ hasText: 'Rewards Earned' });
    expect(await rewardsTile.locator('dd').first().textContent()).toBe('1');
    const valueTile = page.locator('dl').filter({ hasText: 'Value Saved' });
    expect(await valueTile.locator('dd').first().textContent()).toBe(formatPKR(REWARD_VALUE));

    expect(session.problems).toEqual([]);
  });

  it('collects with a demo code in demo mode', async () => {
    const { page } = session;
    const customer = await signUpViaApi(session.baseUrl, { name: 'Danish' });
    await signInBrowser(session.context, customer.email);
    await page.goto('/user');
    await page.getByText('Sample data ready!').waitFor();
    await page.getByRole('button', { name: 'Scan QR Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan QR Code' });
    await dialog.getByRole('button', { name: 'Use a demo code' }).click();
    await dialog.getByText(/^(Stamp collected successfully!|Congratulations! You earned a reward!)$/).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { name: 'My Loyalty Cards' }).waitFor();
    expect(session.problems).toEqual([]);
  });
});
