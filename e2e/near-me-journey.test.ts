import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LANGUAGE_COOKIE } from '../src/shared/i18n/languages';
import { defaultOpeningHours } from '../src/shared/vendors/vendors';
import { createApprovedVendorOwner } from './support/billing-vendor';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshots } from './support/screenshots';
import { postJson } from './support/stamp-vendor';

/** Quetta's centre, as the city choice measures from it, and a spot about 11 km to its north-east. */
const QUETTA_CENTRE = { latitude: 30.1798, longitude: 66.975 };
const HANNA_ROAD = { latitude: 30.25, longitude: 67.05 };

/** An approved vendor whose shop (its main branch) is at `position` in Quetta, with one active card. */
async function vendorAt(baseUrl: string, businessName: string, position: typeof QUETTA_CENTRE) {
  const owner = await createApprovedVendorOwner(baseUrl, businessName);
  const { branches } = (await (
    await fetch(`${baseUrl}/api/vendor/branches`, { headers: { cookie: owner.cookie } })
  ).json()) as { branches: Array<{ id: string }> };
  const main = branches[0]!;
  const moved = await fetch(`${baseUrl}/api/vendor/branches/${main.id}`, {
    method: 'PUT',
    headers: { cookie: owner.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Main',
      address: '1 Jinnah Road',
      city: 'Quetta',
      area: 'Jinnah Road',
      position,
      phone: '+92 81 111 222 333',
      whatsapp: '',
      openingHours: defaultOpeningHours(),
    }),
  });
  expect(moved.status, await moved.text()).toBe(200);
  await postJson(baseUrl, '/api/vendor/cards', owner.cookie, {
    card: {
      name: `${businessName} Club`,
      cardType: 'free',
      stampsRequired: 5,
      rewardTitle: 'Free Sajji',
      rewardValue: 300,
      minStampIntervalMinutes: 0,
    },
    saveAs: 'active',
  });
}

/** The vendors of the listed cards, in the order shown. */
function vendorsShown(page: Page): Promise<string[]> {
  return page.locator('article a[href^="/vendors/"] span.font-semibold').allInnerTexts();
}

/** The code a page downloaded for a map: none, on a listing sorted by distance (decision 084). */
async function mapScripts(page: Page): Promise<string[]> {
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js')),
  );
  return scripts.filter((name) => /branch-map|leaflet/.test(name));
}

describe.skipIf(!chromiumAvailable)('near me (decision 088)', () => {
  const session = useBrowser({ width: 360, height: 780 });

  it('asks for the position only on a tap, sorts the clubs by distance, and offers a city when it is refused', async () => {
    await vendorAt(session.baseUrl, 'Quetta Sajji House', QUETTA_CENTRE);
    await vendorAt(session.baseUrl, 'Hanna Road Chai', HANNA_ROAD);

    // Position granted and mocked: near Hanna Road.
    const { context, page } = session;
    await context.grantPermissions(['geolocation'], { origin: session.baseUrl });
    await context.setGeolocation(HANNA_ROAD);
    let asked = false;
    await page.exposeFunction('markAsked', () => {
      asked = true;
    });
    await page.addInitScript(() => {
      const original = navigator.geolocation.getCurrentPosition.bind(navigator.geolocation);
      navigator.geolocation.getCurrentPosition = (...args) => {
        void (window as unknown as { markAsked: () => Promise<void> }).markAsked();
        original(...args);
      };
    });
    await page.goto('/vendor-clubs');
    await page.getByRole('heading', { name: 'Vendor Clubs', level: 1 }).waitFor();
    await page.locator('article').first().waitFor();
    // Never on arrival.
    expect(asked).toBe(false);
    await page.getByRole('button', { name: 'Near me' }).click();
    await page.getByText('Nearest to you first.').waitFor();
    expect(asked).toBe(true);
    await expect
      .poll(() => vendorsShown(page).then((names) => names.slice(0, 2)))
      .toEqual(['Hanna Road Chai', 'Quetta Sajji House']);
    const first = page.locator('article').first();
    await first.getByText(/· 0 km$/).waitFor();
    await page
      .locator('article')
      .nth(1)
      .getByText(/· 10\.\d km$/)
      .waitFor();
    await saveScreenshots(page, 'near-me');
    // Sorting by distance needs no map: the listings never download its code (decision 084).
    expect(await mapScripts(page)).toEqual([]);

    // Back to the usual order.
    await page.getByRole('button', { name: 'Usual order' }).click();
    await expect.poll(() => page.getByText(/ km$/).count()).toBe(0);

    // The other listings offer it too: Free Cards, asked again only on the tap, without a map.
    asked = false;
    await page.goto('/free-cards');
    await page.locator('article').first().waitFor();
    expect(asked).toBe(false);
    await page.getByRole('button', { name: 'Near me' }).click();
    await page.getByText('Nearest to you first.').waitFor();
    expect(asked).toBe(true);
    await expect
      .poll(() => vendorsShown(page).then((names) => names.slice(0, 2)))
      .toEqual(['Hanna Road Chai', 'Quetta Sajji House']);
    await page
      .locator('article')
      .nth(1)
      .getByText(/· 10\.\d km$/)
      .waitFor();
    expect(await mapScripts(page)).toEqual([]);

    // The same page in Urdu.
    await context.addCookies([{ name: LANGUAGE_COOKIE, value: 'ur', url: session.baseUrl }]);
    await page.goto('/vendor-clubs');
    await page.locator('article').first().waitFor();
    await page.getByRole('button', { name: 'میرے قریب' }).click();
    await page.getByText('آپ کے قریب ترین پہلے۔').waitFor();
    await page
      .locator('article')
      .first()
      .getByText(/· 0 کلومیٹر$/)
      .waitFor();
    await saveScreenshots(page, 'near-me-ur');

    // Refused: the customer chooses Quetta and the list measures from its centre.
    const refused = await session.newContext({ width: 360, height: 780 });
    await refused.context.clearPermissions();
    await refused.page.goto('/vendor-clubs');
    await refused.page.locator('article').first().waitFor();
    await refused.page.getByRole('button', { name: 'Near me' }).click();
    await refused.page.getByText('Your location is not available.', { exact: false }).waitFor();
    await refused.page.getByLabel('Your city').selectOption('Quetta');
    await refused.page.getByText('Nearest to the centre of Quetta first.').waitFor();
    await expect
      .poll(() => vendorsShown(refused.page).then((names) => names.slice(0, 2)))
      .toEqual(['Quetta Sajji House', 'Hanna Road Chai']);
    await refused.page
      .locator('article')
      .first()
      .getByText(/· 0 km$/)
      .waitFor();
    await saveScreenshots(refused.page, 'near-me-city');
    await refused.context.addCookies([{ name: LANGUAGE_COOKIE, value: 'ur', url: session.baseUrl }]);
    await refused.page.goto('/vendor-clubs');
    await refused.page.locator('article').first().waitFor();
    await refused.page.getByRole('button', { name: 'میرے قریب' }).click();
    await refused.page.getByLabel('آپ کا شہر').selectOption('Quetta');
    await refused.page
      .locator('article')
      .first()
      .getByText(/· 0 کلومیٹر$/)
      .waitFor();
    await saveScreenshots(refused.page, 'near-me-city-ur');
    await refused.context.close();
    expect(session.problems).toEqual([]);
  });
});
