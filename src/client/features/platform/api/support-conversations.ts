import { useQuery } from '@tanstack/react-query';
import * as supportApi from '@shared/platform/support-contract';
import { callApi } from '@client/lib/api-client';

/** The requester's cache keys: their list, and each conversation under it. */
export const SUPPORT_CONVERSATIONS_KEY = ['support', 'conversations'] as const;
export const supportConversationKey = (id: string) => [...SUPPORT_CONVERSATIONS_KEY, id] as const;

/** The signed-in person's own conversations, newest activity first; fetched again when the tab comes back. */
export function useSupportConversations() {
  return useQuery({
    queryKey: SUPPORT_CONVERSATIONS_KEY,
    queryFn: ({ signal }) => callApi(supportApi.supportConversations, { signal }),
    refetchOnWindowFocus: true,
  });
}
