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

/** A json or json_agg column: parsed by node-postgres, text from PGlite; null is an empty list's. */
export function jsonColumn<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as T;
}
