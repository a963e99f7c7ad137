import { describe, it } from 'vitest';
import { signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshots } from './support/screenshots';
import { payForPlan } from './support/plan-vendor';
import { collectAtCounter, openVendor } from './support/stamp-vendor';

describe.skipIf(!chromiumAvailable)('a tiered customer moves up (decision 087)', () => {
  const session = useBrowser({ width: 360, height: 800 });

  it('the owner sets Silver and Gold with their preview, and the customer sees Silver on the visit that reaches it', async () => {
    const { page, baseUrl } = session;
    const vendor = await openVendor(baseUrl);
    await payForPlan(baseUrl, vendor.owner.cookie, 'premium');

    // 1. The owner gives the card two levels and reads what each gives before saving.
    await signInBrowser(session.context, vendor.owner.email);
    await page.goto('/vendor/cards');
    await page
      .getByRole('article')
      .filter({ hasText: 'Doodh Patti Club' })
      .getByRole('button', { name: 'Edit Card' })
      .click();
    const tiers = page.getByRole('dialog', { name: 'Edit Card' }).getByTestId('card-tiers');
    await tiers.getByRole('button', { name: 'Add a level' }).click();
    await tiers.getByLabel('Reached at').first().fill('2');
    await tiers.getByRole('button', { name: 'Add a level' }).click();
    await tiers.getByLabel('Level 2 name').fill('Gold');
    await tiers.getByLabel('Reached at').nth(1).fill('4');
    await tiers.getByLabel('Multiplier (1 to 3)').nth(1).fill('2');
    await tiers.getByText('Silver after 2 visits in 90 days: 1.25×: 1 stamp gives 1, 4 stamps give 5.').waitFor();
    await tiers.getByText('Gold after 4 visits in 90 days: 2×: 1 stamp gives 2, 4 stamps give 8.').waitFor();
    await saveScreenshots(page, 'tier-form');
    await tiers.getByRole('button', { name: 'Save tiers' }).click();
    await tiers.getByText('Tiers saved.').waitFor();

    // 2. A first visit: no level yet, and what Silver needs.
    const customer = await signUpViaApi(baseUrl, { name: 'Hina' });
    await collectAtCounter(baseUrl, vendor, customer.cookie, 1);
    await session.context.clearCookies();
    await signInBrowser(session.context, customer.email);
    await page.goto('/user');
    const tier = page.getByRole('article').filter({ hasText: 'Doodh Patti Club' }).getByTestId('card-tier');
    await tier.getByText('No level yet').waitFor();
    await tier.getByText('1 more visit in 90 days for Silver (1.25×)').waitFor();

    // 3. The second visit reaches Silver: the card says so, and what Gold needs.
    await collectAtCounter(baseUrl, vendor, customer.cookie, 1);
    await page.reload();
    await tier.getByText('Level: Silver (1.25× on every visit)').waitFor();
    await tier.getByText('2 more visits in 90 days for Gold (2×)').waitFor();
    await saveScreenshots(page, 'tier-customer');
  });
});
