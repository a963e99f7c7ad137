import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { signInBrowser, signUpViaApi } from './support/api';
import { CHROMIUM_PATH, chromiumAvailable } from './support/browser';
import { saveScreenshots } from './support/screenshots';
import { openVendor, postJson } from './support/stamp-vendor';
import { e2eServer } from './support/server';

/**
 * Chromium starts a document that its service worker answered as online even while the context
 * is offline; cutting again tells the page (navigator.onLine, the offline event). The network is
 * cut all along: the page's own requests fail.
 */
async function cutSignal(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(false);
  await context.setOffline(true);
  const reached = await page.evaluate(() =>
    fetch('/api/health').then(
      () => true,
      () => false,
    ),
  );
  expect(reached).toBe(false);
}

describe.skipIf(!chromiumAvailable)('the installed app at a counter without signal', () => {
  let context: BrowserContext | undefined;
  let profile: string | undefined;
  afterEach(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('installs, opens /user and My QR offline, and the offline code stamps a card once back online', async () => {
    const baseUrl = e2eServer().baseUrl;
    // A profile of its own: Chromium installs nothing from an incognito-like context.
    profile = mkdtempSync(path.join(tmpdir(), 'chaska-offline-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      baseURL: baseUrl,
      viewport: { width: 360, height: 780 },
      args: ['--no-sandbox', '--disable-gpu', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const vendor = await openVendor(baseUrl);
    const customer = await signUpViaApi(baseUrl, { name: 'Rabia' });
    await signInBrowser(context, customer.email);

    // Online: the dashboard registers the service worker and keeps a copy of the cards.
    await page.goto('/user');
    await page.getByRole('heading', { name: 'Welcome, Rabia' }).waitFor();
    await page.getByText('Sample data ready!').waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Chromium finds nothing missing for installing the app.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.errors).toEqual([]);

    // My QR online: this browser is enrolled as a device of the customer.
    await page.goto('/user/qr');
    await page.getByRole('heading', { name: 'My QR' }).waitFor();
    // The badge of the enrolled device ("Use offline codes on this device" shows until then).
    await page.getByText('This device', { exact: true }).waitFor();
    // The service worker controls the page once it has claimed it; the dashboard copy is written.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('chaska.offline-queries.v1')?.includes('Sample')))
      .toBe(true);

    // No signal at the counter.
    await context.setOffline(true);
    await page.goto('/user');
    await cutSignal(context, page);
    await page.getByText('No internet connection. Some features may not work properly.').waitFor();
    await page.getByText(/You are offline\. Your cards, stamps and rewards as of /).waitFor();
    await expect.poll(() => page.getByText('Sample', { exact: true }).count()).toBeGreaterThan(0);

    await page.goto('/user/qr');
    await cutSignal(context, page);
    await page.getByText('No signal: this code is made on your phone').waitFor();
    const shown = (await page.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/).textContent())!;
    await saveScreenshots(page, 'offline-my-qr');

    // Back online: the vendor's staff submit the code they were shown.
    await context.setOffline(false);
    await page.getByText('Connection restored!').waitFor();
    // The live stream opens again on the online event; give it a moment to be listening.
    await page.waitForTimeout(1500);
    const lookup = await postJson<{ customer: { name: string } }>(
      baseUrl,
      '/api/vendor/stamps/lookup',
      vendor.owner.cookie,
      { customerCode: shown },
    );
    expect(lookup.customer).toEqual({ name: 'Rabia' });
    const stamped = await postJson<{ message: string; userCard: { stampsCollected: number } }>(
      baseUrl,
      '/api/vendor/stamps',
      vendor.owner.cookie,
      { customerCode: shown, cardId: vendor.cardId },
    );
    expect(stamped.message).toBe('Stamp given to Rabia on Doodh Patti Club.');
    expect(stamped.userCard.stampsCollected).toBe(1);
    // The live updates are back: My QR hears the stamp.
    await page.getByText(/Doodh Patti Club at .*1 of 3 stamps/).waitFor();

    // Back on the dashboard the card reads 1 of 3, from the server again.
    await page.goto('/user');
    const tile = page.getByRole('article').filter({ hasText: 'Doodh Patti Club' });
    await tile.getByText('1 / 3 stamps').waitFor();

    // Signing out wipes the copy and the device's secret from this browser.
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(() =>
        page.evaluate(() =>
          ['chaska.offline-queries.v1', 'chaska.offline-device.v1'].map((key) => window.localStorage.getItem(key)),
        ),
      )
      .toEqual([null, null]);
  });
});
