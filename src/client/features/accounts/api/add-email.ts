import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddEmailInput } from '@shared/accounts/accounts';
import { callApi } from '@client/lib/api-client';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';
import * as accountsApi from '@shared/accounts/contract';
import { PROFILE_QUERY_KEY } from './get-profile';

/** A phone account adds an address: a confirmation link goes to it; the answer is the profile with it pending. */
export function addEmail(input: AddEmailInput) {
  return callApi(accountsApi.addEmail, { body: input });
}

export function useAddEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEmail,
    onSuccess: async (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      await refreshAfterWrite(queryClient);
    },
  });
}
