import { describe, expect, it } from 'vitest';
import { pngSize } from '../src/server/modules/marketplace/share-test-helpers';
import { signInBrowser } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { payForPlan } from './support/plan-vendor';
import { saveScreenshots } from './support/screenshots';
import { openVendor } from './support/stamp-vendor';

/** Decision 034: what a shared vendor page shows on WhatsApp and Facebook, and the share buttons. */
describe.skipIf(!chromiumAvailable)('sharing a vendor page and its cards', () => {
  const session = useBrowser({ width: 360, height: 800 });

  async function vendorPathOf(baseUrl: string, cookie: string): Promise<string> {
    const response = await fetch(`${baseUrl}/api/vendor/share`, { headers: { cookie } });
    const { vendorUrl } = (await response.json()) as { vendorUrl: string };
    return new URL(vendorUrl).pathname;
  }

  it("gives a Premium vendor's page a preview picture of its own, and share buttons that work", async () => {
    const { page, baseUrl, context } = session;
    const vendor = await openVendor(baseUrl);
    await payForPlan(baseUrl, vendor.owner.cookie, 'premium');
    const vendorPath = await vendorPathOf(baseUrl, vendor.owner.cookie);

    await page.goto(vendorPath);
    await page.getByRole('heading', { level: 1, name: vendor.businessName }).waitFor();

    // What WhatsApp's and Facebook's crawlers read: the tags in the HTML the server sent.
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toBe(`${baseUrl}/og/vendor/${vendorPath.split('/').pop()}.png`);
    expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
    expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(`${baseUrl}${vendorPath}`);
    const picture = await page.request.get(image!);
    expect([picture.status(), picture.headers()['content-type']]).toEqual([200, 'image/png']);
    expect(pngSize(await picture.body())).toEqual({ width: 1200, height: 630 });
    // And the browser decodes it as the picture it says it is.
    const decoded = await page.evaluate(async (url) => {
      const element = new Image();
      element.src = url;
      await element.decode();
      return [element.naturalWidth, element.naturalHeight];
    }, image!);
    expect(decoded).toEqual([1200, 630]);

    // The share buttons of the page.
    const share = page.getByRole('group', { name: `Share ${vendor.businessName}` });
    const whatsapp = share.getByRole('link', { name: 'WhatsApp' });
    expect(await whatsapp.getAttribute('href')).toContain(
      `https://wa.me/?text=${encodeURIComponent(vendor.businessName)}`,
    );
    expect(await whatsapp.getAttribute('href')).toContain(encodeURIComponent(`${baseUrl}${vendorPath}`));
    expect(await share.getByRole('link', { name: 'Facebook' }).getAttribute('href')).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${baseUrl}${vendorPath}`)}`,
    );
    const box = await whatsapp.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(24);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await share.getByRole('button', { name: 'Copy link' }).click();
    await share.getByRole('status').getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl}${vendorPath}`);
    // Nothing on the page is wider than a 360 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // A card's own share: its address points the vendor page at the card, with the card's picture.
    await page.getByRole('button', { name: 'Share Doodh Patti Club' }).click();
    const cardShare = page.getByRole('group', { name: 'Share Doodh Patti Club' });
    const cardUrl = `${baseUrl}${vendorPath}?card=${vendor.cardId}`;
    expect(await cardShare.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toContain(
      encodeURIComponent(cardUrl),
    );
    await saveScreenshots(page, 'share-vendor-page');
    await page.goto(`${vendorPath}?card=${vendor.cardId}`);
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(
      `${baseUrl}/og/deal/${vendor.cardId}.png`,
    );
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(
      `Doodh Patti Club at ${vendor.businessName} · Chaska`,
    );
    // The page brings the shared card into view, outlined.
    const sharedTile = page.getByRole('article', { name: 'Doodh Patti Club' });
    await expect.poll(() => sharedTile.evaluate((element: HTMLElement) => element.style.boxShadow)).not.toBe('');

    // The vendor's own square post of today's deal, on its dashboard.
    await signInBrowser(context, vendor.owner.email);
    await page.goto('/vendor');
    const panel = page.getByRole('region', { name: "Share today's deal" });
    const square = panel.getByRole('img', { name: 'Square image of Doodh Patti Club to post' });
    await square.waitFor();
    await expect
      // The server draws the picture when asked: on a loaded machine, longer than poll's 1 s default.
      .poll(() => square.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth), {
        timeout: 15_000,
      })
      .toBe(1080);
    expect(await panel.getByRole('link', { name: 'Download image' }).getAttribute('download')).toMatch(/\.png$/);
    await saveScreenshots(page, 'share-today-deal-panel');
    expect(session.problems).toEqual([]);
  });

  it("shows a Starter vendor's page with the brand's picture, and locks the vendor's deal image", async () => {
    const { page, baseUrl, context } = session;
    const vendor = await openVendor(baseUrl);
    const vendorPath = await vendorPathOf(baseUrl, vendor.owner.cookie);
    await page.goto(vendorPath);
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(`${baseUrl}/og/site.png`);
    await page.getByRole('group', { name: `Share ${vendor.businessName}` }).waitFor();

    await signInBrowser(context, vendor.owner.email);
    await page.goto('/vendor');
    const panel = page.getByRole('region', { name: "Share today's deal" });
    await panel.getByText('This feature needs the Premium plan.').waitFor();
    await panel.getByRole('link', { name: 'See plans on Billing' }).click();
    await page.waitForURL('**/vendor/billing');
    expect(session.problems).toEqual([]);
  });
});
