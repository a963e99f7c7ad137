import { eq } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { seoPages } from '@server/db/schema';

/** Every page view asks for its head; a few seconds of staleness spares the database that read. */
const CACHE_MS = 5_000;

export interface SeoOverride {
  title: string;
  description: string;
}

interface Cached {
  value: SeoOverride | null;
  expiresAt: number;
}

// One cache per database handle, so test apps (and anything else sharing the process) never mix.
const caches = new WeakMap<object, Map<string, Cached>>();

function cacheFor(db: Executor): Map<string, Cached> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** The admin-set title and description of a path (seo_pages), or null; cached for a few seconds. */
export async function findSeoOverride(db: Executor, path: string, now = Date.now()): Promise<SeoOverride | null> {
  const cache = cacheFor(db);
  const hit = cache.get(path);
  if (hit && hit.expiresAt > now) return hit.value;
  const [row] = await db
    .select({ title: seoPages.title, description: seoPages.description })
    .from(seoPages)
    .where(eq(seoPages.path, path))
    .limit(1);
  const value = row ?? null;
  // Bounded: a crawler walking ten thousand vendor pages must not grow it without end.
  if (cache.size > 5_000) cache.clear();
  cache.set(path, { value, expiresAt: now + CACHE_MS });
  return value;
}

/** Called after an admin saves or resets a path, so this server shows the change at once. */
export function forgetSeoOverrides(db: Executor): void {
  caches.get(db)?.clear();
}
