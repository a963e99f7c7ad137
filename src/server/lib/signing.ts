import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** A separate key per purpose, derived from the server secret, so one leak cannot forge another kind. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`chaska:${purpose}`).digest();
}

export function sign(key: Buffer, message: string): string {
  return createHmac('sha256', key).update(message).digest('base64url');
}

export function verifySignature(key: Buffer, message: string, signature: string): boolean {
  return sameSecret(sign(key, message), signature);
}

/**
 * The one constant-time comparison of a secret (signature, token, password) with what a request
 * gave: the time taken does not tell how many leading bytes were right. Different lengths are
 * unequal at once; the length of a signature or token is no secret.
 */
export function sameSecret(expected: string | Buffer, given: string | Buffer): boolean {
  const left = typeof expected === 'string' ? Buffer.from(expected) : expected;
  const right = typeof given === 'string' ? Buffer.from(given) : given;
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Tokens handed out in links are stored only as this hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
