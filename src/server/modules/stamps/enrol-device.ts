import { randomInt } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { MAX_DEVICES_PER_USER, type EnrolledDevice, type enrolDeviceRequestSchema } from '@shared/stamps/devices';
import { DEVICE_HANDLE_LENGTH, newDeviceSecret } from '@shared/stamps/device-codes';
import { TYPED_CODE_ALPHABET } from '@shared/stamps/codes';
import type { Executor } from '@server/db/client';
import { devices } from '@server/db/schema';
import { conflict } from '@server/errors';
import { presentDevice } from './present-device';

function randomHandle(): string {
  let handle = '';
  for (let index = 0; index < DEVICE_HANDLE_LENGTH; index += 1) handle += TYPED_CODE_ALPHABET[randomInt(32)];
  return handle;
}

/**
 * Gives this phone or browser of the customer a secret for offline codes. The secret leaves the
 * server once, in this answer; the device keeps it until the customer signs out there.
 */
export async function enrolDevice(
  db: Executor,
  userId: string,
  input: z.infer<typeof enrolDeviceRequestSchema>,
  now: Date,
): Promise<EnrolledDevice> {
  const [held] = await db.select({ value: count() }).from(devices).where(eq(devices.userId, userId));
  if ((held?.value ?? 0) >= MAX_DEVICES_PER_USER) {
    throw conflict(
      `You already have ${MAX_DEVICES_PER_USER} devices for offline codes. Remove one on My QR first.`,
      'too_many_devices',
    );
  }
  const secret = newDeviceSecret();
  // 20 bits of handle: a collision with another device is retried with a new one.
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const [row] = await db
      .insert(devices)
      .values({ userId, name: input.name, handle: randomHandle(), secret, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (row) return { device: presentDevice(row), handle: row.handle, secret: row.secret };
  }
  throw new Error('Could not allocate a device handle');
}
