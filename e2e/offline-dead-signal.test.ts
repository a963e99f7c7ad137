import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { signInBrowser, signUpViaApi } from './support/api';
import { CHROMIUM_PATH, chromiumAvailable } from './support/browser';
import { e2eServer } from './support/server';

/** Every button on screen gets the tap aimed at its middle: nothing floats over it. */
async function expectNoButtonCovered(page: Page): Promise<void> {
  const covered = await page.evaluate(() =>
    [...document.querySelectorAll('button')]
      .filter((button) => {
        const box = button.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
      })
      .filter((button) => {
        const box = button.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit === null || !button.contains(hit);
      })
      .map((button) => button.textContent?.trim() ?? ''),
  );
  expect(covered).toEqual([]);
}

/** Wi-Fi without internet: every API request fails while the browser still says it is online. */
async function killSignalButNotWifi(context: BrowserContext): Promise<void> {
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
}

describe.skipIf(!chromiumAvailable)('the counter with a dead signal', () => {
  let context: BrowserContext | undefined;
  let profile: string | undefined;
  afterEach(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('shows the kept cards and the offline My QR code when requests fail while the browser says online', async () => {
    const baseUrl = e2eServer().baseUrl;
    profile = mkdtempSync(path.join(tmpdir(), 'chaska-dead-signal-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      baseURL: baseUrl,
      viewport: { width: 360, height: 640 },
      args: ['--no-sandbox', '--disable-gpu', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const customer = await signUpViaApi(baseUrl, { name: 'Zainab' });
    await signInBrowser(context, customer.email);

    // Online once: the cards are kept and this phone is enrolled for offline codes.
    await page.goto('/user');
    await page.getByText('Sample data ready!').waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto('/user/qr');
    await page.getByText('This device', { exact: true }).waitFor();
    await page.goto('/user');
    await page.getByRole('heading', { name: 'Welcome, Zainab' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('chaska.offline-queries.v1')?.includes('Sample')))
      .toBe(true);

    await killSignalButNotWifi(context);
    await page.reload();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await page.getByText(/You are offline\. Your cards, stamps and rewards as of /).waitFor();
    await expect.poll(() => page.getByText('Sample', { exact: true }).count()).toBeGreaterThan(0);
    await page.getByText('No internet connection. Some features may not work properly.').waitFor();
    expect(await page.getByText('Your dashboard could not be loaded').count()).toBe(0);
    await expectNoButtonCovered(page);

    // My QR: the code made on the phone, and no trip to the sign-in page.
    await page.goto('/user/qr');
    await page.getByText('No signal: this code is made on your phone').waitFor();
    await page.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/qr');
    // Still signed in and still holding the copy after a while without answers.
    await page.waitForTimeout(4000);
    expect(new URL(page.url()).pathname).toBe('/user/qr');
    expect(await page.evaluate(() => window.localStorage.getItem('chaska.offline-queries.v1') !== null)).toBe(true);

    // The signal comes back: the app notices by itself, though the browser never said offline.
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await page.getByText('Connection restored!').waitFor({ timeout: 15_000 });
    await page.goto('/user');
    await page.getByRole('heading', { name: 'Welcome, Zainab' }).waitFor();
    expect(await page.getByText(/You are offline/).count()).toBe(0);
  });

  it('never covers Continue on /auth with the no-signal notice', async () => {
    const baseUrl = e2eServer().baseUrl;
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox'] });
    try {
      const authContext = await browser.newContext({ baseURL: baseUrl, viewport: { width: 360, height: 640 } });
      const page = await authContext.newPage();
      await page.goto('/auth');
      const continueButton = page.getByRole('button', { name: 'Continue', exact: true });
      await continueButton.waitFor();
      await authContext.setOffline(true);
      await page.getByText('No internet connection. Some features may not work properly.').waitFor();
      await continueButton.scrollIntoViewIfNeeded();
      await expectNoButtonCovered(page);
    } finally {
      await browser.close();
    }
  });
});
