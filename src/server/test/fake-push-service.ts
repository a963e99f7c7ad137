import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Agent } from 'node:https';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { makeLocalhostCertificate } from './localhost-certificate';

/**
 * A local Web Push service (RFC 8030) for tests: it accepts a push only when the VAPID header
 * (RFC 8292) carries a JWT that the given public key verifies, for this service's origin and not
 * expired, and it decrypts the aes128gcm payload (RFC 8291) with the test subscription's private
 * key, as a browser would. An endpoint marked gone answers 410, as a push service does for a
 * subscription the browser dropped.
 */
export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, as the service worker would receive it. */
  payload: string;
  ttl: number;
  urgency: string | null;
  subject: string;
}

export interface TestSubscriptionKeys {
  /** What the browser's PushSubscription.toJSON() gives the server. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
}

export interface FakePushService {
  origin: string;
  /** An https agent that trusts this service's certificate, for the sender under test. */
  agent: Agent;
  received: ReceivedPush[];
  /** Requests the service refused (bad VAPID, undecryptable), with why. */
  refused: string[];
  /** A new browser subscription at this service. */
  subscribe(): TestSubscriptionKeys;
  markGone(endpoint: string): void;
  close(): Promise<void>;
}

function base64UrlDecode(text: string): Buffer {
  return Buffer.from(text, 'base64url');
}

/** Checks `vapid t=<jwt>, k=<key>`: ES256 signature, audience, expiry. Returns the subject. */
function verifyVapid(header: string | undefined, origin: string, nowSeconds: number): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header ?? 'none'}`);
  const [, token, key] = match as unknown as [string, string, string];
  const point = base64UrlDecode(key);
  if (point.length !== 65 || point[0] !== 4) throw new Error('VAPID key is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) throw new Error('VAPID token is not a JWT');
  if (JSON.parse(base64UrlDecode(head).toString()).alg !== 'ES256') throw new Error('VAPID token is not ES256');
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    base64UrlDecode(signature),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(base64UrlDecode(body).toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud} is not ${origin}`);
  if (!claims.exp || claims.exp <= nowSeconds || claims.exp > nowSeconds + 24 * 3600)
    throw new Error('VAPID token expired or valid for more than 24 hours');
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) throw new Error('VAPID subject is not mailto: or https:');
  return claims.sub;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * `tls`: the certificate to serve with (the end-to-end server is told to trust one made before
 * it starts); a new one otherwise. `port`: a fixed port, for the same reason.
 */
export async function startFakePushService(
  options: { tls?: { certificatePem: string; keyPem: string }; port?: number } = {},
): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const keys = new Map<string, { ecdh: ECDH; auth: string }>();
  const gone = new Set<string>();
  let origin = '';

  const tls = options.tls ?? makeLocalhostCertificate();
  const server: Server = createServer({ key: tls.keyPem, cert: tls.certificatePem }, (request, response) => {
    void (async () => {
      const endpoint = `${origin}${request.url ?? ''}`;
      const body = await bodyOf(request);
      try {
        if (request.method !== 'POST') throw new Error(`method ${request.method}`);
        if (gone.has(endpoint)) {
          response.writeHead(410).end();
          return;
        }
        const subject = verifyVapid(request.headers.authorization, origin, Math.floor(Date.now() / 1000));
        const subscriber = keys.get(endpoint);
        if (!subscriber) {
          response.writeHead(404).end();
          return;
        }
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('payload is not aes128gcm');
        const payload = ece
          .decrypt(body, { version: 'aes128gcm', privateKey: subscriber.ecdh, authSecret: subscriber.auth })
          .toString('utf8');
        received.push({
          endpoint,
          payload,
          ttl: Number(request.headers.ttl),
          urgency: (request.headers.urgency as string | undefined) ?? null,
          subject,
        });
        response.writeHead(201).end();
      } catch (error) {
        refused.push((error as Error).message);
        response.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: [tls.certificatePem], keepAlive: false });

  return {
    origin,
    agent,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const endpoint = `${origin}/push/${randomBytes(12).toString('hex')}`;
      keys.set(endpoint, { ecdh, auth });
      return { subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } }, ecdh };
    },
    markGone(endpoint) {
      gone.add(endpoint);
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
