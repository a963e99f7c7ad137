import { useMutation } from '@tanstack/react-query';
import type { TwoFactorPasswordInput } from '@shared/accounts/accounts';
import { callApi } from '@client/lib/api-client';
import * as accountsApi from '@shared/accounts/contract';

/** Step 1 of enrolment: the password; answers the authenticator link and the backup codes, once. */
export function startTwoFactor(input: TwoFactorPasswordInput) {
  return callApi(accountsApi.startTwoFactor, { body: input });
}

export function useStartTwoFactor() {
  return useMutation({ mutationFn: startTwoFactor });
}
