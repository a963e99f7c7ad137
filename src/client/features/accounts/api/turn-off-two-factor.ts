import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, TwoFactorPasswordInput } from '@shared/accounts';
import { apiFetch } from '@client/lib/api-client';
import { SESSION_QUERY_KEY } from '@client/lib/use-session';

export function turnOffTwoFactor(input: TwoFactorPasswordInput): Promise<Me> {
  return apiFetch<Me>('/api/accounts/two-factor/disable', { method: 'POST', body: input });
}

export function useTurnOffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOffTwoFactor,
    onSuccess: (me) => queryClient.setQueryData(SESSION_QUERY_KEY, me),
  });
}
