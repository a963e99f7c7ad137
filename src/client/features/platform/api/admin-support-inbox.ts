import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryOf } from '@shared/api-route';
import * as supportApi from '@shared/platform/support-contract';
import { callApi } from '@client/lib/api-client';
import { setFilters } from '@client/lib/query-string';

/** The admin's cache keys: the inbox's pages, each conversation, the saved replies. */
export const ADMIN_SUPPORT_KEY = ['admin', 'support'] as const;
export const ADMIN_SUPPORT_INBOX_KEY = [...ADMIN_SUPPORT_KEY, 'inbox'] as const;
export const adminSupportConversationKey = (id: string) => [...ADMIN_SUPPORT_KEY, 'conversation', id] as const;
export const SUPPORT_TEMPLATES_KEY = [...ADMIN_SUPPORT_KEY, 'templates'] as const;

export type SupportInboxQuery = QueryOf<typeof supportApi.adminSupportConversations>;

export function useSupportInbox(params: SupportInboxQuery) {
  return useQuery({
    queryKey: [...ADMIN_SUPPORT_INBOX_KEY, params],
    queryFn: ({ signal }) => callApi(supportApi.adminSupportConversations, { query: setFilters(params), signal }),
    placeholderData: keepPreviousData,
  });
}

/** One conversation with its requester and messages, while the admin has it open. */
export function useAdminSupportConversation(id: string | null) {
  return useQuery({
    queryKey: adminSupportConversationKey(id ?? ''),
    queryFn: ({ signal }) => callApi(supportApi.adminSupportConversation, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

export function useSupportTemplates() {
  return useQuery({
    queryKey: SUPPORT_TEMPLATES_KEY,
    queryFn: ({ signal }) => callApi(supportApi.supportTemplates, { signal }),
  });
}
