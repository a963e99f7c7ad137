import type { Device } from '@shared/stamps/devices';
import type { devices } from '@server/db/schema';

export function presentDevice(row: typeof devices.$inferSelect): Device {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
