import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateVendorApiKey, CreateWebhookEndpoint } from '@shared/api/vendor-api';
import * as integrationsApi from '@shared/api/contract';
import { callApi } from '@client/lib/api-client';
import { VENDOR_API_KEY } from './get-vendor-api';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

function useVendorApiMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: VENDOR_API_KEY }),
  });
}

/** The answer holds the key itself, the one time it is ever shown. */
export function useCreateVendorApiKey() {
  return useVendorApiMutation((input: CreateVendorApiKey) => callApi(integrationsApi.createKey, { body: input }));
}

export function useRevokeVendorApiKey() {
  return useVendorApiMutation((keyId: string) => callApi(integrationsApi.revokeKey, { params: { id: keyId } }));
}

/** The answer holds the endpoint's signing secret, the one time it is ever shown. */
export function useCreateWebhookEndpoint() {
  return useVendorApiMutation((input: CreateWebhookEndpoint) =>
    callApi(integrationsApi.createWebhook, { body: input }),
  );
}

export function useRemoveWebhookEndpoint() {
  return useVendorApiMutation((endpointId: string) =>
    callApi(integrationsApi.removeWebhook, { params: { id: endpointId } }),
  );
}

export function useSendTestEvent() {
  return useVendorApiMutation((endpointId: string) =>
    callApi(integrationsApi.testWebhook, { params: { id: endpointId } }),
  );
}
