import { and, eq } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { devices } from '@server/db/schema';
import { notFound } from '@server/errors';

/** Deletes one of the customer's devices: its codes stop working at once. Someone else's device is "not found". */
export async function removeDevice(db: Executor, userId: string, deviceId: string): Promise<void> {
  const removed = await db
    .delete(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.userId, userId)))
    .returning({ id: devices.id });
  if (removed.length === 0) throw notFound('Device not found');
}
