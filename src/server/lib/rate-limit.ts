import { sql } from 'drizzle-orm';
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
