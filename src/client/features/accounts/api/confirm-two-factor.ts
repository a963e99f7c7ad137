import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorCodeInput } from '@shared/accounts/accounts';
import { callApi } from '@client/lib/api-client';
import { SESSION_QUERY_KEY } from '@client/lib/use-session';
import * as accountsApi from '@shared/accounts/contract';

/** Step 2 of enrolment: the first code from the app turns two-factor on. */
export function confirmTwoFactor(input: TwoFactorCodeInput) {
  return callApi(accountsApi.confirmTwoFactor, { body: input });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    // The session now says two-factor is on (and, for an admin, opens the admin area).
    onSuccess: (me) => queryClient.setQueryData(SESSION_QUERY_KEY, me),
  });
}
