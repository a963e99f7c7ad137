import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as rewardsApi from '@shared/rewards/contract';

export const rewardQueryKey = (rewardId: string) => ['customer', 'reward', rewardId] as const;

export function getReward(rewardId: string, signal?: AbortSignal) {
  return callApi(rewardsApi.reward, { params: { rewardId }, signal });
}

export function useCustomerReward(rewardId: string) {
  return useQuery({ queryKey: rewardQueryKey(rewardId), queryFn: ({ signal }) => getReward(rewardId, signal) });
}
