import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loyaltyCards, vendors, vendorWebhookDeliveries, walletPasses } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { collectStamps, customerCodeOf, setUpVendorWithCard } from '@server/modules/stamps/stamp-test-helpers';
import { apiCall, createKeyAs } from '@server/modules/api/vendor-api-test-helpers';
import { runDueJobs } from '@server/background-jobs';
import { postWebhook } from './post-webhook';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';
import { verifyWebhookSignature } from './webhook-signature';

const context = useTestApp();
const db = () => context.database.db;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

/**
 * Runs the jobs due now (the one "run due jobs now" of the tests) and says what became of the
 * webhook deliveries that were attempted: delivered, pending a retry, or failed.
 */
async function pass() {
  const attempts = async () =>
    new Map(
      (await db().select().from(vendorWebhookDeliveries)).map((row) => [
        row.id,
        { n: row.attempts, status: row.status },
      ]),
    );
  const before = await attempts();
  await runDueJobs(context.app);
  const result = { delivered: 0, retrying: 0, failed: 0 };
  for (const [id, after] of await attempts()) {
    if (after.n === (before.get(id)?.n ?? 0)) continue;
    if (after.status === 'delivered') result.delivered += 1;
    else if (after.status === 'failed') result.failed += 1;
    else result.retrying += 1;
  }
  return result;
}

async function vendorWithEndpoint(
  events = ['customer.joined', 'stamp.created', 'reward.earned', 'reward.redeemed', 'card.updated'],
) {
  const setup = await setUpVendorWithCard(context.app, db(), { plan: 'enterprise', stampsRequired: 2 });
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/vendor/api/webhooks',
    headers: { cookie: setup.owner.cookie },
    payload: { url: receiver.url, description: 'Till', events },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { ...setup, secret: created.json().secret as string, endpointId: created.json().endpoint.id as string };
}

function receivedEvents() {
  return receiver.received.map(
    (delivery) => JSON.parse(delivery.body) as { id: string; type: string; data: Record<string, unknown> },
  );
}

describe('webhook endpoints', () => {
  it('refuses a bad address naming the field, and a lower plan with the upgrade message', async () => {
    const { owner } = await setUpVendorWithCard(context.app, db(), { plan: 'enterprise' });
    const bad = await context.app.inject({
      method: 'POST',
      url: '/api/vendor/api/webhooks',
      headers: { cookie: owner.cookie },
      payload: { url: 'ftp://pos.example.pk', events: ['stamp.created'] },
    });
    expect([bad.statusCode, bad.json().error.fields]).toEqual([400, { url: 'The address must start with https://.' }]);
    const noEvents = await context.app.inject({
      method: 'POST',
      url: '/api/vendor/api/webhooks',
      headers: { cookie: owner.cookie },
      payload: { url: 'https://pos.example.pk', events: ['stamp.deleted'] },
    });
    expect([noEvents.statusCode, Object.keys(noEvents.json().error.fields)]).toEqual([400, ['events.0']]);
    const premium = await setUpVendorWithCard(context.app, db(), { plan: 'premium' });
    const locked = await context.app.inject({
      method: 'POST',
      url: '/api/vendor/api/webhooks',
      headers: { cookie: premium.owner.cookie },
      payload: { url: 'https://pos.example.pk', events: ['stamp.created'] },
    });
    expect([locked.statusCode, locked.json().error.code]).toEqual([403, 'plan_required']);
  });
});

