import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDailyChaskaInput } from '@shared/platform/admin-dashboard';
import { callApi } from '@client/lib/api-client';
import * as platformApi from '@shared/platform/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export function useCreateDailyChaska() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDailyChaskaInput) => callApi(platformApi.createDailyChaska, { body: input }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: ['admin'] }),
  });
}
