import { useQuery } from '@tanstack/react-query';
import * as accountsApi from '@shared/accounts/contract';
import { callApi } from '@client/lib/api-client';

export function checkResetToken(token: string) {
  return callApi(accountsApi.checkResetToken, { query: { token } });
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
