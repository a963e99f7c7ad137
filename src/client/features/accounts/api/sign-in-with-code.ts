import { useMutation } from '@tanstack/react-query';
import type { TwoFactorCodeInput } from '@shared/accounts/accounts';
import { callApi } from '@client/lib/api-client';
import * as accountsApi from '@shared/accounts/contract';

/** The second step of a sign-in with two-factor on: a code from the app, or a backup code. */
export function signInWithCode(input: TwoFactorCodeInput) {
  return callApi(accountsApi.signInWithCode, { body: input });
}

export function useSignInWithCode() {
  return useMutation({ mutationFn: signInWithCode });
}
