import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminTextEntry } from '@shared/admin-texts';
import { apiFetch } from '@client/lib/api-client';
import { queryString } from './query-string';

export const ADMIN_TEXTS_KEY = ['admin', 'texts'] as const;

export function useAdminTexts(search: string) {
  return useQuery({
    queryKey: [...ADMIN_TEXTS_KEY, search],
    queryFn: ({ signal }) => apiFetch<{ entries: AdminTextEntry[] }>(`/api/admin/texts${queryString({ search })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
