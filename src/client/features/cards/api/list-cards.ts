import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as cardsApi from '@shared/cards/contract';
import type { QueryOf } from '@shared/api-route';
import { callApi } from '@client/lib/api-client';
import { setFilters } from '@client/lib/query-string';

export type CardListParams = QueryOf<typeof cardsApi.cards>;

export function useAdminCards(params: CardListParams) {
  return useQuery({
    queryKey: ['admin', 'cards', 'list', params],
    queryFn: ({ signal }) => callApi(cardsApi.cards, { query: setFilters(params), signal }),
    placeholderData: keepPreviousData,
  });
}
