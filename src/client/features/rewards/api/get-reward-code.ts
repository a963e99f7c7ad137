import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import { msUntilRefresh } from '@client/components/codes/rotating-code-timing';
import * as rewardsApi from '@shared/rewards/contract';

export function getRewardCode(rewardId: string) {
  return callApi(rewardsApi.redemptionCode, { params: { rewardId } });
}

/** The live reward code, rotated before it expires, while the reward is still to be redeemed. */
export function useRewardCode(rewardId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['customer', 'reward-code', rewardId],
    queryFn: () => getRewardCode(rewardId),
    enabled,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => msUntilRefresh(query.state.data),
    refetchIntervalInBackground: false,
    // Back on the screen after a while: the old code has expired, so fetch a fresh one.
    refetchOnWindowFocus: true,
  });
}
