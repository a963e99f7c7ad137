import { useMutation } from '@tanstack/react-query';
import type { SignInInput } from '@shared/accounts/accounts';
import { callApi } from '@client/lib/api-client';
import * as accountsApi from '@shared/accounts/contract';

/** Signed in (user set), or `twoFactorRequired`: the password was right and the code comes next. */
export function signIn(input: SignInInput) {
  return callApi(accountsApi.signIn, { body: input });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
