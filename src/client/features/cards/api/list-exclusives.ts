import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as adminApi from '@shared/contract/admin';
import type { QueryOf } from '@shared/contract/route';
import { callApi } from '@client/lib/api-client';
import { setFilters } from '@client/lib/query-string';

export const EXCLUSIVES_KEY = ['admin', 'exclusives'] as const;

export type ExclusivesQuery = QueryOf<typeof adminApi.exclusives>;

export function useExclusiveCards(params: ExclusivesQuery) {
  return useQuery({
    queryKey: [...EXCLUSIVES_KEY, params],
    queryFn: ({ signal }) => callApi(adminApi.exclusives, { query: setFilters(params), signal }),
    placeholderData: keepPreviousData,
  });
}
