import { useMutation } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as accountsApi from '@shared/accounts/contract';

export function completePasswordReset(input: { token: string; password: string }) {
  return callApi(accountsApi.completePasswordReset, { body: input });
}

export function useCompletePasswordReset() {
  return useMutation({ mutationFn: completePasswordReset });
}
