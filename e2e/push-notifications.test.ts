import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakePushService, type FakePushService } from '../src/server/test/fake-push-service';
import { signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshots } from './support/screenshots';
import { collectAtCounter, openVendor, postJson } from './support/stamp-vendor';

/**
 * Web Push end to end (decision 043). Chromium's own push service (Google's) is out of reach of
 * the test machine, so the page's PushManager hands out a subscription at the local push service
 * instead (its endpoint and keys, as a browser's toJSON() gives them); everything after is the
 * real thing: the app asks, the server keeps the subscription, the job runner signs (VAPID) and
 * encrypts (RFC 8291) the push, the local service verifies and decrypts it, and the service worker
 * shows it when fed that push through the DevTools protocol.
 */
describe.skipIf(!chromiumAvailable)('push notifications', () => {
  const session = useBrowser({ width: 360, height: 780 });
  let service: FakePushService;
  beforeAll(async () => {
    service = await startFakePushService({ tls: inject('pushServiceTls') });
  });
  afterAll(async () => {
    await service.close();
  });

  it('after a first stamp the customer turns push on, and a stamp by staff reaches the lock screen', async () => {
    const { page, context, baseUrl } = session;
    const vendor = await openVendor(baseUrl);
    const customer = await signUpViaApi(baseUrl, { name: 'Mehwish' });
    const browser = service.subscribe();
    await context.addInitScript((subscription) => {
      // Kept across pages as the browser keeps a real one: the key it was made with.
      const STORE = 'e2e-push-subscription-key';
      const made = (key: number[]) =>
        ({
          endpoint: subscription.endpoint,
          expirationTime: null,
          options: { applicationServerKey: new Uint8Array(key).buffer, userVisibleOnly: true },
          getKey: () => null,
          toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
          unsubscribe: async () => {
            localStorage.removeItem(STORE);
            return true;
          },
        }) as unknown as PushSubscription;
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = [...new Uint8Array(options?.applicationServerKey as ArrayBuffer)];
        localStorage.setItem(STORE, JSON.stringify(key));
        return made(key);
      };
      PushManager.prototype.getSubscription = async () => {
        const key = localStorage.getItem(STORE);
        return key ? made(JSON.parse(key) as number[]) : null;
      };
    }, browser.subscription);
    await context.grantPermissions(['notifications'], { origin: baseUrl });
    await signInBrowser(context, customer.email);

    // A first visit asks nothing.
    await page.goto('/user');
    await page.getByRole('heading', { name: 'Welcome, Mehwish' }).waitFor();
    await page.getByRole('heading', { name: 'My Loyalty Cards' }).waitFor();
    expect(await page.getByText('Get a notification when you collect a stamp?').count()).toBe(0);

    // The first stamp (typed at the counter; the scanner's own journeys test its dialog): the
    // polite question appears on the dashboard.
    await collectAtCounter(baseUrl, vendor, customer.cookie, 1);
    await page.reload();
    const prompt = page.getByRole('button', { name: 'Turn on' });
    await prompt.waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshots(page, 'push-prompt');

    const [saved] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/push/subscriptions')),
      prompt.click(),
    ]);
    expect(saved.status()).toBe(201);
    await prompt.waitFor({ state: 'detached' });

    // Staff scan the customer's My QR and stamp the card: the job runner sends the push.
    const myCode = await postJson<{ qrPayload: string }>(baseUrl, '/api/stamps/my-code', customer.cookie);
    await postJson(baseUrl, '/api/vendor/stamps', vendor.owner.cookie, {
      customerCode: myCode.qrPayload,
      cardId: vendor.cardId,
    });
    const deadline = Date.now() + 20_000;
    while (service.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(service.refused).toEqual([]);
    expect(service.received).toHaveLength(1);
    const [push] = service.received;
    expect(push!.endpoint).toBe(browser.subscription.endpoint);
    const message = JSON.parse(push!.payload);
    expect(message).toMatchObject({
      title: `Stamp collected at ${vendor.businessName} (2/3)`,
      body: 'Doodh Patti Club: 2 of 3 stamps. 1 more stamp to go for Free Karak Chai.',
      url: '/user',
    });

    // The service worker shows what the push service would hand it.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find(
          (registration) => registration.scopeURL === `${baseUrl}/` && !registration.isDeleted,
        );
        if (ours) resolve(ours.registrationId);
      });
    });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl,
      registrationId: await registrationId,
      data: push!.payload,
    });
    const shown = async () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
          title: notification.title,
          body: notification.body,
          tag: notification.tag,
          url: (notification.data as { url: string }).url,
        })),
      );
    await expect
      .poll(shown, { timeout: 10_000 })
      .toEqual([{ title: message.title, body: message.body, tag: message.tag, url: '/user' }]);

    // The preferences page: this browser is on, and each category has a push switch beside its e-mail one.
    await page.goto('/email-preferences');
    await page.getByText('On: this browser shows your Chaska notifications.').waitFor();
    const stampPush = page.getByRole('switch', { name: 'Stamp notifications by push notification' });
    expect(await stampPush.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: 'Security alerts by push notification' }).isDisabled()).toBe(true);
    await stampPush.click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Email preferences updated successfully!').waitFor();
    await saveScreenshots(page, 'push-preferences');
    await page.reload();
    await page.getByText('On: this browser shows your Chaska notifications.').waitFor();
    expect(await stampPush.getAttribute('aria-checked')).toBe('false');
    expect(
      await page.getByRole('switch', { name: 'Stamp notifications', exact: true }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(session.problems).toEqual([]);
  });
});
