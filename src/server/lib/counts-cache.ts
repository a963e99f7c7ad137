/**
 * A short-lived memo for the marketplace's aggregate counts (landing figures, listing totals).
 * Counting every public card is a scan that grows with the platform, while the figures only need
 * to be roughly live; the cached promise also lets concurrent visitors share one query. Each app
 * instance has its own (created with the routes), so nothing is shared between servers or tests.
 */
export interface CountsCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
}

export const COUNTS_TTL_MS = 30_000;
const MAX_ENTRIES = 500;

export function createCountsCache(ttlMs = COUNTS_TTL_MS, now: () => number = Date.now): CountsCache {
  const entries = new Map<string, { value: Promise<unknown>; expiresAt: number }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const time = now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > time) return hit.value as Promise<T>;
      const value = load();
      entries.delete(key);
      entries.set(key, { value, expiresAt: time + ttlMs });
      // A failed count is not remembered: the next visitor tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      if (entries.size > MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return value;
    },
  };
}

/** For callers that must always read fresh figures (tests, scripts). */
export const NO_CACHE: CountsCache = { get: (_key, load) => load() };
