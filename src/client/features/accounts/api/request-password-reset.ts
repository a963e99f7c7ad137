import { useMutation } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as accountsApi from '@shared/accounts/contract';

/** The server answers the same whether or not the address has an account. */
export function requestPasswordReset(email: string) {
  return callApi(accountsApi.requestPasswordReset, { body: { email } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
