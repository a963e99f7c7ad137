import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as adminApi from '@shared/contract/admin';
import type { QueryOf } from '@shared/contract/route';
import { callApi } from '@client/lib/api-client';
import { setFilters } from '@client/lib/query-string';

export const ADMIN_TEXTS_KEY = ['admin', 'texts'] as const;

type TextsQuery = QueryOf<typeof adminApi.texts>;

export function useAdminTexts(search: string, namespace: TextsQuery['namespace']) {
  return useQuery({
    queryKey: [...ADMIN_TEXTS_KEY, search, namespace],
    queryFn: ({ signal }) => callApi(adminApi.texts, { query: setFilters({ search, namespace }), signal }),
    placeholderData: keepPreviousData,
  });
}
