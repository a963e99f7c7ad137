import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { signInBrowser, signUpViaApi } from './support/api';
import { createApprovedVendorOwner } from './support/billing-vendor';
import { chromiumAvailable } from './support/browser';
import { launchChromiumFilming } from './support/fake-camera';
import { e2eServer } from './support/server';

/** Set to a folder to keep pictures of the scanner screens (docs/screenshots). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR;
const PHONE = { width: 360, height: 740 };

async function postJson<T>(baseUrl: string, route: string, cookie: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${route} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An approved vendor with an active 3-stamp card. */
async function vendorWithCard(baseUrl: string) {
  const owner = await createApprovedVendorOwner(baseUrl, `Camera Chai ${Date.now().toString(36)}`);
  const card = await postJson<{ id: string }>(baseUrl, '/api/vendor/cards', owner.cookie, {
    card: {
      name: 'Doodh Patti Club',
      cardType: 'free',
      stampsRequired: 3,
      rewardTitle: 'Free Karak Chai',
      rewardValue: 250,
      minStampIntervalMinutes: 0,
    },
    saveAs: 'active',
  });
  return { owner, cardId: card.id };
}

/** Every address the page asks for, to prove a scan needs nothing but this app. */
function recordRequests(page: Page): URL[] {
  const requests: URL[] = [];
  page.on('request', (request) => requests.push(new URL(request.url())));
  return requests;
}

function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

function expectOnlyThisApp(requests: URL[], baseUrl: string) {
  const origin = new URL(baseUrl).origin;
  const elsewhere = requests.filter((url) => url.protocol.startsWith('http') && url.origin !== origin).map(String);
  expect(elsewhere).toEqual([]);
  // Headless Chromium on Linux has no built-in QR reader: the ponyfill read the code with the app's own .wasm.
  expect(
    requests.some((url) => url.origin === origin && /^\/assets\/zxing_reader-[\w-]+\.wasm$/.test(url.pathname)),
  ).toBe(true);
}

describe('the built app serves the QR reader itself', () => {
  it('emits the ZXing .wasm as a hashed asset with compressed copies', () => {
    const assets = path.join('dist', 'client', 'assets');
    expect(existsSync(assets)).toBe(true);
    const wasm = readdirSync(assets).filter((file) => /^zxing_reader-[\w-]+\.wasm$/.test(file));
    expect(wasm).toHaveLength(1);
    expect(existsSync(path.join(assets, `${wasm[0]}.br`))).toBe(true);
    expect(existsSync(path.join(assets, `${wasm[0]}.gz`))).toBe(true);
  });
});

describe.skipIf(!chromiumAvailable)('scanning QR codes with the camera', () => {
  let browser: Browser | undefined;
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  it('a customer points the phone at the counter code and collects a stamp', async () => {
    const baseUrl = e2eServer().baseUrl;
    const vendor = await vendorWithCard(baseUrl);
    const counter = await postJson<{ code: { qrPayload: string } }>(
      baseUrl,
      `/api/vendor/cards/${vendor.cardId}/counter-code`,
      vendor.owner.cookie,
    );
    const customer = await signUpViaApi(baseUrl, { name: 'Mehwish' });

    browser = await launchChromiumFilming(counter.code.qrPayload);
    const context = await browser.newContext({ baseURL: baseUrl, viewport: PHONE });
    const page = await context.newPage();
    const requests = recordRequests(page);
    const problems = watchErrors(page);
    await signInBrowser(context, customer.email);
    await page.goto('/user');
    await page.getByRole('heading', { name: 'Welcome, Mehwish' }).waitFor();

    await page.getByRole('button', { name: 'Scan QR Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan QR Code' });
    // The camera reads the code by itself: no typing.
    await dialog.getByText('Stamp collected successfully!').waitFor();
    expect(await dialog.getByText('Doodh Patti Club at').textContent()).toContain('1 of 3 stamps');
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'scanner-customer-collected-360.png') });
    // The camera is off once the dialog is done with it.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.locator('video').count()).toBe(0);

    expectOnlyThisApp(requests, baseUrl);
    expect(problems).toEqual([]);
  });

  it('staff scan the customer’s My QR on the Issue Stamp page and give a stamp', async () => {
    const baseUrl = e2eServer().baseUrl;
    const vendor = await vendorWithCard(baseUrl);
    const customer = await signUpViaApi(baseUrl, { name: 'Sana', surname: 'Malik' });
    const myCode = await postJson<{ qrPayload: string }>(baseUrl, '/api/stamps/my-code', customer.cookie);

    browser = await launchChromiumFilming(myCode.qrPayload);
    const context = await browser.newContext({ baseURL: baseUrl, viewport: PHONE });
    const page = await context.newPage();
    const requests = recordRequests(page);
    const problems = watchErrors(page);
    await signInBrowser(context, vendor.owner.email);
    await page.goto('/vendor/issue-stamp');
    await page.getByRole('tab', { name: 'Scan customer' }).click();
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    if (SCREENSHOTS) {
      await page.getByLabel('Camera view').waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'scanner-vendor-camera-360.png') });
    }

    const found = page
      .getByRole('region', { name: 'Sana' })
      .or(page.locator('section').filter({ hasText: 'Choose the card to stamp.' }));
    await found.getByText('Doodh Patti Club').waitFor();
    // The scanner closed itself after the read.
    await expect.poll(() => page.locator('video').count()).toBe(0);
    await found.getByRole('button', { name: 'Give stamp' }).click();
    await page.getByText('Doodh Patti Club: 1 of 3 stamps.').waitFor();
    if (SCREENSHOTS)
      await page.screenshot({ path: path.join(SCREENSHOTS, 'scanner-vendor-stamped-360.png'), fullPage: true });

    expectOnlyThisApp(requests, baseUrl);
    expect(problems).toEqual([]);
  });

  it.skipIf(!SCREENSHOTS)('pictures of both scanners while they look for a code', async () => {
    const baseUrl = e2eServer().baseUrl;
    const vendor = await vendorWithCard(baseUrl);
    const customer = await signUpViaApi(baseUrl, { name: 'Mehwish' });
    browser = await launchChromiumFilming(null);
    const phone = await browser.newContext({ baseURL: baseUrl, viewport: PHONE });
    const page = await phone.newPage();
    await signInBrowser(phone, customer.email);
    await page.goto('/user');
    await page.getByRole('button', { name: 'Scan QR Code' }).click();
    await page.getByRole('dialog', { name: 'Scan QR Code' }).waitFor();
    await expect.poll(() => page.getByText('Starting the camera…').count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS ?? '', 'scanner-customer-360.png') });

    const counter = await browser.newContext({ baseURL: baseUrl, viewport: PHONE });
    const staff = await counter.newPage();
    await signInBrowser(counter, vendor.owner.email);
    await staff.goto('/vendor/issue-stamp');
    await staff.getByRole('tab', { name: 'Scan customer' }).click();
    await staff.getByRole('button', { name: 'Scan with camera' }).click();
    await expect.poll(() => staff.getByText('Starting the camera…').count()).toBe(0);
    await staff.screenshot({ path: path.join(SCREENSHOTS ?? '', 'scanner-vendor-issue-stamp-360.png') });
  });
});
