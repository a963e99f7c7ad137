import { useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '@shared/accounts';
import { apiFetch } from '@client/lib/api-client';

export const PROFILE_QUERY_KEY = ['accounts', 'profile'] as const;

export function getProfile(): Promise<ProfileResponse> {
  return apiFetch<ProfileResponse>('/api/accounts/profile');
}

export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: getProfile });
}
