import { describe, expect, it } from 'vitest';
import { signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshots } from './support/screenshots';
import { openVendor, postJson } from './support/stamp-vendor';

describe.skipIf(!chromiumAvailable)('a points card with two rewards redeemed in turn (decision 085)', () => {
  const session = useBrowser({ width: 360, height: 800 });

  it('the bill gives points, the customer chooses chai then paratha, each taken when staff confirm it', async () => {
    const { page, baseUrl } = session;
    const vendor = await openVendor(baseUrl);
    // The starter plan holds one active card: the vendor's first is paused for this one.
    await postJson(baseUrl, `/api/vendor/cards/${vendor.cardId}/pause`, vendor.owner.cookie);
    const card = await postJson<{ id: string }>(baseUrl, '/api/vendor/cards', vendor.owner.cookie, {
      card: {
        name: 'Biryani Points',
        cardType: 'free',
        earnKind: 'points',
        pointsPer100Pkr: 10,
        minBillPkr: 200,
        stampsRequired: 100,
        milestones: [{ at: 50, rewardTitle: 'Free chai', rewardValue: 100 }],
        rewardTitle: 'Free paratha',
        rewardValue: 250,
        minStampIntervalMinutes: 0,
      },
      saveAs: 'active',
    });
    const customer = await signUpViaApi(baseUrl, { name: 'Sana' });
    const myCode = await postJson<{ qrPayload: string }>(baseUrl, '/api/stamps/my-code', customer.cookie);
    // The point of sale's bill of Rs 1,650: 165 points.
    const given = await postJson<{ points: { points: number } }>(baseUrl, '/api/vendor/stamps', vendor.owner.cookie, {
      customerCode: myCode.qrPayload,
      cardId: card.id,
      amount: 1650,
    });
    expect(given.points.points).toBe(165);

    await signInBrowser(session.context, customer.email);
    const confirm = async () => {
      const code = await postJson<{ qrPayload: string }>(
        baseUrl,
        `/api/rewards/${page.url().split('/').pop()}/redemption-code`,
        customer.cookie,
      );
      await postJson(baseUrl, '/api/vendor/rewards/redeem', vendor.owner.cookie, { code: code.qrPayload });
    };

    await page.goto('/user');
    const tile = page.getByRole('article').filter({ hasText: 'Biryani Points' });
    await tile.getByText('165 points').waitFor();
    await saveScreenshots(page, 'points-card-dashboard');
    await tile.getByRole('button', { name: 'Choose Free chai for 50 points' }).click();
    await page.waitForURL(/\/user\/rewards\//);
    await confirm();

    await page.goto('/user');
    await tile.getByText('115 points').waitFor();
    await tile.getByRole('button', { name: 'Choose Free paratha for 100 points' }).click();
    await page.waitForURL(/\/user\/rewards\//);
    await confirm();

    await page.goto('/user');
    await tile.getByText('15 points').waitFor();
    await tile.getByText('Free chai: 35 more points needed').waitFor();
  });
});
