import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorPasswordInput } from '@shared/accounts/accounts';
import { callApi } from '@client/lib/api-client';
import { SESSION_QUERY_KEY } from '@client/lib/use-session';
import * as accountsApi from '@shared/accounts/contract';

export function turnOffTwoFactor(input: TwoFactorPasswordInput) {
  return callApi(accountsApi.turnOffTwoFactor, { body: input });
}

export function useTurnOffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOffTwoFactor,
    onSuccess: (me) => queryClient.setQueryData(SESSION_QUERY_KEY, me),
  });
}
