import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

/*
 * The service worker's push script runs in the browser's worker, where Chromium never fires
 * pushsubscriptionchange (and the DevTools protocol cannot deliver one); so the handler is run
 * here, in a context holding only what a worker gives it, with the push service's and the
 * server's answers written down.
 */

const SCRIPT = readFileSync(new URL('../../public/push-sw.js', import.meta.url), 'utf8');

interface Posted {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (event: unknown) => void;

function fakeSubscription(endpoint: string, applicationServerKey: ArrayBuffer | null = null) {
  return {
    endpoint,
    options: { applicationServerKey },
    toJSON: () => ({ endpoint, keys: { p256dh: `p256dh-of-${endpoint}`, auth: `auth-of-${endpoint}` } }),
  };
}

function worker({ publicKey = 'server-key' as string | null } = {}) {
  const handlers = new Map<string, Handler>();
  const requests: Posted[] = [];
  const subscribeCalls: unknown[] = [];
  const self = {
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    location: { origin: 'https://chaska.test' },
    registration: {
      pushManager: {
        subscribe: (options: unknown) => {
          subscribeCalls.push(options);
          return Promise.resolve(fakeSubscription('https://push.test/renewed'));
        },
      },
    },
  };
  const fetch = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) => {
    requests.push({
      path,
      method: init.method ?? 'GET',
      headers: init.headers ?? {},
      body: init.body === undefined ? undefined : JSON.parse(init.body),
    });
    return Promise.resolve({ ok: true, json: () => Promise.resolve({ publicKey }) });
  };
  runInNewContext(SCRIPT, { self, fetch, URL });

  async function subscriptionChanged(event: { oldSubscription?: unknown; newSubscription?: unknown }) {
    const waited: Promise<unknown>[] = [];
    handlers.get('pushsubscriptionchange')!({
      ...event,
      waitUntil: (promise: Promise<unknown>) => waited.push(promise),
    });
    expect(waited).toHaveLength(1);
    await waited[0];
  }
  return { subscriptionChanged, requests, subscribeCalls };
}

describe('the push worker renews an expired subscription', () => {
  it('subscribes again with the old subscription key, saves the new one and forgets the old', async () => {
    const { subscriptionChanged, requests, subscribeCalls } = worker();
    const key = new Uint8Array([4, 1, 2, 3]).buffer;
    await subscriptionChanged({ oldSubscription: fakeSubscription('https://push.test/old', key) });

    expect(subscribeCalls).toEqual([{ userVisibleOnly: true, applicationServerKey: key }]);
    expect(requests).toEqual([
      {
        path: '/api/push/subscriptions',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: {
          endpoint: 'https://push.test/renewed',
          keys: { p256dh: 'p256dh-of-https://push.test/renewed', auth: 'auth-of-https://push.test/renewed' },
        },
      },
      {
        path: '/api/push/subscriptions/remove',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: { endpoint: 'https://push.test/old' },
      },
    ]);
  });

  it('saves the subscription the browser already made, without subscribing again', async () => {
    const { subscriptionChanged, requests, subscribeCalls } = worker();
    await subscriptionChanged({
      oldSubscription: fakeSubscription('https://push.test/old'),
      newSubscription: fakeSubscription('https://push.test/new'),
    });
    expect(subscribeCalls).toEqual([]);
    expect(requests.map((request) => [request.path, request.body])).toEqual([
      [
        '/api/push/subscriptions',
        {
          endpoint: 'https://push.test/new',
          keys: { p256dh: 'p256dh-of-https://push.test/new', auth: 'auth-of-https://push.test/new' },
        },
      ],
      ['/api/push/subscriptions/remove', { endpoint: 'https://push.test/old' }],
    ]);
  });

  it('asks the server for its key when the browser no longer knows the old one', async () => {
    const { subscriptionChanged, requests, subscribeCalls } = worker();
    await subscriptionChanged({});
    expect(requests[0]).toMatchObject({ path: '/api/push/key', method: 'GET' });
    expect(subscribeCalls).toEqual([{ userVisibleOnly: true, applicationServerKey: 'server-key' }]);
    expect(requests.map((request) => request.path)).toEqual(['/api/push/key', '/api/push/subscriptions']);
  });

  it('does nothing when the server has push turned off', async () => {
    const { subscriptionChanged, requests, subscribeCalls } = worker({ publicKey: null });
    await subscriptionChanged({});
    expect(subscribeCalls).toEqual([]);
    expect(requests.map((request) => request.path)).toEqual(['/api/push/key']);
  });
});
