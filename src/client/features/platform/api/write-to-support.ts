import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewSupportConversationInput } from '@shared/platform/support-inbox';
import * as supportApi from '@shared/platform/support-contract';
import { callApi } from '@client/lib/api-client';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';
import { SUPPORT_CONVERSATIONS_KEY, supportConversationKey } from './support-conversations';

/** A new question from /support. */
export function useStartSupportConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSupportConversationInput) => callApi(supportApi.startSupportConversation, { body }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: SUPPORT_CONVERSATIONS_KEY }),
  });
}

/** The requester writes again in a conversation (which reopens it), or closes it. */
export function useChangeSupportConversation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { action: 'write'; message: string } | { action: 'close' }) =>
      change.action === 'write'
        ? callApi(supportApi.writeSupportMessage, { params: { id }, body: { message: change.message } })
        : callApi(supportApi.closeSupportConversation, { params: { id } }),
    onSuccess: async (thread) => {
      queryClient.setQueryData(supportConversationKey(id), thread);
      await refreshAfterWrite(queryClient, { queryKey: SUPPORT_CONVERSATIONS_KEY, exact: true });
    },
  });
}
