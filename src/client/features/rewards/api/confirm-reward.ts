import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RedeemedReward, RewardCodeLookup } from '@shared/rewards';
import { apiFetch } from '@client/lib/api-client';

export function lookupRewardCode(code: string): Promise<RewardCodeLookup> {
  return apiFetch<RewardCodeLookup>('/api/vendor/rewards/lookup', { method: 'POST', body: { code } });
}

export function redeemRewardCode(code: string): Promise<RedeemedReward> {
  return apiFetch<RedeemedReward>('/api/vendor/rewards/redeem', { method: 'POST', body: { code } });
}

export function useLookupRewardCode() {
  return useMutation({ mutationFn: lookupRewardCode });
}

/** Confirm the reward: it becomes redeemed and the customer's card starts over. */
export function useRedeemRewardCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemRewardCode,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['vendor'] }),
  });
}
