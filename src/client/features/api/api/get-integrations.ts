import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as adminApi from '@shared/contract/admin';

export function useIntegrations() {
  return useQuery({
    queryKey: ['admin', 'integrations'],
    queryFn: ({ signal }) => callApi(adminApi.integrations, { signal }),
  });
}

export function useWebhookDeliveries() {
  return useQuery({
    queryKey: ['admin', 'webhook-deliveries'],
    queryFn: ({ signal }) => callApi(adminApi.webhookDeliveries, { signal }),
  });
}
