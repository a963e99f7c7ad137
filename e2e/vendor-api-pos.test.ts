import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../src/server/modules/api/webhook-receiver';
import { verifyWebhookSignature } from '../src/server/modules/api/webhook-signature';
import { signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { payForPlan } from './support/plan-vendor';
import { saveScreenshots } from './support/screenshots';
import { openVendor, postJson } from './support/stamp-vendor';

/** The fields of the /api/v1 answers this journey reads (each call fills some of them). */
interface PosAnswer {
  customer: { id: string; name: string };
  cards: unknown[];
  card: { stampsCollected: number };
  stamp: { id: string };
  reward: { id: string; rewardTitle: string };
  rewards: Array<{ id: string }>;
  message: string;
  totals: Record<string, number>;
  error: { code: string };
}

/**
 * An Enterprise vendor connects its point of sale: the owner creates a key and a webhook endpoint
 * on API & Webhooks, the POS drives /api/v1 with the key (look up, stamp, retry with the same
 * Idempotency-Key, redeem), and a local receiver gets every event signed.
 */
describe.skipIf(!chromiumAvailable)('a point of sale on the vendor API', () => {
  const session = useBrowser({ width: 1280, height: 900 });
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('creates a key and an endpoint in the browser, then stamps once per Idempotency-Key and redeems, with signed webhooks', async () => {
    const { page, baseUrl } = session;
    const vendor = await openVendor(baseUrl);

    // Below Enterprise the page is locked, on the screen as on the server.
    await signInBrowser(session.context, vendor.owner.email);
    await page.goto('/vendor/api');
    await page.getByText('This feature needs the Enterprise plan.').waitFor();
    expect(await page.getByRole('link', { name: 'Upgrade on Billing' }).getAttribute('href')).toBe('/vendor/billing');
    expect(await page.getByRole('button', { name: 'New key' }).count()).toBe(0);

    await payForPlan(baseUrl, vendor.owner.cookie, 'enterprise');
    await page.goto('/vendor/api');
    await page.getByRole('heading', { name: 'API & Webhooks' }).waitFor();

    // The key, shown once.
    await page.getByRole('button', { name: 'New key' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'New API key' });
    await keyDialog.getByLabel('Key name').fill('Counter POS');
    await keyDialog.getByLabel('Requests per minute').fill('5');
    await keyDialog.getByRole('button', { name: 'Create key' }).click();
    await keyDialog.getByText('Requests per minute is at least 10.').waitFor();
    // That refusal was the 400 we asked for; any other problem from here on is a failure.
    session.problems.length = 0;
    await keyDialog.getByLabel('Requests per minute').fill('120');
    await keyDialog.getByRole('button', { name: 'Create key' }).click();
    const shownKey = page.getByRole('dialog', { name: 'Copy the key now' }).getByLabel('API key');
    await shownKey.waitFor();
    const key = await shownKey.inputValue();
    expect(key).toMatch(/^chk_live_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: /^Counter POS chk_live_/ }).waitFor();

    // The webhook endpoint and its signing secret, shown once.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const endpointDialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await endpointDialog.getByLabel('Address').fill(receiver.url);
    await endpointDialog.getByLabel('Description').fill('Main till');
    await endpointDialog.getByRole('button', { name: 'Add endpoint' }).click();
    const shownSecret = page.getByRole('dialog', { name: 'Copy the signing secret now' }).getByLabel('Signing secret');
    await shownSecret.waitFor();
    const secret = await shownSecret.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();

    // "Send test event": posted by the background job, then listed as delivered.
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText('Test event queued.', { exact: false }).waitFor();
    const log = page.getByRole('table', { name: 'Webhook deliveries' });
    await log.getByRole('row', { name: /webhook\.test.*Delivered.*HTTP 200/ }).waitFor({ timeout: 20_000 });

    // The point of sale, with the key only.
    const pos = async (method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string) => {
      const response = await fetch(`${baseUrl}/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: response.status,
        replayed: response.headers.get('idempotent-replayed'),
        json: (await response.json()) as PosAnswer,
      };
    };
    const customer = await signUpViaApi(baseUrl, { name: 'Hina' });
    const myCode = async () =>
      await postJson<{ qrPayload: string; typedCode: string }>(baseUrl, '/api/stamps/my-code', customer.cookie);

    const first = await myCode();
    const lookup = await pos('POST', '/customers/lookup', { customerCode: first.typedCode });
    expect(lookup.status).toBe(200);
    expect(lookup.json.customer.name).toBe('Hina');
    expect(lookup.json.cards).toEqual([expect.objectContaining({ cardId: vendor.cardId, stampsCollected: null })]);

    const idempotencyKey = randomUUID();
    const stamped = await pos(
      'POST',
      '/stamps',
      { customerCode: first.qrPayload, cardId: vendor.cardId },
      idempotencyKey,
    );
    expect(stamped.status).toBe(200);
    expect(stamped.json.card.stampsCollected).toBe(1);
    // The till lost the answer and tries again: the same answer, no second stamp.
    const retried = await pos(
      'POST',
      '/stamps',
      { customerCode: first.qrPayload, cardId: vendor.cardId },
      idempotencyKey,
    );
    expect([retried.status, retried.replayed, retried.json.stamp.id]).toEqual([200, 'true', stamped.json.stamp.id]);

    let last = stamped;
    for (let stamp = 2; stamp <= 3; stamp += 1) {
      last = await pos(
        'POST',
        '/stamps',
        { customerCode: (await myCode()).qrPayload, cardId: vendor.cardId },
        randomUUID(),
      );
      expect([last.status, last.json.card.stampsCollected]).toEqual([200, stamp]);
    }
    expect(last.json.reward).toEqual(expect.objectContaining({ rewardTitle: 'Free Karak Chai' }));

    const listed = await pos('GET', `/customers/${lookup.json.customer.id}/rewards`);
    expect(listed.json.rewards.map((reward: { id: string }) => reward.id)).toEqual([last.json.reward.id]);
    const redeemKey = randomUUID();
    const redeemBody = { rewardId: last.json.reward.id, customerCode: (await myCode()).qrPayload };
    const redeemed = await pos('POST', '/rewards/redeem', redeemBody, redeemKey);
    expect([redeemed.status, redeemed.json.message]).toEqual([200, 'Reward redeemed!']);
    const redeemedAgain = await pos('POST', '/rewards/redeem', redeemBody, redeemKey);
    expect([redeemedAgain.status, redeemedAgain.replayed]).toEqual([200, 'true']);

    const activity = await pos('GET', '/activity');
    expect(activity.json.totals).toEqual({ stamps: 3, redemptions: 1, rewardsEarned: 1 });

    // Every event reaches the receiver, signed; de-duplicated by id, each happened once.
    const expected = ['customer.joined', 'reward.earned', 'reward.redeemed', 'stamp.created', 'webhook.test'];
    await expect
      .poll(() => [...new Set(receiver.received.map((delivery) => JSON.parse(delivery.body).type as string))].sort(), {
        timeout: 20_000,
        interval: 500,
      })
      .toEqual(expected);
    await expect
      .poll(() => new Set(receiver.received.map((delivery) => JSON.parse(delivery.body).id as string)).size, {
        timeout: 20_000,
      })
      .toBe(7);
    for (const delivery of receiver.received) {
      const check = verifyWebhookSignature(
        secret,
        delivery.headers['chaska-signature'] as string,
        delivery.body,
        new Date(),
      );
      expect([JSON.parse(delivery.body).type, check]).toEqual([JSON.parse(delivery.body).type, { ok: true }]);
    }
    const stampEvents = receiver.received
      .map((delivery) => JSON.parse(delivery.body))
      .filter((event) => event.type === 'stamp.created');
    expect(new Set(stampEvents.map((event) => event.data.stamp.id)).size).toBe(3);

    // The owner sees the key used and the deliveries in the log.
    await page.reload();
    await log.getByRole('row', { name: /reward\.redeemed.*Delivered/ }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('row', { name: /Counter POS/ }).textContent()).not.toContain('Never');
    expect(session.problems).toEqual([]);
    await saveScreenshots(page, 'vendor-api');

    // The reference a POS developer reads.
    await page.goto('/developers');
    await page.getByRole('heading', { name: 'Chaska vendor API' }).waitFor();
    await page.getByRole('heading', { name: /POST\s*\/api\/v1\/stamps/ }).waitFor();
    await page.getByLabel('Signature verification in Node.js').waitFor();
    await saveScreenshots(page, 'vendor-api-reference', { fullPage: false });

    // Revoked in the browser, refused at once.
    await page.goto('/vendor/api');
    await page.getByRole('button', { name: 'Revoke Counter POS' }).click();
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('The key "Counter POS" is revoked.').waitFor();
    const refused = await pos('GET', '/me');
    expect([refused.status, refused.json.error.code]).toEqual([401, 'api_key_revoked']);
  }, 120_000);
});
