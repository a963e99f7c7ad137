import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as adminApi from '@shared/contract/admin';
import type { QueryOf } from '@shared/contract/route';
import { callApi } from '@client/lib/api-client';
import { setFilters } from '@client/lib/query-string';

export type CardListParams = QueryOf<typeof adminApi.cards>;

export function useAdminCards(params: CardListParams) {
  return useQuery({
    queryKey: ['admin', 'cards', 'list', params],
    queryFn: ({ signal }) => callApi(adminApi.cards, { query: setFilters(params), signal }),
    placeholderData: keepPreviousData,
  });
}
