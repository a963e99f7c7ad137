import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as integrationsApi from '@shared/api/contract';

export function useIntegrations() {
  return useQuery({
    queryKey: ['admin', 'integrations'],
    queryFn: ({ signal }) => callApi(integrationsApi.integrations, { signal }),
  });
}

export function useWebhookDeliveries() {
  return useQuery({
    queryKey: ['admin', 'webhook-deliveries'],
    queryFn: ({ signal }) => callApi(integrationsApi.webhookDeliveries, { signal }),
  });
}
