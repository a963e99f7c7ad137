import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, TwoFactorCodeInput } from '@shared/accounts';
import { apiFetch } from '@client/lib/api-client';
import { SESSION_QUERY_KEY } from '@client/lib/use-session';

/** Step 2 of enrolment: the first code from the app turns two-factor on. */
export function confirmTwoFactor(input: TwoFactorCodeInput): Promise<Me> {
  return apiFetch<Me>('/api/accounts/two-factor/confirm', { method: 'POST', body: input });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    // The session now says two-factor is on (and, for an admin, opens the admin area).
    onSuccess: (me) => queryClient.setQueryData(SESSION_QUERY_KEY, me),
  });
}
