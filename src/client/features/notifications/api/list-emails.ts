import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EmailLogPage } from '@shared/admin-emails';
import type { OutboxMessage } from '@shared/outbox';
import { apiFetch } from '@client/lib/api-client';
import { queryString } from '@client/lib/query-string';

export function useOutbox(params: { to: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: ['admin', 'outbox', params],
    queryFn: ({ signal }) =>
      apiFetch<{ messages: OutboxMessage[]; page: number; pageSize: number; total: number }>(
        `/api/admin/emails${queryString({ ...params })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useEmailLogs(params: { search: string; status: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: ['admin', 'email-logs', params],
    queryFn: ({ signal }) => apiFetch<EmailLogPage>(`/api/admin/email-logs${queryString({ ...params })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
