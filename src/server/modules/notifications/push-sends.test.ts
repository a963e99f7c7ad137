import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailPreferences, jobs, loyaltyCards, pushSubscriptions } from '@server/db/schema';
import { runDueJobs } from '@server/background-jobs';
import { useTestApp } from '@server/test/build-test-app';
import { startFakePushService, type FakePushService } from '@server/test/fake-push-service';
import { signUpUser, type SignedInUser } from '@server/test/factories';
import { setUpVendorWithCard, staffStampsCustomer, type VendorSetup } from '@server/modules/stamps/stamp-test-helpers';
import { createDailyChaska } from '@server/modules/cards/create-daily-chaska';
import { SYSTEM_ACTOR } from '@server/lib/record-audit';
import { REWARD_REMINDER_JOB } from '@server/modules/stamps/reward-reminder-jobs';
import { generateVapidKeys } from './send-push';

const vapid = generateVapidKeys();

describe('pushes from the job runner', () => {
  const context = useTestApp({
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:support@chaska.pk',
    // The fake push service listens on 127.0.0.1 (a server nobody else reaches, as in the e2e tests).
    ALLOW_LOOPBACK_TARGETS_FOR_TESTS: 'true',
  });
  const db = () => context.database.db;
  let service: FakePushService;
  beforeAll(async () => {
    service = await startFakePushService();
  });
  afterAll(async () => {
    await service.close();
  });

  const drain = () => runDueJobs(context.app, { pushAgent: service.agent });
  /** What this browser received, decrypted with its keys as the browser does. */
  const receivedBy = (endpoint: string) =>
    service.received.filter((push) => push.endpoint === endpoint).map((push) => JSON.parse(push.payload));

  async function subscribedCustomer(name = 'Zara'): Promise<{ customer: SignedInUser; endpoint: string }> {
    const customer = await signUpUser(context.app, { name });
    const browser = service.subscribe();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: customer.cookie },
      payload: browser.subscription,
    });
    expect(response.statusCode).toBe(201);
    return { customer, endpoint: browser.subscription.endpoint };
  }

  const staffStamps = (setup: VendorSetup, customer: SignedInUser) =>
    staffStampsCustomer(context.app, setup, customer.cookie);

  async function setPushPreferences(customer: SignedInUser, push: Partial<Record<string, boolean>>) {
    const current = await context.app.inject({
      method: 'GET',
      url: '/api/email-preferences',
      headers: { cookie: customer.cookie },
    });
    const { preferences } = current.json();
    const { security_alerts: _locked, unsubscribed: _u, updated_at: _at, ...toggles } = preferences;
    const response = await context.app.inject({
      method: 'PUT',
      url: '/api/email-preferences',
      headers: { cookie: customer.cookie },
      payload: { ...toggles, push: { ...preferences.push, ...push } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().preferences.push).toMatchObject(push);
  }

  it('sends one push, after the answer, when staff stamp the customer’s code, and none twice', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 5 });
    const { customer, endpoint } = await subscribedCustomer();
    await staffStamps(setup, customer);
    // Nothing left during the request: the job runner sends it.
    expect(receivedBy(endpoint)).toEqual([]);
    await drain();
    expect(service.refused).toEqual([]);
    expect(receivedBy(endpoint)).toEqual([
      {
        title: `Stamp collected at ${setup.vendor.businessName} (1/5)`,
        body: `${setup.card.name}: 1 of 5 stamps. 4 more stamps to go for ${setup.card.rewardTitle}.`,
        url: '/user',
        tag: expect.stringMatching(/^card-/),
      },
    ]);
    await drain();
    expect(receivedBy(endpoint)).toHaveLength(1);
  });

  it('sends nothing for a stamp the customer scanned themselves (they are looking at it)', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 5 });
    const { customer, endpoint } = await subscribedCustomer();
    const counter = await context.app.inject({
      method: 'POST',
      url: `/api/vendor/cards/${setup.card.id}/counter-code`,
      headers: { cookie: setup.owner.cookie },
    });
    await context.app.inject({
      method: 'POST',
      url: '/api/stamps/collect',
      headers: { cookie: customer.cookie },
      payload: { code: counter.json().code.qrPayload },
    });
    await drain();
    expect(receivedBy(endpoint)).toEqual([]);
  });

  it('says the reward is ready when the stamp completes the card, in the customer’s language', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 1, rewardValue: 0 });
    const { customer, endpoint } = await subscribedCustomer();
    await context.app.inject({
      method: 'PUT',
      url: '/api/accounts/language',
      headers: { cookie: customer.cookie },
      payload: { language: 'ur' },
    });
    const result = await staffStamps(setup, customer);
    await drain();
    const [push] = receivedBy(endpoint);
    expect(receivedBy(endpoint)).toHaveLength(1);
    expect(push.url).toBe(`/user/rewards/${result.reward.id}`);
    expect(push.title).toContain(setup.vendor.businessName);
    // The Urdu catalogue's words, not the English ones.
    expect(push.title).not.toContain('You earned');
  });

  it('checks the push toggle of the category: off, no push (the e-mail toggle is its own)', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 5 });
    const { customer, endpoint } = await subscribedCustomer();
    await setPushPreferences(customer, { stamp_notifications: false });
    const [row] = await db().select().from(emailPreferences).where(eq(emailPreferences.userId, customer.id));
    expect([row!.stampNotifications, row!.pushStampNotifications]).toEqual([true, false]);
    await staffStamps(setup, customer);
    await drain();
    expect(receivedBy(endpoint)).toEqual([]);
  });

  it('deletes a subscription the push service says is gone (410)', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 5 });
    const { customer, endpoint } = await subscribedCustomer();
    service.markGone(endpoint);
    await staffStamps(setup, customer);
    await drain();
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, customer.id))).toEqual([]);
    const [job] = await db().select().from(jobs).where(like(jobs.uniqueKey, `push:stamp:%`)).orderBy(jobs.runAt);
    expect(job).toBeDefined();
  });

  it('pushes nothing twice when a job runs again after its lease ran out', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 5 });
    const { customer, endpoint } = await subscribedCustomer();
    const result = await staffStamps(setup, customer);
    await drain();
    expect(receivedBy(endpoint)).toHaveLength(1);
    // As if the process died after sending and before recording the job done: claimed again.
    const key = `push:stamp:${result.stamp.id}`;
    await db()
      .update(jobs)
      .set({ status: 'running', lockedUntil: new Date(context.clock.now().getTime() - 1000) })
      .where(eq(jobs.uniqueKey, key));
    await drain();
    const [job] = await db().select().from(jobs).where(eq(jobs.uniqueKey, key));
    expect([job!.status, job!.attempts]).toEqual(['done', 2]);
    expect(receivedBy(endpoint)).toHaveLength(1);
  });

  it('reminds of a reward about to expire by push beside the e-mail', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 1 });
    await db().update(loyaltyCards).set({ rewardExpiryDays: 7 }).where(eq(loyaltyCards.id, setup.card.id));
    const { customer, endpoint } = await subscribedCustomer();
    const result = await staffStamps(setup, customer);
    await drain();
    expect(receivedBy(endpoint)).toHaveLength(1);
    const [reminder] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, REWARD_REMINDER_JOB.name), like(jobs.uniqueKey, `%${result.reward.id}:7`)));
    await runDueJobs(context.app, { pushAgent: service.agent, now: reminder!.runAt });
    await runDueJobs(context.app, { pushAgent: service.agent, now: reminder!.runAt });
    const pushes = receivedBy(endpoint);
    expect(pushes).toHaveLength(2);
    expect(pushes[1]).toMatchObject({
      title: expect.stringContaining(`Your reward at ${setup.vendor.businessName} expires on`),
      body: expect.stringContaining(`${setup.card.rewardTitle} is waiting for you.`),
      url: `/user/rewards/${result.reward.id}`,
    });
  });

  it('carries the vendor’s message, under the customer’s vendor updates toggle', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 5 });
    const { customer, endpoint } = await subscribedCustomer();
    await staffStamps(setup, customer);
    await drain();
    const send = () =>
      context.app.inject({
        method: 'POST',
        url: `/api/vendor/customers/${customer.id}/message`,
        headers: { cookie: setup.owner.cookie },
        payload: { subject: 'New menu', message: 'Karak chai is back, with fresh parathas every morning.' },
      });
    expect((await send()).statusCode).toBe(200);
    await drain();
    expect(receivedBy(endpoint).slice(1)).toEqual([
      {
        title: `${setup.vendor.businessName}: New menu`,
        body: 'Karak chai is back, with fresh parathas every morning.',
        url: `/vendors/${setup.vendor.slug}`,
        tag: `vendor-${setup.vendor.slug}`,
      },
    ]);
    await setPushPreferences(customer, { vendor_updates: false });
    expect((await send()).statusCode).toBe(200);
    await drain();
    expect(receivedBy(endpoint)).toHaveLength(2);
  });

  it('announces a new Daily Chaska to everyone whose Daily Chaska push is on, once each', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const wanting = await subscribedCustomer('Ayesha');
    const declining = await subscribedCustomer('Bilal');
    await setPushPreferences(declining.customer, { daily_chaska: false });
    await createDailyChaska(
      db(),
      {
        vendorId: setup.vendor.id,
        name: 'Half-price biryani',
        rewardTitle: 'Biryani for 250',
        dealPrice: 250,
        originalPrice: 500,
        stock: 20,
        endsAt: new Date(context.clock.now().getTime() + 24 * 3600 * 1000).toISOString(),
      },
      SYSTEM_ACTOR,
      context.clock.now(),
    );
    await drain();
    await drain();
    expect(receivedBy(wanting.endpoint)).toEqual([
      {
        title: `Daily Chaska: Half-price biryani at ${setup.vendor.businessName}`,
        body: expect.stringContaining('Rs'),
        url: '/daily-chaska',
        tag: 'daily-chaska',
      },
    ]);
    expect(receivedBy(declining.endpoint)).toEqual([]);
  });
});
