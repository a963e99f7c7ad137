import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as supportApi from '@shared/platform/support-contract';
import { callApi } from '@client/lib/api-client';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';
import { ADMIN_SUPPORT_INBOX_KEY, adminSupportConversationKey } from './admin-support-inbox';

/** The admin answers a conversation (it is answered, and its writer e-mailed), or closes it. */
export function useAnswerSupportConversation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { action: 'answer'; message: string } | { action: 'close' }) =>
      change.action === 'answer'
        ? callApi(supportApi.answerSupportConversation, { params: { id }, body: { message: change.message } })
        : callApi(supportApi.adminCloseSupportConversation, { params: { id } }),
    onSuccess: async (thread) => {
      queryClient.setQueryData(adminSupportConversationKey(id), thread);
      await refreshAfterWrite(queryClient, { queryKey: ADMIN_SUPPORT_INBOX_KEY });
    },
  });
}
