import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as rewardsApi from '@shared/rewards/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';
import { CUSTOMER_DASHBOARD_KEY } from '@client/lib/query-keys';

export function chooseReward(input: { cardId: string; milestone: number }) {
  return callApi(rewardsApi.chooseReward, { body: input });
}

/** A points card's customer chooses a reward by its price; its live code is then on the reward's page. */
export function useChooseReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseReward,
    onSuccess: () => void refreshAfterWrite(queryClient, { queryKey: CUSTOMER_DASHBOARD_KEY }),
  });
}
