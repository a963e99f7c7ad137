import { describe, expect, it } from 'vitest';
import { signInBrowser } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { openVendor } from './support/stamp-vendor';

const PHONE = { width: 360, height: 740 };

describe.skipIf(!chromiumAvailable)('my cards on a phone: the card limit', () => {
  const session = useBrowser(PHONE);

  it('shows the plan-limit refusal beside the Save button that was pressed, on screen', async () => {
    const { page, baseUrl } = session;
    // Starter allows one active card, and this vendor has it already.
    const vendor = await openVendor(baseUrl);
    await signInBrowser(session.context, vendor.owner.email);

    await page.goto('/vendor/cards');
    await page.getByRole('button', { name: 'Create New Card' }).first().click();
    const form = page.getByRole('dialog', { name: 'Create New Card' });
    await form.getByLabel('Card name').fill('Samosa Club');
    await form.getByLabel('Stamps required').fill('5');
    await form.getByLabel('Reward title').fill('Free Samosa');
    await form.getByLabel('Reward value (PKR)').fill('80');
    await form.getByRole('button', { name: 'Save as Active' }).click();

    const refusal = form.getByText('Plan limit reached. Maximum 1 card allowed.');
    await refusal.waitFor();
    const box = await refusal.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
  });
});
