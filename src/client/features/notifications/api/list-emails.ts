import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as adminApi from '@shared/contract/admin';
import type { QueryOf } from '@shared/contract/route';
import { callApi } from '@client/lib/api-client';
import { setFilters } from '@client/lib/query-string';

export function useOutbox(params: QueryOf<typeof adminApi.emails>) {
  return useQuery({
    queryKey: ['admin', 'outbox', params],
    queryFn: ({ signal }) => callApi(adminApi.emails, { query: setFilters(params), signal }),
    placeholderData: keepPreviousData,
  });
}

export type EmailLogQuery = QueryOf<typeof adminApi.emailLogs>;

export function useEmailLogs(params: EmailLogQuery) {
  return useQuery({
    queryKey: ['admin', 'email-logs', params],
    queryFn: ({ signal }) => callApi(adminApi.emailLogs, { query: setFilters(params), signal }),
    placeholderData: keepPreviousData,
  });
}
