import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminCardPage } from '@shared/admin-cards';
import { apiFetch } from '@client/lib/api-client';
import { queryString } from '@client/lib/query-string';

export const EXCLUSIVES_KEY = ['admin', 'exclusives'] as const;

export function useExclusiveCards(params: { type: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...EXCLUSIVES_KEY, params],
    queryFn: ({ signal }) => apiFetch<AdminCardPage>(`/api/admin/exclusives${queryString({ ...params })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