describe('delivering webhooks', () => {
  it('posts the signed events of a point-of-sale stamp after it commits, retrying after a 500', async () => {
    receiver.received.length = 0;
    const { owner, card, secret } = await vendorWithEndpoint();
    const { key } = await createKeyAs(context.app, owner);
    const customer = await signUpUser(context.app, { name: 'Ayesha' });
    const code = (await customerCodeOf(context.app, customer.cookie)).qrPayload;
    const stamped = await apiCall(context.app, key, 'POST', '/api/v1/stamps', {
      payload: { customerCode: code, cardId: card.id },
      idempotencyKey: randomUUID(),
    });
    expect(stamped.statusCode).toBe(200);
    // Nothing is posted in the request: the deliveries wait for the background job.
    expect(receiver.received).toHaveLength(0);

    receiver.answers.push(500);
    const first = await pass();
    expect(first).toEqual({ delivered: 1, retrying: 1, failed: 0 });
    const pending = await db()
      .select()
      .from(vendorWebhookDeliveries)
      .where(eq(vendorWebhookDeliveries.status, 'pending'));
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ attempts: 1, lastStatusCode: 500, lastError: 'The receiver answered 500.' });
    expect(pending[0]!.nextAttemptAt).toEqual(new Date(context.clock.now().getTime() + 30_000));
    expect(await pass()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    context.clock.advance(30_000);
    expect(await pass()).toEqual({ delivered: 1, retrying: 0, failed: 0 });

    const events = receivedEvents();
    expect(events).toHaveLength(3);
    expect(new Set(events.map((event) => event.type))).toEqual(new Set(['customer.joined', 'stamp.created']));
    // The one that got the 500 came again with the same event id, for the receiver to de-duplicate.
    expect(new Set(events.map((event) => event.id)).size).toBe(2);
    const stampEvents = events.filter((event) => event.type === 'stamp.created');
    expect(stampEvents[0]!.data).toMatchObject({
      stamp: { id: stamped.json().stamp.id },
      card: { id: card.id, stampsCollected: 1, stampsRequired: 2 },
      customer: { id: customer.id, name: 'Ayesha' },
    });
    for (const delivery of receiver.received) {
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(delivery.headers['chaska-event-id']).toBe(JSON.parse(delivery.body).id);
      expect(
        verifyWebhookSignature(
          secret,
          delivery.headers['chaska-signature'] as string,
          delivery.body,
          context.clock.now(),
        ),
      ).toEqual({ ok: true });
    }
  });

  it('sends stamp.reversed when the owner reverses a fraud alert’s stamps, and marks the Wallet pass newer', async () => {
    const setup = await vendorWithEndpoint(['stamp.reversed']);
    const { owner, card } = setup;
    await db().update(loyaltyCards).set({ stampsRequired: 10 }).where(eq(loyaltyCards.id, card.id));
    const customer = await signUpUser(context.app, { name: 'Zara' });
    // Four stamps in a day at one shop raise the day's alert (decision 086).
    const last = await collectStamps(context.app, setup, customer.cookie, 4);
    await db().insert(walletPasses).values({ userId: customer.id, userCardId: last.userCard.id });
    const alerts = await context.app.inject({
      method: 'GET',
      url: '/api/vendor/fraud-alerts',
      headers: { cookie: owner.cookie },
    });
    const alertId = alerts.json().alerts[0].id as string;
    context.clock.advance(60_000);
    const reversed = await context.app.inject({
      method: 'POST',
      url: `/api/vendor/fraud-alerts/${alertId}/reverse`,
      headers: { cookie: owner.cookie },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const [walletPass] = await db().select().from(walletPasses).where(eq(walletPasses.userCardId, last.userCard.id));
    expect(walletPass).toMatchObject({ pushPending: true, updatedAt: context.clock.now() });
    await pass();
    const event = receivedEvents().find((each) => each.type === 'stamp.reversed');
    expect(event?.data).toMatchObject({
      card: { id: card.id, stampsCollected: 0 },
      customer: { id: customer.id, name: 'Zara' },
      withdrawnRewardIds: [],
    });
    expect((event?.data.stampIds as string[]).length).toBe(4);
  });

  it('sends reward.earned, reward.redeemed and card.updated from the counter and the card screens too', async () => {
    receiver.received.length = 0;
    const { owner, card } = await vendorWithEndpoint(['reward.earned', 'reward.redeemed', 'card.updated']);
    const { key } = await createKeyAs(context.app, owner);
    const customer = await signUpUser(context.app, { name: 'Bilal' });
    for (let index = 0; index < 2; index += 1) {
      const staffStamp = await context.app.inject({
        method: 'POST',
        url: '/api/vendor/stamps',
        headers: { cookie: owner.cookie },
        payload: { customerCode: (await customerCodeOf(context.app, customer.cookie)).qrPayload, cardId: card.id },
      });
      expect(staffStamp.statusCode).toBe(200);
    }
    const rewards = await apiCall(context.app, key, 'GET', `/api/v1/customers/${customer.id}/rewards`);
    const rewardId = rewards.json().rewards[0].id;
    await apiCall(context.app, key, 'POST', '/api/v1/rewards/redeem', {
      payload: { rewardId, customerCode: (await customerCodeOf(context.app, customer.cookie)).qrPayload },
      idempotencyKey: randomUUID(),
    });
    expect(
      (
        await context.app.inject({
          method: 'POST',
          url: `/api/vendor/cards/${card.id}/pause`,
          headers: { cookie: owner.cookie },
        })
      ).statusCode,
    ).toBe(200);
    await pass();
    const events = receivedEvents();
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['reward.earned', 'reward.redeemed', 'card.updated']),
    );
    expect(events).toHaveLength(3);
    expect(events.find((event) => event.type === 'card.updated')!.data).toMatchObject({
      change: 'status_changed',
      card: { id: card.id, status: 'paused' },
    });
    expect(events.find((event) => event.type === 'reward.redeemed')!.data).toMatchObject({
      reward: { id: rewardId },
      customer: { id: customer.id },
    });
  });

  it('sends a test event from the button, and shows it in the delivery log', async () => {
    receiver.received.length = 0;
    const { owner, endpointId, secret } = await vendorWithEndpoint(['stamp.created']);
    const queued = await context.app.inject({
      method: 'POST',
      url: `/api/vendor/api/webhooks/${endpointId}/test`,
      headers: { cookie: owner.cookie },
    });
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0 });
    await pass();
    expect(receivedEvents().map((event) => event.type)).toEqual(['webhook.test']);
    expect(
      verifyWebhookSignature(
        secret,
        receiver.received[0]!.headers['chaska-signature'] as string,
        receiver.received[0]!.body,
        context.clock.now(),
      ).ok,
    ).toBe(true);
    const overview = await context.app.inject({
      method: 'GET',
      url: '/api/vendor/api',
      headers: { cookie: owner.cookie },
    });
    expect(overview.json().deliveries[0]).toMatchObject({
      eventType: 'webhook.test',
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      endpointUrl: receiver.url,
    });
    const otherVendor = await setUpVendorWithCard(context.app, db(), { plan: 'enterprise' });
    const foreign = await context.app.inject({
      method: 'POST',
      url: `/api/vendor/api/webhooks/${endpointId}/test`,
      headers: { cookie: otherVendor.owner.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    const removed = await context.app.inject({
      method: 'DELETE',
      url: `/api/vendor/api/webhooks/${endpointId}`,
      headers: { cookie: owner.cookie },
    });
    expect(removed.json()).toEqual({ removed: true });
  });

  it('gives up after a day of failures, and at once when the vendor leaves Enterprise', async () => {
    const { owner, vendor, endpointId } = await vendorWithEndpoint(['stamp.created']);
    receiver.answers.push(...Array.from({ length: 40 }, () => 503));
    await context.app.inject({
      method: 'POST',
      url: `/api/vendor/api/webhooks/${endpointId}/test`,
      headers: { cookie: owner.cookie },
    });
    const start = context.clock.now().getTime();
    for (let hour = 0; hour <= 25; hour += 1) {
      await pass();
      context.clock.set(new Date(start + hour * 3600_000));
    }
    await pass();
    const [failed] = await db()
      .select()
      .from(vendorWebhookDeliveries)
      .where(eq(vendorWebhookDeliveries.endpointId, endpointId));
    expect(failed).toMatchObject({ status: 'failed', lastStatusCode: 503, nextAttemptAt: null });
    expect(failed!.attempts).toBeGreaterThan(8);
    receiver.answers.length = 0;

    await context.app.inject({
      method: 'POST',
      url: `/api/vendor/api/webhooks/${endpointId}/test`,
      headers: { cookie: owner.cookie },
    });
    await db().update(vendors).set({ subscriptionPlan: 'premium' }).where(eq(vendors.id, vendor.id));
    const before = receiver.received.length;
    expect(await pass()).toEqual({ delivered: 0, retrying: 0, failed: 1 });
    expect(receiver.received.length).toBe(before);
    const [latest] = await db()
      .select()
      .from(vendorWebhookDeliveries)
      .where(eq(vendorWebhookDeliveries.status, 'failed'))
      .orderBy(vendorWebhookDeliveries.lastAttemptAt);
    expect(latest).toBeDefined();
  });

  it('never calls a private address outside a local installation', async () => {
    const before = receiver.received.length;
    const outcome = await postWebhook(
      {
        url: receiver.url.replace('http:', 'https:'),
        body: '{}',
        signature: 't=1,v1=00',
        eventId: 'e',
        eventType: 'webhook.test',
      },
      { allowPrivateNetworks: false, allowLoopback: false },
    );
    expect(outcome).toEqual({
      ok: false,
      statusCode: null,
      error: 'The address resolves to a private or local network; it was not called.',
    });
    expect(receiver.received.length).toBe(before);
  });
});
