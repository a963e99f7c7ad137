import { createHmac, randomBytes } from 'node:crypto';
import { deriveKey, sameSecret } from '@server/lib/signing';

/**
 * Outgoing webhooks are signed like this (decision 035): the header
 * `Chaska-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the
 * endpoint's signing secret. The timestamp inside the signed text lets a receiver refuse an old
 * delivery replayed at it; the event id inside the body lets it drop a repeat.
 */

const SECRET_PREFIX = 'whsec_';
/** A receiver should refuse a signature older (or newer) than this. */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;

/** A new salt for an endpoint; the secret itself is derived, never stored. */
export function newSecretSalt(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * The endpoint's signing secret: derived from SESSION_SECRET (its own purpose) and the endpoint's
 * salt, so a copy of the database alone cannot sign a delivery, and nothing secret is stored.
 */
export function endpointSigningSecret(sessionSecret: string, endpointId: string, salt: string): string {
  const key = deriveKey(sessionSecret, 'vendor-webhook-secret');
  return `${SECRET_PREFIX}${createHmac('sha256', key).update(`${endpointId}.${salt}`).digest('base64url')}`;
}

export function webhookSignature(secret: string, timestampSeconds: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
}

/** The header value for a body signed at `now`. */
export function signatureHeader(secret: string, body: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${webhookSignature(secret, timestamp, body)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'malformed' | 'too_old' | 'mismatch' };

/**
 * What a receiver does (and what the reference page shows in Node): read t and every v1, refuse a
 * timestamp outside the tolerance, compare the HMAC in constant time.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  body: string,
  now: Date,
  toleranceSeconds = WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'malformed' };
  const parts = header.split(',').map((part) => part.trim().split('=', 2) as [string, string | undefined]);
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1]);
  const signatures = parts.filter(([name, value]) => name === 'v1' && value).map(([, value]) => value!);
  if (!Number.isInteger(timestamp) || signatures.length === 0) return { ok: false, reason: 'malformed' };
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return { ok: false, reason: 'too_old' };
  const expected = webhookSignature(secret, timestamp, body);
  return signatures.some((signature) => sameSecret(expected, signature))
    ? { ok: true }
    : { ok: false, reason: 'mismatch' };
}
