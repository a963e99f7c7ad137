import { useMutation } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as accountsApi from '@shared/accounts/contract';

export function signOut() {
  return callApi(accountsApi.signOut);
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
