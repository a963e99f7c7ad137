import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateLimits } from '../db/schema';

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Counts one hit against `key` in a fixed window, atomically, in the shared database. */
export async function consumeRateLimit(db: Executor, key: string, max: number, windowMs: number): Promise<RateLimitResult> {
  const windowSql = sql.raw(`interval '${Math.round(windowMs)} milliseconds'`);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} < now() - ${windowSql} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} < now() - ${windowSql} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfterMs: sql<number>`greatest(0, extract(epoch from (${rateLimits.windowStart} + ${windowSql} - now())) * 1000)::int`,
    });
  const count = row?.count ?? 1;
  return { allowed: count <= max, retryAfterSeconds: Math.max(1, Math.ceil((row?.retryAfterMs ?? windowMs) / 1000)) };
}
