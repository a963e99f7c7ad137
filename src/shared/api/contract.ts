import type { ApiRoute } from '@shared/api-route';
import type {
  apiKeyListSchema,
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
  integrationsSchema,
  webhookDeliveryListSchema,
} from '@shared/api/admin-integrations';
import type {
  createVendorApiKeySchema,
  createWebhookEndpointSchema,
  createdVendorApiKeySchema,
  createdWebhookEndpointSchema,
  vendorApiKeySchema,
  vendorApiOverviewSchema,
  webhookDeliveryLogEntrySchema,
  webhookEndpointRemovedSchema,
} from '@shared/api/vendor-api';

/** The api domain's API routes (decision 030): one export per route, the shapes named by the schemas' types. */

// Integrations
export const integrations: ApiRoute<'GET', '/api/admin/integrations', { response: typeof integrationsSchema }, 200> = {
  method: 'GET',
  path: '/api/admin/integrations',
};

export const webhookDeliveries: ApiRoute<
  'GET',
  '/api/admin/webhook-deliveries',
  { response: typeof webhookDeliveryListSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/webhook-deliveries',
};

export const apiKeys: ApiRoute<'GET', '/api/admin/api-keys', { response: typeof apiKeyListSchema }, 200> = {
  method: 'GET',
  path: '/api/admin/api-keys',
};

export const createApiKey: ApiRoute<
  'POST',
  '/api/admin/api-keys',
  { body: typeof createApiKeySchema; response: typeof createdApiKeySchema },
  201
> = {
  method: 'POST',
  path: '/api/admin/api-keys',
};

export const revokeApiKey: ApiRoute<'POST', '/api/admin/api-keys/:id/revoke', { response: typeof apiKeySchema }, 200> =
  {
    method: 'POST',
    path: '/api/admin/api-keys/:id/revoke',
  };

export const overview: ApiRoute<'GET', '/api/vendor/api', { response: typeof vendorApiOverviewSchema }, 200> = {
  method: 'GET',
  path: '/api/vendor/api',
};

export const createKey: ApiRoute<
  'POST',
  '/api/vendor/api/keys',
  { body: typeof createVendorApiKeySchema; response: typeof createdVendorApiKeySchema },
  201
> = { method: 'POST', path: '/api/vendor/api/keys' };

export const revokeKey: ApiRoute<
  'POST',
  '/api/vendor/api/keys/:id/revoke',
  { response: typeof vendorApiKeySchema },
  200
> = { method: 'POST', path: '/api/vendor/api/keys/:id/revoke' };

export const createWebhook: ApiRoute<
  'POST',
  '/api/vendor/api/webhooks',
  { body: typeof createWebhookEndpointSchema; response: typeof createdWebhookEndpointSchema },
  201
> = { method: 'POST', path: '/api/vendor/api/webhooks' };

export const removeWebhook: ApiRoute<
  'DELETE',
  '/api/vendor/api/webhooks/:id',
  { response: typeof webhookEndpointRemovedSchema },
  200
> = { method: 'DELETE', path: '/api/vendor/api/webhooks/:id' };

export const testWebhook: ApiRoute<
  'POST',
  '/api/vendor/api/webhooks/:id/test',
  { response: typeof webhookDeliveryLogEntrySchema },
  202
> = { method: 'POST', path: '/api/vendor/api/webhooks/:id/test' };
