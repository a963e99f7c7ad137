import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as integrationsApi from '@shared/api/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

const API_KEYS_KEY = ['admin', 'api-keys'] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: API_KEYS_KEY,
    queryFn: ({ signal }) => callApi(integrationsApi.apiKeys, { signal }),
  });
}

/** The answer holds the key itself, the one time it is ever shown. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { vendorId: string; name: string }) => callApi(integrationsApi.createApiKey, { body: input }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: API_KEYS_KEY }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => callApi(integrationsApi.revokeApiKey, { params: { id: keyId } }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: API_KEYS_KEY }),
  });
}
