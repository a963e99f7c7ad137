import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminTextList } from '@shared/admin-texts';
import { apiFetch } from '@client/lib/api-client';
import { queryString } from '@client/lib/query-string';

export const ADMIN_TEXTS_KEY = ['admin', 'texts'] as const;

export function useAdminTexts(search: string, namespace: string) {
  return useQuery({
    queryKey: [...ADMIN_TEXTS_KEY, search, namespace],
    queryFn: ({ signal }) =>
      apiFetch<AdminTextList>(`/api/admin/texts${queryString({ search, namespace })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
