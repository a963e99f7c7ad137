import { useQuery } from '@tanstack/react-query';
import type { CustomerReward } from '@shared/rewards';
import { apiFetch } from '@client/lib/api-client';

export const rewardQueryKey = (rewardId: string) => ['customer', 'reward', rewardId] as const;

export function getReward(rewardId: string, signal?: AbortSignal): Promise<CustomerReward> {
  return apiFetch<CustomerReward>(`/api/rewards/${encodeURIComponent(rewardId)}`, { signal });
}

export function useCustomerReward(rewardId: string) {
  return useQuery({ queryKey: rewardQueryKey(rewardId), queryFn: ({ signal }) => getReward(rewardId, signal) });
}
