import { useMutation } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as accountsApi from '@shared/accounts/contract';

export function resendVerification() {
  return callApi(accountsApi.resendVerification);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
