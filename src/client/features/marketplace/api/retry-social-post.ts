import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as marketplaceApi from '@shared/marketplace/contract';
import { callApi } from '@client/lib/api-client';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';
import { SOCIAL_KEY } from './get-social-overview';

/** A failed post tried again, with a new set of tries. */
export function useRetrySocialPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => callApi(marketplaceApi.retrySocialPost, { params: { id: postId } }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: SOCIAL_KEY }),
  });
}
