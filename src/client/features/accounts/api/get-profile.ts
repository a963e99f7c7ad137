import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as accountsApi from '@shared/accounts/contract';

export const PROFILE_QUERY_KEY = ['accounts', 'profile'] as const;

export function getProfile() {
  return callApi(accountsApi.getProfile);
}

export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: getProfile });
}
