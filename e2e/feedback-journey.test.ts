import { describe, expect, it } from 'vitest';
import { signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshots } from './support/screenshots';
import { openVendor, postJson } from './support/stamp-vendor';

describe.skipIf(!chromiumAvailable)('a customer rates a visit', () => {
  const session = useBrowser();

  it('rates the visit after a stamp; the vendor sees the average and the comment on its dashboard', async () => {
    const { page, baseUrl } = session;
    const vendor = await openVendor(baseUrl);
    const customer = await signUpViaApi(baseUrl, { name: 'Sana', surname: 'Malik' });
    await postJson(baseUrl, '/api/stamps/collect', customer.cookie, { code: await vendor.counterCode() });
    await signInBrowser(session.context, customer.email);

    await page.goto('/user');
    const form = page.getByRole('form', { name: 'How was your visit?' });
    await form.getByText(`Rate your visit to ${vendor.businessName}`).waitFor();
    await saveScreenshots(page, 'feedback-rate-visit');
    // Sending without stars says what is missing and sends nothing.
    await form.getByRole('button', { name: 'Send rating' }).click();
    await form.getByText('Choose 1 to 5 stars.').waitFor();
    await form.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await form.getByLabel('Comment (optional)').fill('Karak chai was perfect, the queue was long.');
    await form.getByRole('button', { name: 'Send rating' }).click();
    await page.getByText(`Thank you! ${vendor.businessName} will see your rating.`).waitFor();
    expect(await page.getByRole('form', { name: 'How was your visit?' }).count()).toBe(0);

    // The vendor's owner, on another device, sees it on the dashboard.
    const owner = await session.newContext();
    await signInBrowser(owner.context, vendor.owner.email);
    await owner.page.goto('/vendor');
    const ratings = owner.page.locator('section', {
      has: owner.page.getByRole('heading', { name: 'Customer ratings' }),
    });
    await ratings.getByText('4 / 5').waitFor();
    await ratings.getByText('Karak chai was perfect, the queue was long.').waitFor();
    await ratings.getByText('Sana M.', { exact: false }).waitFor();
    await ratings.getByText('Show the weekly numbers as a table').click();
    await ratings.getByRole('table', { name: 'Average rating per week' }).waitFor();
    await ratings.getByRole('heading', { name: 'Customer ratings' }).scrollIntoViewIfNeeded();
    await saveScreenshots(owner.page, 'feedback-vendor-ratings');
    await owner.context.close();
    expect(session.problems).toEqual([]);
  });
});
