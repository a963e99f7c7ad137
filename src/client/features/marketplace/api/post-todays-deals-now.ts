import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as marketplaceApi from '@shared/marketplace/contract';
import { callApi } from '@client/lib/api-client';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';
import { SOCIAL_KEY } from './get-social-overview';

/** Today's Daily Chaska posted at once (the server posts nothing twice). */
export function usePostTodaysDealsNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(marketplaceApi.postTodaysDealsNow, {}),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: SOCIAL_KEY }),
  });
}
