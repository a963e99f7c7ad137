import { useInfiniteQuery } from '@tanstack/react-query';
import type { CardListingType } from '@shared/marketplace/marketplace-display';
import type { CategoryGroup, City } from '@shared/places';
import * as marketplaceApi from '@shared/marketplace/contract';
import { callApi } from '@client/lib/api-client';
import { useSession } from '@client/lib/use-session';

export interface CardListingFilter {
  type: CardListingType;
  category?: CategoryGroup | 'all';
  /** A vendor's slug: the cards on its public page. */
  vendor?: string;
  /** "Near me" (decision 088): sorted by distance from the customer's position or a city's centre. */
  near?: NearPoint | null;
}

export type NearPoint = { lat: number; lng: number } | { city: City };

const PAGE_SIZE = 12;

export function fetchPublicCards(filter: CardListingFilter, cursor: string | null, signal?: AbortSignal) {
  const category = filter.category === 'all' ? undefined : filter.category;
  return callApi(marketplaceApi.cards, {
    query: {
      type: filter.type,
      limit: PAGE_SIZE,
      category,
      vendor: filter.vendor,
      ...(filter.near ? ('city' in filter.near ? { near: filter.near.city } : filter.near) : {}),
      cursor: cursor ?? undefined,
    },
    signal,
  });
}

/**
 * Active cards, newest first, one page at a time. The signed-in person is part of the key: the
 * answer says which cards they hold, so signing in must not reuse a visitor's answer.
 */
export function usePublicCards(filter: CardListingFilter) {
  const { user, isLoading } = useSession();
  return useInfiniteQuery({
    queryKey: [
      'marketplace',
      'cards',
      filter.type,
      filter.category ?? 'all',
      filter.vendor ?? null,
      filter.near ?? null,
      user?.id ?? null,
    ],
    queryFn: ({ pageParam, signal }) => fetchPublicCards(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: !isLoading,
  });
}
