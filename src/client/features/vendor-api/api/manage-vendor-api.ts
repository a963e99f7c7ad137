import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateVendorApiKey,
  CreateWebhookEndpoint,
  VendorApiKey,
  WebhookDeliveryLogEntry,
  WebhookEndpoint,
} from '@shared/vendor-api';
import { apiFetch } from '@client/lib/api-client';
import { VENDOR_API_KEY } from './get-vendor-api';

function useVendorApiMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VENDOR_API_KEY }),
  });
}

/** The answer holds the key itself, the one time it is ever shown. */
export function useCreateVendorApiKey() {
  return useVendorApiMutation((input: CreateVendorApiKey) =>
    apiFetch<{ key: string; apiKey: VendorApiKey }>('/api/vendor/api/keys', { method: 'POST', body: input }),
  );
}

export function useRevokeVendorApiKey() {
  return useVendorApiMutation((keyId: string) =>
    apiFetch<VendorApiKey>(`/api/vendor/api/keys/${keyId}/revoke`, { method: 'POST' }),
  );
}

/** The answer holds the endpoint's signing secret, the one time it is ever shown. */
export function useCreateWebhookEndpoint() {
  return useVendorApiMutation((input: CreateWebhookEndpoint) =>
    apiFetch<{ secret: string; endpoint: WebhookEndpoint }>('/api/vendor/api/webhooks', {
      method: 'POST',
      body: input,
    }),
  );
}

export function useRemoveWebhookEndpoint() {
  return useVendorApiMutation((endpointId: string) =>
    apiFetch<{ removed: true }>(`/api/vendor/api/webhooks/${endpointId}`, { method: 'DELETE' }),
  );
}

export function useSendTestEvent() {
  return useVendorApiMutation((endpointId: string) =>
    apiFetch<WebhookDeliveryLogEntry>(`/api/vendor/api/webhooks/${endpointId}/test`, { method: 'POST' }),
  );
}
