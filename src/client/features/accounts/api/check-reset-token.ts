import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@client/lib/api-client';

export function checkResetToken(token: string): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>(`/api/accounts/password-reset/check?${new URLSearchParams({ token })}`);
}

/** Tells an expired or used link apart before the person types a new password. */
export function useCheckResetToken(token: string | null) {
  return useQuery({
    queryKey: ['accounts', 'reset-token', token],
    queryFn: () => checkResetToken(token ?? ''),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
}
