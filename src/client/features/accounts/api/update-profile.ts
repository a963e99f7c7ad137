import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '@shared/accounts/accounts';
import { callApi } from '@client/lib/api-client';
import { PROFILE_QUERY_KEY } from './get-profile';
import * as accountsApi from '@shared/accounts/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export function updateProfile(input: ProfileInput) {
  return callApi(accountsApi.updateProfile, { body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      // The header, the session and the dashboard's account summary all show these values.
      await refreshAfterWrite(queryClient);
    },
  });
}
