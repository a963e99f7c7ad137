import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput, ProfileResponse } from '@shared/accounts';
import { apiFetch } from '@client/lib/api-client';
import { PROFILE_QUERY_KEY } from './get-profile';

export function updateProfile(input: ProfileInput): Promise<ProfileResponse> {
  return apiFetch<ProfileResponse>('/api/accounts/profile', { method: 'PUT', body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      // The header, the session and the dashboard's account summary all show these values.
      await queryClient.invalidateQueries();
    },
  });
}
