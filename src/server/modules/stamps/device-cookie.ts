import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
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

/** This browser's device, as stored (the cookie is set now if it has none). */
export function deviceOf(request: FastifyRequest, reply: FastifyReply): string {
  return deviceHash(deviceValue(request, reply));
}

/**
 * Records that this account used this browser. Called after the request succeeded (a refused
 * request changes nothing); the rules of the request itself take the device as an argument.
 * Best effort: what the request did is committed by now, so a fault here (a database going away)
 * is logged and never turns a stamp or a referral that happened into an error. A missed record
 * only weakens one of the referral checks for this browser, and the next request records it.
 */
export async function recordDevice(
  db: Executor,
  log: Pick<FastifyBaseLogger, 'warn'>,
  input: { userId: string; device: string; now: Date },
): Promise<void> {
  try {
    await db
      .insert(userDevices)
      .values({ userId: input.userId, deviceHash: input.device, firstSeenAt: input.now })
      .onConflictDoNothing();
  } catch (error) {
    log.warn({ err: error }, 'Could not record the device of a request that succeeded');
  }
}
