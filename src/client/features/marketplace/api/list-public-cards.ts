import { useInfiniteQuery } from '@tanstack/react-query';
import type { CardPage } from '@shared/marketplace';
import type { CardListingType } from '@shared/marketplace-display';
import type { CategoryGroup } from '@shared/places';
import { apiFetch } from '@client/lib/api-client';
import { useSession } from '@client/lib/use-session';

export interface CardListingFilter {
  type: CardListingType;
  category?: CategoryGroup | 'all';
  /** A vendor's slug: the cards on its public page. */
  vendor?: string;
}

const PAGE_SIZE = 12;

export function fetchPublicCards(
  filter: CardListingFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CardPage> {
  const query = new URLSearchParams({ type: filter.type, limit: String(PAGE_SIZE) });
  if (filter.category && filter.category !== 'all') query.set('category', filter.category);
  if (filter.vendor) query.set('vendor', filter.vendor);
  if (cursor) query.set('cursor', cursor);
  return apiFetch<CardPage>(`/api/marketplace/cards?${query}`, { signal });
}

/**
 * Active cards, newest first, one page at a time. The signed-in person is part of the key: the
 * answer says which cards they hold, so signing in must not reuse a visitor's answer.
 */
export function usePublicCards(filter: CardListingFilter) {
  const { user, isLoading } = useSession();
  return useInfiniteQuery({
    queryKey: ['marketplace', 'cards', filter.type, filter.category ?? 'all', filter.vendor ?? null, user?.id ?? null],
    queryFn: ({ pageParam, signal }) => fetchPublicCards(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: !isLoading,
  });
}
