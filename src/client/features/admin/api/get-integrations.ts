import { useQuery } from '@tanstack/react-query';
import type { Integrations, WebhookDelivery } from '@shared/admin-integrations';
import { apiFetch } from '@client/lib/api-client';

export function useIntegrations() {
  return useQuery({
    queryKey: ['admin', 'integrations'],
    queryFn: ({ signal }) => apiFetch<Integrations>('/api/admin/integrations', { signal }),
  });
}

export function useWebhookDeliveries() {
  return useQuery({
    queryKey: ['admin', 'webhook-deliveries'],
    queryFn: ({ signal }) => apiFetch<{ deliveries: WebhookDelivery[] }>('/api/admin/webhook-deliveries', { signal }),
  });
}
