import { describe, expect, it } from 'vitest';
import { signInBrowser, signUpViaApi, uniqueEmail } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { saveScreenshots } from './support/screenshots';
import { collectAtCounter, openVendor } from './support/stamp-vendor';

/** No axe violation at 1280 px, and nothing wider than a 360 px phone. */
async function expectReadableAt360(page: Page) {
  expect((await axeViolations(page)).map((violation) => violation.id)).toEqual([]);
  const before = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 800 });
  // The charts fit their box after a resize observer's turn: the page, once it has reflowed.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await page.setViewportSize(before);
}

/**
 * A vendor reads whether the card brings customers back (decision 090): after two customers'
 * visits the analytics page shows programme health, refuses a month's bills below its visits
 * naming the field, and shows the share of the bills with a stamp once they are entered.
 */
describe.skipIf(!chromiumAvailable)('a vendor reads programme health', () => {
  const session = useBrowser({ width: 1280, height: 900 });

  it('sees repeat visits, cohorts and penetration', async () => {
    const { page, baseUrl } = session;
    const vendor = await openVendor(baseUrl);
    for (const name of ['Hina', 'Omar']) {
      const customer = await signUpViaApi(baseUrl, { email: uniqueEmail('health'), name });
      await collectAtCounter(baseUrl, vendor, customer.cookie, name === 'Hina' ? 2 : 1);
    }
    const health = (await (
      await fetch(`${baseUrl}/api/vendor/analytics/health?range=30d`, { headers: { cookie: vendor.owner.cookie } })
    ).json()) as { to: string };
    const month = health.to.slice(0, 7);

    await signInBrowser(session.context, vendor.owner.email);
    await page.goto('/vendor/analytics');
    const section = page.getByRole('region', { name: 'Programme health' });
    await section.getByText('0 of 2 customers visited on two days or more').waitFor();
    await section.getByText('3 visits in this period').waitFor();
    await section.getByRole('heading', { name: 'Customers still visiting' }).waitFor();

    await section.getByLabel('Month').fill(month);
    await section.getByLabel('Total bills').fill('2');
    await section.getByRole('button', { name: 'Save bills' }).click();
    await section.getByText('Total bills cannot be lower than the 3 visits stamped that month.').waitFor();
    await section.getByLabel('Total bills').fill('60');
    await section.getByRole('button', { name: 'Save bills' }).click();
    await section.getByText(/3 visits of 60 bills, 5%/).waitFor();
    expect(await section.getByText('No month’s total bills entered yet.').count()).toBe(0);
    await saveScreenshots(page, 'programme-health');
    await expectReadableAt360(page);

    await page.getByRole('button', { name: 'اردو' }).click();
    await page.getByRole('region', { name: 'پروگرام کی صحت' }).waitFor();
    await saveScreenshots(page, 'programme-health-ur');
    await expectReadableAt360(page);
  });
});
