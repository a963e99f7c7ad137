import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDailyChaskaInput } from '@shared/admin-dashboard';
import { callApi } from '@client/lib/api-client';
import * as adminApi from '@shared/contract/admin';

export function useCreateDailyChaska() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDailyChaskaInput) => callApi(adminApi.createDailyChaska, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
