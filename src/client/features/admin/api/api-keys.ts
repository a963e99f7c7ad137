import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey } from '@shared/admin-integrations';
import { apiFetch } from '@client/lib/api-client';

const API_KEYS_KEY = ['admin', 'api-keys'] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: API_KEYS_KEY,
    queryFn: ({ signal }) => apiFetch<{ keys: ApiKey[] }>('/api/admin/api-keys', { signal }),
  });
}

/** The answer holds the key itself, the one time it is ever shown. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { vendorId: string; name: string }) =>
      apiFetch<{ key: string; apiKey: ApiKey }>('/api/admin/api-keys', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => apiFetch<ApiKey>(`/api/admin/api-keys/${keyId}/revoke`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
