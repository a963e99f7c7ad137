import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '@shared/accounts/accounts';
import { callApi } from '@client/lib/api-client';
import * as accountsApi from '@shared/accounts/contract';

export function signUp(input: SignUpInput) {
  return callApi(accountsApi.signUp, { body: input });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
