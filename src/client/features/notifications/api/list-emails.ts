import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as notificationsApi from '@shared/notifications/contract';
import type { QueryOf } from '@shared/api-route';
import { callApi } from '@client/lib/api-client';
import { setFilters } from '@client/lib/query-string';

export function useOutbox(params: QueryOf<typeof notificationsApi.emails>) {
  return useQuery({
    queryKey: ['admin', 'outbox', params],
    queryFn: ({ signal }) => callApi(notificationsApi.emails, { query: setFilters(params), signal }),
    placeholderData: keepPreviousData,
  });
}

export type EmailLogQuery = QueryOf<typeof notificationsApi.emailLogs>;

export function useEmailLogs(params: EmailLogQuery) {
  return useQuery({
    queryKey: ['admin', 'email-logs', params],
    queryFn: ({ signal }) => callApi(notificationsApi.emailLogs, { query: setFilters(params), signal }),
    placeholderData: keepPreviousData,
  });
}

export type TextOutboxQuery = QueryOf<typeof notificationsApi.textMessages>;

export function useTextOutbox(params: TextOutboxQuery) {
  return useQuery({
    queryKey: ['admin', 'text-messages', params],
    queryFn: ({ signal }) => callApi(notificationsApi.textMessages, { query: setFilters(params), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTextCosts(month: string) {
  return useQuery({
    queryKey: ['admin', 'text-costs', month],
    queryFn: ({ signal }) => callApi(notificationsApi.textCosts, { query: setFilters({ month }), signal }),
    placeholderData: keepPreviousData,
  });
}
