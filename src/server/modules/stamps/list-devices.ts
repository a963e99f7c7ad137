import { asc, eq } from 'drizzle-orm';
import type { Device } from '@shared/stamps/devices';
import type { Executor } from '@server/db/client';
import { devices } from '@server/db/schema';
import { presentDevice } from './present-device';

/** The customer's own devices, oldest first. */
export async function listDevices(db: Executor, userId: string): Promise<Device[]> {
  const rows = await db.select().from(devices).where(eq(devices.userId, userId)).orderBy(asc(devices.createdAt));
  return rows.map(presentDevice);
}
