import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SocialScheduleInput } from '@shared/marketplace/social-api';
import * as marketplaceApi from '@shared/marketplace/contract';
import { callApi } from '@client/lib/api-client';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';
import { SOCIAL_KEY } from './get-social-overview';

export function useSaveSocialSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedule: SocialScheduleInput) => callApi(marketplaceApi.saveSocialSchedule, { body: schedule }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: SOCIAL_KEY }),
  });
}
