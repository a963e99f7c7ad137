import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as cardsApi from '@shared/cards/contract';
import type { QueryOf } from '@shared/api-route';
import { callApi } from '@client/lib/api-client';
import { setFilters } from '@client/lib/query-string';

export const EXCLUSIVES_KEY = ['admin', 'exclusives'] as const;

export type ExclusivesQuery = QueryOf<typeof cardsApi.exclusives>;

export function useExclusiveCards(params: ExclusivesQuery) {
  return useQuery({
    queryKey: [...EXCLUSIVES_KEY, params],
    queryFn: ({ signal }) => callApi(cardsApi.exclusives, { query: setFilters(params), signal }),
    placeholderData: keepPreviousData,
  });
}
