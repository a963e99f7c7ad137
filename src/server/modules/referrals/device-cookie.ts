import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '@server/db/client';
import { userDevices } from '@server/db/schema';

/**
 * "Same device" for referrals (decision 038): a random cookie this browser keeps for two years,
 * recorded (as its SHA-256) against each account that shares, claims or scans a stamp with it.
 * It proves only that two accounts used one browser profile; clearing cookies or another browser
 * escapes it, so it is one check among several (same account, same phone, a real first visit,
 * a monthly cap per referrer), not a fingerprint.
 */
export const DEVICE_COOKIE = 'chaska.device';
const DEVICE_COOKIE_SECONDS = 2 * 365 * 24 * 60 * 60;
const DEVICE_VALUE = /^[A-Za-z0-9_-]{22}$/;

export function deviceHash(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** This browser's device value, set now when it has none (or a malformed one). */
function deviceValue(request: FastifyRequest, reply: FastifyReply): string {
  const current = request.cookies[DEVICE_COOKIE];
  if (current && DEVICE_VALUE.test(current)) return current;
  const value = randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.deps.config.publicUrl.startsWith('https://'),
    maxAge: DEVICE_COOKIE_SECONDS,
  });
  return value;
}

/** Records that this signed-in account uses this browser; answers the device's hash. */
export async function rememberDevice(
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  now: Date,
): Promise<string> {
  const hash = deviceHash(deviceValue(request, reply));
  await db.insert(userDevices).values({ userId, deviceHash: hash, firstSeenAt: now }).onConflictDoNothing();
  return hash;
}
