import { createHmac } from 'node:crypto';
import { sameSecret } from '@server/lib/signing';
import { WebhookSignatureError } from './payment-provider';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** A delivery older or newer than this is refused, so a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

function hmac(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, the sandbox's signature header. */
export function signSandboxPayload(secret: string, rawBody: string | Buffer, now = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

/** Throws WebhookSignatureError unless the header signs this exact body within the tolerance. */
export function verifySandboxSignature(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  now = new Date(),
): void {
  if (!header) throw new WebhookSignatureError('Missing signature header');
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [key, ...rest] = item.trim().split('=');
    if (!key || rest.length === 0) continue;
    parts.set(key, [...(parts.get(key) ?? []), rest.join('=')]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  const signatures = parts.get('v1') ?? [];
  if (!Number.isInteger(timestamp) || signatures.length === 0)
    throw new WebhookSignatureError('Malformed signature header');
  if (Math.abs(now.getTime() - timestamp * 1000) > WEBHOOK_TOLERANCE_MS) {
    throw new WebhookSignatureError('Signature timestamp outside the tolerance');
  }
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((signature) => sameSecret(expected, Buffer.from(signature, 'hex')));
  if (!matches) throw new WebhookSignatureError('Signature does not match');
}
