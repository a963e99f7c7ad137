import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * After a write: the queries it may have changed are marked stale, and those on screen fetched
 * again. A matching fetch already under way is cancelled first, because it may have been answered
 * before the write committed, and TanStack Query lets a query's first fetch stand instead of
 * starting another (`cancelRefetch` only applies to a query that already has data): a card joined
 * while its page's listing was loading stayed "Join" until a reload.
 */
export async function refreshAfterWrite(queryClient: QueryClient, filters?: InvalidateQueryFilters): Promise<void> {
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}
