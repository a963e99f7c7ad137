import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePushService, type FakePushService } from '@server/test/fake-push-service';
import { pushEndpointProblem } from './push-endpoints';
import { generateVapidKeys, sendPush, type VapidIdentity } from './send-push';

describe('sending a Web Push message', () => {
  let service: FakePushService;
  const vapid: VapidIdentity = { ...generateVapidKeys(), subject: 'mailto:support@chaska.pk' };
  const message = { title: 'Stamp collected', body: 'Karachi Chai: 3 of 5 stamps', url: '/user', tag: 'card-1' };
  const stored = (keys: ReturnType<FakePushService['subscribe']>) => ({
    endpoint: keys.subscription.endpoint,
    ...keys.subscription.keys,
  });

  beforeAll(async () => {
    service = await startFakePushService();
  });
  afterAll(async () => {
    await service.close();
  });

  it('is signed with the VAPID key and decrypts with the subscription keys to the same message', async () => {
    const browser = service.subscribe();
    const sent = await sendPush(stored(browser), message, vapid, {
      ttlSeconds: 3600,
      urgency: 'high',
      agent: service.agent,
    });

    expect(sent).toEqual({ outcome: 'delivered' });
    expect(service.refused).toEqual([]);
    expect(service.received).toHaveLength(1);
    const [push] = service.received;
    expect(JSON.parse(push!.payload)).toEqual(message);
    expect(push).toMatchObject({ endpoint: browser.subscription.endpoint, ttl: 3600, urgency: 'high' });
    expect(push!.subject).toBe('mailto:support@chaska.pk');
  });

  it('cannot be read with another subscription’s keys', async () => {
    const browser = service.subscribe();
    const other = service.subscribe();
    const mixed = { ...stored(browser), p256dh: other.subscription.keys.p256dh };
    const before = service.received.length;
    const sent = await sendPush(mixed, message, vapid, { ttlSeconds: 60, urgency: 'normal', agent: service.agent });
    expect(sent).toEqual({ outcome: 'failed', reason: 'push service answered 400' });
    expect(service.received).toHaveLength(before);
  });

  it('says gone for a subscription the push service dropped (410) or does not know (404)', async () => {
    const dropped = service.subscribe();
    service.markGone(dropped.subscription.endpoint);
    expect(
      await sendPush(stored(dropped), message, vapid, { ttlSeconds: 60, urgency: 'normal', agent: service.agent }),
    ).toEqual({
      outcome: 'gone',
    });
    const unknown = { ...stored(service.subscribe()), endpoint: `${service.origin}/push/never-subscribed` };
    expect(
      await sendPush(unknown, message, vapid, { ttlSeconds: 60, urgency: 'normal', agent: service.agent }),
    ).toEqual({
      outcome: 'gone',
    });
  });

  it('says failed, to try later, when the push service cannot be reached', async () => {
    const browser = stored(service.subscribe());
    const sent = await sendPush({ ...browser, endpoint: 'https://127.0.0.1:9/push/x' }, message, vapid, {
      ttlSeconds: 60,
      urgency: 'normal',
      agent: service.agent,
    });
    expect(sent.outcome).toBe('failed');
  });
});

describe('which push endpoints are accepted', () => {
  const production = { allowLoopback: false };
  const loopbackForTests = { allowLoopback: true };

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGx0',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
  ])('accepts the browsers’ push services in production: %s', (endpoint) => {
    expect(pushEndpointProblem(endpoint, production)).toBeNull();
  });

  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['the machine itself', 'https://127.0.0.1/push'],
    ['the metadata service', 'http://169.254.169.254/latest/meta-data'],
    ['any other host', 'https://attacker.example/collect'],
    ['a look-alike host', 'https://fcm.googleapis.com.attacker.example/x'],
    ['credentials in the address', 'https://user:pass@fcm.googleapis.com/fcm/send/abc'],
    ['no address at all', 'not a url'],
  ])('refuses %s in production', (_case, endpoint) => {
    expect(pushEndpointProblem(endpoint, production)).not.toBeNull();
  });

  it('accepts a local push service over https on loopback only with ALLOW_LOOPBACK_TARGETS_FOR_TESTS (the e2e tests)', () => {
    expect(pushEndpointProblem('https://127.0.0.1:4010/push/abc', loopbackForTests)).toBeNull();
    expect(pushEndpointProblem('https://[::1]:4010/push/abc', loopbackForTests)).toBeNull();
    expect(pushEndpointProblem('http://127.0.0.1:4010/push/abc', loopbackForTests)).not.toBeNull();
    expect(pushEndpointProblem('https://10.0.0.5/push/abc', loopbackForTests)).not.toBeNull();
    expect(pushEndpointProblem('https://169.254.169.254/latest', loopbackForTests)).not.toBeNull();
  });
});
