import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER } from '@shared/notifications/push';
import { pushSubscriptions } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser, type SignedInUser } from '@server/test/factories';
import { generateVapidKeys } from './send-push';

const vapid = generateVapidKeys();
const p256dh = `B${'A'.repeat(86)}`;
const auth = 'A'.repeat(22);
const browser = (id: string) => ({ endpoint: `https://fcm.googleapis.com/fcm/send/${id}`, keys: { p256dh, auth } });

describe('push subscriptions API', () => {
  const context = useTestApp({
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:support@chaska.pk',
  });
  const db = () => context.database.db;
  const call = (user: SignedInUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    context.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  const rowsOf = (userId: string) => db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  it('gives anyone the public VAPID key the browser subscribes with', async () => {
    const response = await call(null, 'GET', '/api/push/key');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ publicKey: vapid.publicKey });
  });

  it('keeps a signed-in person’s browser, once per endpoint, and forgets it on request', async () => {
    const customer = await signUpUser(context.app);
    expect((await call(customer, 'POST', '/api/push/subscriptions', browser('phone'))).statusCode).toBe(201);
    expect((await call(customer, 'POST', '/api/push/subscriptions', browser('phone'))).statusCode).toBe(201);
    expect(await rowsOf(customer.id)).toHaveLength(1);

    const removed = await call(customer, 'POST', '/api/push/subscriptions/remove', {
      endpoint: browser('phone').endpoint,
    });
    expect(removed.statusCode).toBe(200);
    expect(await rowsOf(customer.id)).toEqual([]);
  });

  it('moves a browser to whoever subscribed on it last, so a shared phone never gets the previous person’s messages', async () => {
    const first = await signUpUser(context.app);
    const second = await signUpUser(context.app);
    await call(first, 'POST', '/api/push/subscriptions', browser('shared'));
    await call(second, 'POST', '/api/push/subscriptions', browser('shared'));
    expect(await rowsOf(first.id)).toEqual([]);
    expect(await rowsOf(second.id)).toHaveLength(1);
    // The first person cannot remove the second person's subscription.
    await call(first, 'POST', '/api/push/subscriptions/remove', { endpoint: browser('shared').endpoint });
    expect(await rowsOf(second.id)).toHaveLength(1);
  });

  it(`keeps at most ${MAX_PUSH_SUBSCRIPTIONS_PER_USER} browsers per person, dropping the oldest`, async () => {
    const customer = await signUpUser(context.app);
    for (let index = 0; index <= MAX_PUSH_SUBSCRIPTIONS_PER_USER; index += 1) {
      await call(customer, 'POST', '/api/push/subscriptions', browser(`device-${index}`));
      context.clock.advance(1000);
    }
    const endpoints = (await rowsOf(customer.id)).map((row) => row.endpoint);
    expect(endpoints).toHaveLength(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
    expect(endpoints).not.toContain(browser('device-0').endpoint);
  });

  it('refuses visitors', async () => {
    expect((await call(null, 'POST', '/api/push/subscriptions', browser('x'))).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/push/subscriptions/remove', { endpoint: 'x' })).statusCode).toBe(401);
  });

  it.each([
    ['no keys', { endpoint: browser('a').endpoint }, 'keys'],
    ['a key that is not a P-256 point', { ...browser('a'), keys: { p256dh: 'short', auth } }, 'keys.p256dh'],
    ['an auth secret of the wrong size', { ...browser('a'), keys: { p256dh, auth: 'A'.repeat(30) } }, 'keys.auth'],
    ['an endpoint that is not an address', { ...browser('a'), endpoint: 'javascript:alert(1)' }, 'endpoint'],
  ])('refuses bad input (%s) with a 400 naming the field, and saves nothing', async (_case, body, field) => {
    const customer = await signUpUser(context.app);
    const response = await call(customer, 'POST', '/api/push/subscriptions', body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields ?? {})).toContain(field);
    expect(await rowsOf(customer.id)).toEqual([]);
  });

  // The server posts to the endpoint later: a customer must not pick a port of this machine or of
  // its network. This app runs with development rules (NODE_ENV=test, PUBLIC_URL on localhost),
  // which once accepted any address; push endpoints never relax.
  it.each([
    'https://127.0.0.1:22/push',
    'http://127.0.0.1:4010/push/abc',
    'https://localhost:5432/x',
    'https://[::1]:6379/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://10.0.0.5/x',
    'https://192.168.1.1/x',
    'https://169.254.169.254/latest',
    'https://[fe80::1]/x',
  ])(
    'refuses an endpoint on this machine or a private or link-local network, in development too: %s',
    async (endpoint) => {
      const customer = await signUpUser(context.app);
      const response = await call(customer, 'POST', '/api/push/subscriptions', { ...browser('a'), endpoint });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ endpoint: 'This browser’s push service is not supported.' });
      expect(await rowsOf(customer.id)).toEqual([]);
    },
  );
});

describe('push without VAPID settings', () => {
  const context = useTestApp();

  it('gives no key and refuses subscriptions, naming push as off', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/push/key' })).json()).toEqual({ publicKey: null });
    const customer = await signUpUser(context.app);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: customer.cookie },
      payload: browser('x'),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({ code: 'push_off', message: 'Notifications are not available yet.' });
  });
});
