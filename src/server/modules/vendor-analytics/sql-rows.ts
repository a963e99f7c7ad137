import type { SQL } from 'drizzle-orm';
import type { Executor } from '@server/db/client';

/** The rows of a raw query; PGlite and node-postgres both answer with `{ rows }`. */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Raw timestamps arrive as Date from one driver and as text from the other. */
export function toIso(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}
