import { describe, expect, it } from 'vitest';
import { signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshots } from './support/screenshots';
import { openVendor, postJson } from './support/stamp-vendor';

describe.skipIf(!chromiumAvailable)('a per-item card at the counter (decision 085)', () => {
  const session = useBrowser({ width: 360, height: 800 });

  it('staff give one stamp per item: the card began with its head start and earns its chai on the way', async () => {
    const { page, baseUrl } = session;
    const vendor = await openVendor(baseUrl);
    // The starter plan holds one active card: the vendor's first is paused for this one.
    await postJson(baseUrl, `/api/vendor/cards/${vendor.cardId}/pause`, vendor.owner.cookie);
    const card = await postJson<{ id: string }>(baseUrl, '/api/vendor/cards', vendor.owner.cookie, {
      card: {
        name: 'Cup Counter',
        cardType: 'free',
        earnKind: 'item',
        maxItemsPerVisit: 5,
        headStartStamps: 1,
        stampsRequired: 8,
        milestones: [{ at: 4, rewardTitle: 'Free samosa', rewardValue: 80 }],
        rewardTitle: 'Free karak chai',
        rewardValue: 150,
        minStampIntervalMinutes: 0,
      },
      saveAs: 'active',
    });
    const customer = await signUpViaApi(baseUrl, { name: 'Sana' });
    // The customer joins first: the card begins with its head start.
    await postJson(baseUrl, `/api/marketplace/cards/${card.id}/join`, customer.cookie);
    const myCode = await postJson<{ typedCode: string }>(baseUrl, '/api/stamps/my-code', customer.cookie);
    await signInBrowser(session.context, vendor.owner.email);

    await page.goto('/vendor/issue-stamp');
    await page.getByRole('tab', { name: 'Scan customer' }).click();
    await page.getByLabel('Customer code').fill(myCode.typedCode);
    await page.getByRole('button', { name: 'Find customer' }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'Cup Counter' });
    await row.getByText('1 of 8 stamps').waitFor();
    await row.getByLabel('Items on Cup Counter').selectOption('3');
    await saveScreenshots(page, 'per-item-counter');
    await row.getByRole('button', { name: 'Give stamp' }).click();

    await page.getByText('Sana earned Free samosa on Cup Counter, and the card goes on.').waitFor();
    await row.getByText('4 of 8 stamps').waitFor();
    // The samosa at 4 was earned on the way, and the card goes on.
    const rewards = await fetch(`${baseUrl}/api/customer/dashboard`, { headers: { cookie: customer.cookie } });
    const held = (
      (await rewards.json()) as { cards: { cardId: string; waitingRewards: { rewardTitle: string }[] }[] }
    ).cards.find((entry) => entry.cardId === card.id);
    expect(held?.waitingRewards.map((reward) => reward.rewardTitle)).toEqual(['Free samosa']);
  });
});
