import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { rateLimits } from '@server/db/schema';

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts one hit against `key` in a fixed window, atomically, in the shared database. The window
 * is measured on the app's clock (`now`), so every server and every test agrees on it.
 */
export async function consumeRateLimit(
  db: Executor,
  key: string,
  max: number,
  windowMs: number,
  now: Date,
): Promise<RateLimitResult> {
  const windowOpensAfter = new Date(now.getTime() - Math.round(windowMs));
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} < ${windowOpensAfter} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} < ${windowOpensAfter} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const count = row?.count ?? 1;
  const windowEndsAt = (row?.windowStart ?? now).getTime() + windowMs;
  return { allowed: count <= max, retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt - now.getTime()) / 1000)) };
}

/**
 * consumeRateLimit for many keys in one statement (a campaign's batch): whether each hit is within
 * `max`, in the order given. The same key twice counts twice.
 */
export async function consumeRateLimits(
  db: Executor,
  keys: readonly string[],
  max: number,
  windowMs: number,
  now: Date,
): Promise<boolean[]> {
  if (keys.length === 0) return [];
  const hits = new Map<string, number>();
  for (const key of keys) hits.set(key, (hits.get(key) ?? 0) + 1);
  const windowOpensAfter = new Date(now.getTime() - Math.round(windowMs));
  const counted = await db
    .insert(rateLimits)
    .values([...hits].map(([key, count]) => ({ key, windowStart: now, count })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} < ${windowOpensAfter} then excluded.count else ${rateLimits.count} + excluded.count end`,
        windowStart: sql`case when ${rateLimits.windowStart} < ${windowOpensAfter} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count });
  const countOf = new Map(counted.map((row) => [row.key, row.count]));
  return keys.map((key) => (countOf.get(key) ?? 0) <= max);
}

/** Whether `key` has reached `max` in its current window, counting nothing: for a limit counted on failures only. */
export async function rateLimitReached(
  db: Executor,
  key: string,
  max: number,
  windowMs: number,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.key, key))
    .limit(1);
  return row !== undefined && row.windowStart.getTime() >= now.getTime() - windowMs && row.count >= max;
}

/** Forgets the counts of `keys`: what they limited starts afresh. */
export async function clearRateLimits(db: Executor, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.delete(rateLimits).where(inArray(rateLimits.key, [...keys]));
}
