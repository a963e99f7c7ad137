import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as adminApi from '@shared/contract/admin';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

const API_KEYS_KEY = ['admin', 'api-keys'] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: API_KEYS_KEY,
    queryFn: ({ signal }) => callApi(adminApi.apiKeys, { signal }),
  });
}

/** The answer holds the key itself, the one time it is ever shown. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { vendorId: string; name: string }) => callApi(adminApi.createApiKey, { body: input }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: API_KEYS_KEY }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => callApi(adminApi.revokeApiKey, { params: { id: keyId } }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: API_KEYS_KEY }),
  });
}
