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
    // The owner creates the card in the form: points per rupee, an earlier reward, the live preview.
    await signInBrowser(session.context, vendor.owner.email);
    await page.goto('/vendor/cards');
    await page.getByRole('button', { name: 'Create New Card' }).first().click();
    const form = page.getByRole('dialog', { name: 'Create New Card' });
    await form.getByLabel('Card name').fill('Biryani Points');
    await form.getByRole('radio', { name: /Points per rupee/ }).click();
    await form.getByLabel('Points per Rs 100').fill('10');
    await form.getByLabel('Minimum bill (Rs)').fill('200');
    await form.getByLabel('Points for the main reward').fill('100');
    await form.getByLabel('Reward title').fill('Free paratha');
    await form.getByLabel('Reward value (PKR)').fill('250');
    await form.getByRole('button', { name: 'Add an earlier reward' }).click();
    await form.getByLabel('At (stamps or points)').fill('50');
    await form.getByLabel('Reward', { exact: true }).fill('Free chai');
    await form.getByText('A bill of Rs 1,000 gives 100 points (10 per full Rs 100, rounded down).').waitFor();
    await form.getByText('Free chai for 50 points, chosen by the customer.').waitFor();
    await saveScreenshots(page, 'points-card-form', { fullPage: false });
    await form.getByRole('button', { name: 'Save as Active' }).click();
    await form.waitFor({ state: 'hidden' });
    const cards = await fetch(`${baseUrl}/api/vendor/cards`, { headers: { cookie: vendor.owner.cookie } });
    const listed = (await cards.json()) as {
      cards: { id: string; name: string; earnKind: string; milestones: unknown[] }[];
    };
    const card = listed.cards.find((entry) => entry.name === 'Biryani Points')!;
    expect(card).toMatchObject({
      earnKind: 'points',
      milestones: [{ at: 50, rewardTitle: 'Free chai', rewardValue: 0 }],
    });
    await session.context.clearCookies();

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
