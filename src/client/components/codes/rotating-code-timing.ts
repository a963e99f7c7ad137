import type { RotatingCode } from '@shared/stamps/stamps';

/** How long until a rotating code should be replaced; React Query's refetchInterval. */
export function msUntilRefresh(code: RotatingCode | undefined, now = Date.now()): number | false {
  if (!code) return false;
  return Math.max(1_000, new Date(code.refreshAt).getTime() - now);
}
