import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as accountsApi from '@shared/accounts/contract';

export const VERIFY_EMAIL_QUERY_SEGMENT = 'verify-email';

export function verifyEmail(token: string) {
  return callApi(accountsApi.verifyEmail, { body: { token } });
}

/**
 * A query rather than a mutation: the link is single use, and a query runs once per token even
 * when React mounts the page twice, so a second call never turns success into "already used".
 */
export function useVerifyEmail(token: string | null) {
  return useQuery({
    queryKey: ['accounts', VERIFY_EMAIL_QUERY_SEGMENT, token],
    queryFn: () => verifyEmail(token ?? ''),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
}
