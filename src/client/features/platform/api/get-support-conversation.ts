import { useQuery } from '@tanstack/react-query';
import * as supportApi from '@shared/platform/support-contract';
import { callApi } from '@client/lib/api-client';
import { supportConversationKey } from './support-conversations';

/** One of the person's conversations with its messages; an answer shows when they come back to the tab. */
export function useSupportConversation(id: string) {
  return useQuery({
    queryKey: supportConversationKey(id),
    queryFn: ({ signal }) => callApi(supportApi.supportConversation, { params: { id }, signal }),
    refetchOnWindowFocus: true,
  });
}
