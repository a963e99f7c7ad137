import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInBrowser, signUpViaApi, uniqueEmail } from './support/api';
import { postJson } from './support/stamp-vendor';
import { createApprovedVendorOwner } from './support/billing-vendor';
import { chromiumAvailable, useBrowser } from './support/browser';
import { payForPlan } from './support/plan-vendor';
import { saveScreenshots } from './support/screenshots';

/** The pin's degrees as the form writes them under the map. */
async function pinDegrees(page: Page): Promise<string> {
  return (await page.getByTestId('branch-pin-degrees').innerText()).replace(/\s+/g, '');
}

/** Scripts the page downloaded so far, by file name. */
function scriptsOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js')),
  );
}

describe.skipIf(!chromiumAvailable)('branches on the map (decision 084)', () => {
  const session = useBrowser({ width: 1280, height: 900 });

  it('an owner adds a second branch on the map, and a customer sees it on the vendor page with Directions', async () => {
    const owner = await createApprovedVendorOwner(session.baseUrl, 'Chai Khana Chain');
    await payForPlan(session.baseUrl, owner.cookie, 'standard');
    const { slug } = (await (
      await fetch(`${session.baseUrl}/api/vendor/profile`, { headers: { cookie: owner.cookie } })
    ).json()) as { slug: string };
    const { page, context } = session;

    // The listings never download the map's code.
    await page.goto('/vendor-clubs');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect((await scriptsOf(page)).filter((name) => /branch-map|leaflet/.test(name))).toEqual([]);

    await signInBrowser(context, owner.email);
    await page.goto('/vendor/branches');
    await page.getByRole('heading', { name: 'Branches', level: 1 }).waitFor();
    // The vendor's address is its main branch already.
    const rows = page.getByTestId('branch-row');
    await rows.first().getByText('12 Main Boulevard, Gulberg, Lahore').waitFor();
    await page.getByText('1 of 3 branches on your plan').waitFor();

    await page.getByRole('button', { name: 'Add a branch' }).click();
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Save branch' }) });
    // Nothing typed: the fields say what they need, nothing is saved.
    await form.getByRole('button', { name: 'Save branch' }).click();
    await form.getByText('Please give the branch a name.').waitFor();

    await form.getByLabel('Branch name').fill('DHA Phase 5');
    await form.getByLabel('Street address').fill('Y Block Market');
    await form.getByLabel('Area').fill('DHA');
    await form.getByLabel('Phone').fill('+92 42 111 222 333');
    const map = form.getByRole('region', { name: 'Map: drag the pin to the branch' });
    await map.locator('.leaflet-tile-loaded').first().waitFor();
    await map.getByText('Test tiles').waitFor();
    // The address search (through the server's geocoder) moves the pin to the market in Lahore only.
    const first = await pinDegrees(page);
    await form.getByLabel('Find the address').fill('y block market');
    await form.getByRole('button', { name: 'Search' }).click();
    const places = form.getByRole('list', { name: 'Places found: choose one to move the pin' });
    await places.getByRole('button', { name: 'Y Block Market, DHA Phase 3, Lahore, Pakistan' }).click();
    await expect.poll(() => pinDegrees(page)).toBe('31.4754,74.4102');
    expect(first).not.toBe('31.4754,74.4102');
    expect(await form.getByText('New York').count()).toBe(0);
    const start = await pinDegrees(page);
    // Drag the pin down and to the right, as the owner would to the shop's door.
    const pin = map.getByRole('button', { name: 'Place on the map' });
    const box = (await pin.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => pinDegrees(page)).not.toBe(start);
    const placed = await pinDegrees(page);
    await saveScreenshots(page, 'vendor-branch-form');

    await form.getByRole('button', { name: 'Save branch' }).click();
    await page.getByText('Branch DHA Phase 5 saved.').waitFor();
    await rows.nth(1).getByText('DHA Phase 5').first().waitFor();
    await page.getByText('2 of 3 branches on your plan').waitFor();
    await saveScreenshots(page, 'vendor-branches');

    // At the counter of the new branch, staff choose it: the code names it, and the stamp is counted there.
    await postJson(session.baseUrl, '/api/vendor/cards', owner.cookie, {
      card: {
        name: 'Chai Club',
        cardType: 'free',
        stampsRequired: 5,
        rewardTitle: 'Free Chai',
        rewardValue: 200,
        minStampIntervalMinutes: 0,
      },
      saveAs: 'active',
    });
    const listed = (await (
      await fetch(`${session.baseUrl}/api/vendor/branches`, { headers: { cookie: owner.cookie } })
    ).json()) as { branches: Array<{ id: string; name: string }> };
    const dha = listed.branches.find((branch) => branch.name === 'DHA Phase 5')!;
    // The counter starts at the main branch; the code for DHA Phase 5 comes when staff choose it.
    const codeAtBranch = page.waitForResponse(
      (response) => response.url().includes(`branchId=${dha.id}`) && response.ok(),
    );
    await page.goto('/vendor/issue-stamp');
    await page.getByLabel('Branch').selectOption({ label: 'DHA Phase 5' });
    const { code } = (await (await codeAtBranch).json()) as { code: { qrPayload: string } };
    const customer = await signUpViaApi(session.baseUrl, { email: uniqueEmail('branch'), name: 'Sana' });
    await postJson(session.baseUrl, '/api/stamps/collect', customer.cookie, { code: code.qrPayload });
    await page.goto('/vendor/branches');
    await rows.nth(1).getByText('1 stamp given here').waitFor();
    await rows.first().getByText('0 stamps given here').waitFor();

    // A customer (signed out) opens the vendor's page: both branches, a map, Directions to the new one.
    const visitor = await session.newContext({ width: 360, height: 780 });
    await visitor.page.goto(`/vendors/${slug}`);
    await visitor.page.getByRole('heading', { name: 'Branches' }).waitFor();
    const publicMap = visitor.page.getByRole('region', { name: 'Map of the branches of Chai Khana Chain' });
    await publicMap.locator('.leaflet-tile-loaded').first().waitFor();
    const directions = visitor.page.getByRole('link', { name: 'Directions to DHA Phase 5' });
    expect(await directions.getAttribute('href')).toBe(`https://www.google.com/maps/dir/?api=1&destination=${placed}`);
    await saveScreenshots(visitor.page, 'vendor-page-branches');

    // The same page in Urdu.
    await visitor.context.addCookies([{ name: 'chaska_lang', value: 'ur', url: session.baseUrl }]);
    await visitor.page.goto(`/vendors/${slug}`);
    await visitor.page.getByRole('heading', { name: 'برانچیں' }).waitFor();
    await visitor.page.getByRole('link', { name: 'راستہ دیکھیں DHA Phase 5 تک' }).waitFor();
    await saveScreenshots(visitor.page, 'vendor-page-branches-ur');
    await visitor.context.close();

    // A signed-in owner's language is theirs, not the cookie's: chosen with the switch.
    await page.goto('/vendor/branches');
    await page.getByRole('button', { name: 'Language: اردو' }).click();
    await page.getByRole('heading', { name: 'برانچیں', level: 1 }).waitFor();
    await saveScreenshots(page, 'vendor-branches-ur');
    expect(session.problems).toEqual([]);
  });
});
