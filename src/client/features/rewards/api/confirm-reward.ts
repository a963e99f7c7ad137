import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as rewardsApi from '@shared/rewards/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export function lookupRewardCode({ code, branchId }: { code: string; branchId: string | null }) {
  return callApi(rewardsApi.lookupRewardCode, { body: { code, ...(branchId ? { branchId } : {}) } });
}

/** `branchId`: the counter's branch, which the redemption records (decision 089). */
export function redeemRewardCode({ code, branchId }: { code: string; branchId: string | null }) {
  return callApi(rewardsApi.redeemReward, { body: { code, ...(branchId ? { branchId } : {}) } });
}

export function useLookupRewardCode() {
  return useMutation({ mutationFn: lookupRewardCode });
}

/** Confirm the reward: it becomes redeemed and the customer's card starts over. */
export function useRedeemRewardCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemRewardCode,
    onSuccess: () => void refreshAfterWrite(queryClient, { queryKey: ['vendor'] }),
  });
}
