import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminCardPage } from '@shared/admin-cards';
import { apiFetch } from '@client/lib/api-client';
import { queryString } from '@client/lib/query-string';

export interface CardListParams {
  search: string;
  status: string;
  type: string;
  vendorId?: string;
  page: number;
  pageSize: number;
}

export function useAdminCards(params: CardListParams) {
  return useQuery({
    queryKey: ['admin', 'cards', 'list', params],
    queryFn: ({ signal }) => apiFetch<AdminCardPage>(`/api/admin/cards${queryString({ ...params })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
