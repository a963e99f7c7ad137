import { eq } from 'drizzle-orm';
import { matchDeviceToken, splitDeviceCode } from '@shared/stamps/device-codes';
import type { Executor } from '@server/db/client';
import { devices } from '@server/db/schema';

export type DeviceCodeReading =
  | { ok: true; userId: string; deviceId: string; step: number }
  | { ok: false; reason: 'unknown' | 'invalid' | 'expired' };

/**
 * Reads an 8-character code as a device's offline code: the device named by its handle (a
 * removed device has no row, so its codes are unknown), then the time-based part against the
 * device's secret within the skew window around `now`. Replays are refused where the code is
 * used, through the same consumed-code key as every customer code (`device:<id>:<step>`).
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
  if (!match.ok) return match;
  await db.update(devices).set({ lastUsedAt: now }).where(eq(devices.id, device.id));
  return { ok: true, userId: device.userId, deviceId: device.id, step: match.step };
}

/** The code id a device's step stands for; the consumed-code key adds the card. */
export function deviceCodeId(deviceId: string, step: number): string {
  return `device:${deviceId}:${step}`;
}
