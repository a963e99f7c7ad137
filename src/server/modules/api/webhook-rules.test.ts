import { describe, expect, it } from 'vitest';
import { nextWebhookAttemptAt, WEBHOOK_RETRY_WINDOW_MS } from './deliver-webhooks';
import { endpointSigningSecret, signatureHeader, verifyWebhookSignature, webhookSignature } from './webhook-signature';
import { isPrivateAddress, webhookTargetPolicy, webhookUrlProblem } from '@server/lib/outbound-target';
import { testConfig } from '@server/test/build-test-app';

const created = new Date('2026-03-18T09:00:00.000Z');
const at = (ms: number) => new Date(created.getTime() + ms);

describe('webhook signatures', () => {
  const secret = endpointSigningSecret('a-session-secret-long-enough-for-the-test-0123', 'endpoint-1', 'salt');
  const body = JSON.stringify({ id: 'evt', type: 'stamp.created', data: {} });

  it('signs "<t>.<body>" with HMAC-SHA256 in hex, and a receiver verifies it', () => {
    const header = signatureHeader(secret, body, created);
    const t = Math.floor(created.getTime() / 1000);
    expect(header).toBe(`t=${t},v1=${webhookSignature(secret, t, body)}`);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(secret, header, body, at(10_000))).toEqual({ ok: true });
  });

  it('refuses another body, another secret, an old timestamp and a malformed header', () => {
    const header = signatureHeader(secret, body, created);
    expect(verifyWebhookSignature(secret, header, `${body} `, created)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyWebhookSignature(`${secret}x`, header, body, created)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyWebhookSignature(secret, header, body, at(301_000))).toEqual({ ok: false, reason: 'too_old' });
    for (const broken of [undefined, '', 'v1=abc', 't=abc,v1=def', `t=${created.getTime() / 1000}`])
      expect(verifyWebhookSignature(secret, broken, body, created).ok).toBe(false);
  });

  it('derives a different secret per endpoint and salt, and from the server secret', () => {
    const base = endpointSigningSecret('server-secret-one-that-is-long-enough-0123456', 'e1', 's1');
    expect(base).toMatch(/^whsec_/);
    expect(endpointSigningSecret('server-secret-one-that-is-long-enough-0123456', 'e2', 's1')).not.toBe(base);
    expect(endpointSigningSecret('server-secret-one-that-is-long-enough-0123456', 'e1', 's2')).not.toBe(base);
    expect(endpointSigningSecret('server-secret-two-that-is-long-enough-0123456', 'e1', 's1')).not.toBe(base);
  });
});

describe('webhook back-off', () => {
  it('waits 30 s after the first failure and doubles, at most 6 hours apart', () => {
    expect(nextWebhookAttemptAt(1, created, created)).toEqual(at(30_000));
    expect(nextWebhookAttemptAt(2, created, created)).toEqual(at(60_000));
    expect(nextWebhookAttemptAt(5, created, created)).toEqual(at(480_000));
    expect(nextWebhookAttemptAt(20, created, at(60_000))).toEqual(at(60_000 + 6 * 3600_000));
  });

  it('tries a last time at 24 hours and then gives up', () => {
    const lateFailure = at(WEBHOOK_RETRY_WINDOW_MS - 3600_000);
    expect(nextWebhookAttemptAt(12, created, lateFailure)).toEqual(at(WEBHOOK_RETRY_WINDOW_MS));
    expect(nextWebhookAttemptAt(13, created, at(WEBHOOK_RETRY_WINDOW_MS))).toBeNull();
    // Walking the whole schedule: a day of attempts, then failed.
    let attempts = 0;
    let now = created;
    for (let next: Date | null = created; next; next = nextWebhookAttemptAt(attempts, created, now)) {
      now = next;
      attempts += 1;
    }
    expect(now).toEqual(at(WEBHOOK_RETRY_WINDOW_MS));
    expect(attempts).toBeGreaterThan(10);
    expect(attempts).toBeLessThan(20);
  });
});

describe('where webhooks may be posted', () => {
  const production = { allowPrivateNetworks: false, allowLoopback: false };
  const local = { allowPrivateNetworks: true, allowLoopback: false };
  const loopbackForTests = { allowPrivateNetworks: false, allowLoopback: true };

  it('knows private, loopback, link-local and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '0:0:0:0:0:ffff:7f00:1',
      '0:0:0:0:0:ffff:a9fe:a9fe',
      '::7f00:1',
      '::a9fe:a9fe',
      '::127.0.0.1',
      'fd00::1',
      'fe80::1',
      '[::1]',
    ])
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
  });

  it('takes only public https addresses in production, anything local on a local installation', () => {
    expect(webhookUrlProblem('https://pos.example.pk/hooks', production)).toBeNull();
    expect(webhookUrlProblem('http://pos.example.pk/hooks', production)).toBe('The address must start with https://.');
    for (const url of [
      'https://127.0.0.1/x',
      'https://localhost:8080/x',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://10.0.0.5/x',
      'https://printer.local/x',
    ])
      expect([url, webhookUrlProblem(url, production)]).toEqual([
        url,
        'The address must be reachable on the public internet, not a private or local network.',
      ]);
    expect(webhookUrlProblem('https://user:pass@pos.example.pk/', production)).toContain('user name or password');
    expect(webhookUrlProblem('not an address', production)).toContain('full address');
    expect(webhookUrlProblem('ftp://pos.example.pk/', local)).toBe('The address must start with https://.');
    expect(webhookUrlProblem('http://127.0.0.1:4000/hooks', local)).toBeNull();
  });

  it('relaxes with NODE_ENV alone, never with a local PUBLIC_URL', () => {
    expect(webhookTargetPolicy(testConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }))).toEqual(
      production,
    );
    expect(webhookTargetPolicy(testConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:3000' }))).toEqual(
      production,
    );
    expect(webhookTargetPolicy(testConfig({ NODE_ENV: 'development' }))).toEqual(local);
  });

  it('takes this machine’s loopback, and nothing else private, with ALLOW_LOOPBACK_TARGETS_FOR_TESTS', () => {
    expect(webhookUrlProblem('http://127.0.0.1:4000/hooks', loopbackForTests)).toBeNull();
    expect(webhookUrlProblem('https://[::1]:4000/hooks', loopbackForTests)).toBeNull();
    for (const url of [
      'http://10.0.0.5/x',
      'https://169.254.169.254/latest',
      'https://[fe80::1]/x',
      'https://printer.local/x',
    ])
      expect([url, webhookUrlProblem(url, loopbackForTests)]).not.toEqual([url, null]);
  });
});
