import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDailyChaskaInput } from '@shared/platform/admin-dashboard';
import { callApi } from '@client/lib/api-client';
import * as adminApi from '@shared/contract/admin';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export function useCreateDailyChaska() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDailyChaskaInput) => callApi(adminApi.createDailyChaska, { body: input }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: ['admin'] }),
  });
}
