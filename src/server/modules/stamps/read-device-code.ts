import { eq } from 'drizzle-orm';
import { matchDeviceToken, splitDeviceCode } from '@shared/stamps/device-codes';
import type { Executor } from '@server/db/client';
import { devices } from '@server/db/schema';
import { clearRateLimits, consumeRateLimit, rateLimitReached } from '@server/lib/rate-limit';

export type DeviceCodeReading =
  | { ok: true; userId: string; deviceId: string; step: number }
  | { ok: false; reason: 'unknown' | 'invalid' | 'expired' | 'locked' };

/**
 * Wrong offline codes one device handle takes before its codes are locked. The handle is half the
 * code and the rest is 6 digits, so whoever knows a handle could otherwise guess at it from every
 * counter (typed codes are only counted per vendor); a few typos at the counter stay well within.
 */
export const DEVICE_CODE_MISSES_BEFORE_LOCK = 5;
/**
 * The lock lasts until the phone syncs (its owner's devices are read while online), or a day at
 * most: the longest a rate-limit counter is kept (RATE_LIMIT_RETENTION_MS), so a phone that
 * never comes online again is not locked out for good, and a guesser gets a handful of tries a day.
 */
const DEVICE_CODE_LOCK_MS = 24 * 60 * 60 * 1000;

function missesKey(deviceId: string): string {
  return `device-code-misses:${deviceId}`;
}

/**
 * Reads an 8-character code as a device's offline code: the device named by its handle (a
 * removed device has no row, so its codes are unknown), then the time-based part against the
 * device's secret within the skew window around `now`. A wrong time-based part is counted
 * against the handle; past DEVICE_CODE_MISSES_BEFORE_LOCK even the right one is refused until
 * the phone syncs. Replays are refused where the code is used, through the same consumed-code key
 * as every customer code (`device:<id>:<step>`). Call it outside any transaction that a refusal
 * rolls back, or the misses are not counted.
 */
export async function readDeviceCode(db: Executor, code: string, now: Date): Promise<DeviceCodeReading> {
  const parts = splitDeviceCode(code);
  if (!parts) return { ok: false, reason: 'unknown' };
  const [device] = await db
    .select({ id: devices.id, userId: devices.userId, secret: devices.secret })
    .from(devices)
    .where(eq(devices.handle, parts.handle))
    .limit(1);
  if (!device) return { ok: false, reason: 'unknown' };
  const match = matchDeviceToken(device.secret, parts.token, now.getTime());
  if (!match.ok) {
    if (match.reason === 'invalid')
      await consumeRateLimit(db, missesKey(device.id), DEVICE_CODE_MISSES_BEFORE_LOCK, DEVICE_CODE_LOCK_MS, now);
    return match;
  }
  // Checked after the match, so a miss is always counted and a right code never slips past a lock.
  if (await rateLimitReached(db, missesKey(device.id), DEVICE_CODE_MISSES_BEFORE_LOCK, DEVICE_CODE_LOCK_MS, now))
    return { ok: false, reason: 'locked' };
  await db.update(devices).set({ lastUsedAt: now }).where(eq(devices.id, device.id));
  return { ok: true, userId: device.userId, deviceId: device.id, step: match.step };
}

/** The phone synced (its owner read their devices while online): its offline codes work again. */
export async function unlockDeviceCodes(db: Executor, deviceIds: readonly string[]): Promise<void> {
  await clearRateLimits(db, deviceIds.map(missesKey));
}

/** The code id a device's step stands for; the consumed-code key adds the card. */
export function deviceCodeId(deviceId: string, step: number): string {
  return `device:${deviceId}:${step}`;
}
